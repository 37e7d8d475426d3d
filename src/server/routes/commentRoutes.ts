// The comments API: the public read of a post's approved comments, a member's own comments (post, edit within the
// window, delete, report), the editors' moderation desk and bans, the owners' settings, a post's closing switch, and
// the one-click "stop reply emails" of a reply mail (docs/comments.md).
import * as z from 'zod/mini';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  COMMENT_EDIT_WINDOW_MS,
  commentIdParams,
  commentSettingsSchema,
  commentsQuerySchema,
  commentsStateSchema,
  editCommentSchema,
  hasLink,
  heldWordIn,
  MODERATION_PAGE_SIZE,
  moderateManySchema,
  moderateSchema,
  moderationQuerySchema,
  newCommentSchema,
  REPORTS_TO_HIDE,
  reportSchema,
} from '../../contract/comments';
import type { CommentPage, Decision, ModerationList } from '../../contract/comments';
import { postParams, rowIdParam } from '../../contract/params';
import { mayManageAll } from '../../contract/roles';
import { escapeHtml } from '../../contract/html';
import { actorOf } from '../accounts/actor';
import { CROSS_SITE, fromOwnOrigin } from '../accounts/guard';
import type { WriteGuard } from '../accounts/guard';
import { sha256Hex } from '../accounts/sessions';
import {
  CommentLimiter,
  commentStatus,
  DEFAULT_COMMENT_LIMITS,
  mailApprovedReplies,
  STOP_REPLIES_PATH,
  tellModerators,
} from '../comments/commentRules';
import type { CommentLimits } from '../comments/commentRules';
import type { Db } from '../db/database';
import { markPrivate } from '../http/answers';
import type { ContentCaches } from '../http/contentCaches';
import { ignoreEmptyBody } from '../http/requestLimits';
import type { ZodTypeProvider } from '../http/validation';
import { MAIL_OFF } from '../mail/mailer';
import type { Mailer } from '../mail/mailer';
import { registerFormParser } from '../members/forms';
import { MemberSessions } from '../members/memberSessions';
import {
  addReport,
  approveComments,
  commentsOpenAt,
  countPublicComments,
  deleteComments,
  existingCommentIds,
  findComment,
  findCommentedPost,
  hasApprovedComment,
  insertComment,
  isMemberBanned,
  listModeration,
  listPublicComments,
  moderationCounts,
  ownPendingComments,
  readCommentSettings,
  readOwnComment,
  setCommentsClosed,
  setMemberBanned,
  stopReplyMail,
  updateCommentBody,
  writeCommentSettings,
} from '../repositories/commentsRepository';
import { bumpRevision } from '../repositories/contentRevision';

export type CommentRoutesOptions = {
  db: Db;
  guard: WriteGuard;
  caches: ContentCaches;
  ownOrigins: ReadonlySet<string>;
  publicUrl: string;
  now: () => number;
  mailer?: Mailer;
  /** the per-member limits (comments/commentRules.ts has the defaults); tests lower them */
  limits?: Partial<CommentLimits>;
};

const SIGNED_OUT = 'Sign in to comment';
const NOT_ACTIVE = 'Only members with a confirmed subscription may comment';
const BANNED = 'You can no longer comment on this site';
const CLOSED = 'Comments are closed';
const NO_POST = 'Post not found';
const NO_COMMENT = 'Comment not found';
const NOT_YOURS = 'You can only change your own comments';
const TOO_LATE = 'A comment can be edited only within 15 minutes of posting';
const TOO_MANY = 'You are commenting too often. Try again later.';
const FORBIDDEN = 'Only editors and owners may moderate comments';
const OWNERS_ONLY = 'Only owners may change the comment settings';
const PEOPLE_ONLY = 'An API key or the admin token cannot moderate comments: sign in instead';

const memberIdParams = z.object({ id: rowIdParam });
const tokenQuery = z.object({ token: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(200)) });

export const commentRoutes: FastifyPluginAsync<CommentRoutesOptions> = async (
  fastify,
  { db, guard, caches, ownOrigins, publicUrl, now, mailer = MAIL_OFF, limits },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A mail client's one-click POST is a form (List-Unsubscribe=One-Click).
  registerFormParser(fastify);
  app.addHook('onRequest', (request, reply, done) =>
    request.method === 'DELETE' ? ignoreEmptyBody(request, reply, done) : done(),
  );
  const sessions = new MemberSessions(db, now, publicUrl);
  const limiter = new CommentLimiter(db, { ...DEFAULT_COMMENT_LIMITS, ...limits }, now);

  /** A change the public can see: every process drops its cached pages and answers. */
  const published = () => caches.invalidate();

  /** preValidation: a member session; a write also from this site's own pages. */
  const memberOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    const signedIn = await sessions.resolve(request);
    if (signedIn === undefined) {
      if (sessions.hasCookie(request)) sessions.clearCookie(reply);
      return reply.code(401).send({ error: SIGNED_OUT });
    }
    if (request.method !== 'GET' && !fromOwnOrigin(request, ownOrigins))
      return reply.code(403).send({ error: CROSS_SITE });
  };
  const memberOf = async (request: FastifyRequest) => (await sessions.resolve(request))!.member;

  const editorsOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await guard.authorize(request, reply))) return reply;
    const actor = actorOf(request)!;
    if (actor.accountId === null) return reply.code(403).send({ error: PEOPLE_ONLY });
    if (!mayManageAll(actor.role)) return reply.code(403).send({ error: FORBIDDEN });
  };
  const editors = { onRequest: [guard.refuseBlocked], preValidation: editorsOnly };

  // ---- the public read

  app.get(
    '/blogs/:id/comments',
    { schema: { params: postParams, querystring: commentsQuerySchema } },
    async (request, reply) => {
      const at = new Date(now());
      const post = await findCommentedPost(db.kysely, request.params.id, at);
      if (post === undefined || !post.public) return reply.code(404).send({ error: NO_POST });
      const [page, counts] = await Promise.all([
        listPublicComments(db.kysely, post.id, request.query),
        countPublicComments(db.kysely, [post.id]),
      ]);
      const answer: CommentPage = { ...page, count: counts.get(post.id) ?? 0 };
      const signedIn = sessions.hasCookie(request) ? await sessions.resolve(request) : undefined;
      if (signedIn !== undefined) {
        answer.mine = await ownPendingComments(db.kysely, post.id, signedIn.member.id);
        markPrivate(reply);
      } else void reply.header('cache-control', 'no-cache');
      return reply.send(answer);
    },
  );

  // ---- a member's own comments

  app.post(
    '/blogs/:id/comments',
    { schema: { params: postParams, body: newCommentSchema }, preValidation: memberOnly },
    async (request, reply) => {
      const member = await memberOf(request);
      if (member.status !== 'active') return reply.code(403).send({ error: NOT_ACTIVE });
      if (await isMemberBanned(db.kysely, member.id)) return reply.code(403).send({ error: BANNED });
      const at = new Date(now());
      const post = await findCommentedPost(db.kysely, request.params.id, at);
      if (post === undefined || !post.public) return reply.code(404).send({ error: NO_POST });
      const settings = await readCommentSettings(db.kysely);
      if (!commentsOpenAt(post, settings.closeAfterDays, at)) return reply.code(409).send({ error: CLOSED });
      let parentId: number | null = null;
      if (request.body.parentId !== undefined) {
        const parent = await findComment(db.kysely, request.body.parentId);
        if (parent === undefined || parent.postId !== post.id || !(parent.visible || parent.status === 'deleted'))
          return reply
            .code(400)
            .send({ error: 'Bad request', details: [{ path: 'parentId', message: 'is no comment on this post' }] });
        // One level of replies: a reply to a reply joins its top-level comment.
        parentId = parent.parentId ?? parent.id;
      }
      const refused = await limiter.count(member.id);
      if (refused !== undefined)
        return reply.code(429).header('retry-after', String(refused.retryAfter)).send({ error: TOO_MANY });
      const { body } = request.body;
      const status = commentStatus(settings, body, await hasApprovedComment(db.kysely, member.id));
      let mailed = false;
      const id = await db.kysely.transaction().execute(async (trx) => {
        const id = await insertComment(trx, { postId: post.id, memberId: member.id, parentId, body, status }, at);
        if (status === 'pending') await tellModerators(trx, post, at);
        else {
          if (parentId !== null) mailed = await mailApprovedReplies(trx, [id], mailer, at);
          await bumpRevision(trx);
        }
        return id;
      });
      if (mailed) mailer.wake();
      if (status === 'approved') await published();
      markPrivate(reply);
      return reply.code(201).send(await readOwnComment(db.kysely, id));
    },
  );

  /** The member's own comment, or the answer already sent. */
  async function ownComment(request: FastifyRequest, reply: FastifyReply, id: number) {
    const member = await memberOf(request);
    const comment = await findComment(db.kysely, id);
    if (comment === undefined || comment.status === 'deleted') {
      void reply.code(404).send({ error: NO_COMMENT });
      return undefined;
    }
    if (comment.memberId !== member.id) {
      void reply.code(403).send({ error: NOT_YOURS });
      return undefined;
    }
    return { member, comment };
  }

  app.put(
    '/comments/:id',
    { schema: { params: commentIdParams, body: editCommentSchema }, preValidation: memberOnly },
    async (request, reply) => {
      const own = await ownComment(request, reply, request.params.id);
      if (own === undefined) return reply;
      const at = new Date(now());
      if (at.getTime() - own.comment.createdAt > COMMENT_EDIT_WINDOW_MS)
        return reply.code(409).send({ error: TOO_LATE });
      if (await isMemberBanned(db.kysely, own.member.id)) return reply.code(403).send({ error: BANNED });
      const { body } = request.body;
      const settings = await readCommentSettings(db.kysely);
      // An edit that adds a link or a held word waits for a moderator like a new comment would.
      const held = hasLink(body) || heldWordIn(body, settings.heldWords) !== undefined;
      await db.kysely.transaction().execute(async (trx) => {
        await updateCommentBody(trx, own.comment.id, body, held ? 'pending' : undefined, at);
        if (held && own.comment.status === 'approved') await tellModerators(trx, { id: own.comment.postId }, at);
        if (own.comment.status === 'approved') await bumpRevision(trx);
      });
      if (own.comment.status === 'approved') await published();
      markPrivate(reply);
      return reply.send(await readOwnComment(db.kysely, own.comment.id));
    },
  );

  app.delete(
    '/comments/:id',
    { schema: { params: commentIdParams }, preValidation: memberOnly },
    async (request, reply) => {
      const own = await ownComment(request, reply, request.params.id);
      if (own === undefined) return reply;
      await db.kysely.transaction().execute(async (trx) => {
        await deleteComments(trx, [own.comment.id]);
        await bumpRevision(trx);
      });
      await published();
      return reply.code(204).send();
    },
  );

  app.post(
    '/comments/:id/report',
    { schema: { params: commentIdParams, body: reportSchema }, preValidation: memberOnly },
    async (request, reply) => {
      const member = await memberOf(request);
      if (member.status !== 'active') return reply.code(403).send({ error: NOT_ACTIVE });
      const comment = await findComment(db.kysely, request.params.id);
      if (comment === undefined || !comment.visible) return reply.code(404).send({ error: NO_COMMENT });
      const reason = request.body.reason?.trim() ?? '';
      const outcome = await db.kysely.transaction().execute(async (trx) => {
        const outcome = await addReport(trx, comment.id, member.id, reason, new Date(now()));
        if (outcome.added && outcome.reports === REPORTS_TO_HIDE) await bumpRevision(trx);
        return outcome;
      });
      if (!outcome.added) return reply.code(409).send({ error: 'You have already reported this comment' });
      if (outcome.reports === REPORTS_TO_HIDE) await published();
      return reply.code(201).send({ ok: true });
    },
  );

  // The one-click "Stop reply emails" of a reply mail (RFC 8058): the token alone, no cookie, no Origin. A GET only
  // shows the button, as for every mailed link (mail scanners fetch links).
  app.post(STOP_REPLIES_PATH.replace('/api', ''), { schema: { querystring: tokenQuery } }, async (request, reply) => {
    if (!(await stopReplyMail(db.kysely, sha256Hex(request.query.token))))
      return reply.code(400).send({ error: 'This link is not valid' });
    markPrivate(reply);
    return reply.code(200).send({ ok: true });
  });
  app.get(STOP_REPLIES_PATH.replace('/api', ''), { schema: { querystring: tokenQuery } }, async (request, reply) => {
    markPrivate(reply);
    const action = escapeHtml(`${STOP_REPLIES_PATH}?token=${encodeURIComponent(request.query.token)}`);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
          `<title>Stop reply emails</title><main><h1>Stop reply emails</h1>` +
          `<form method="post" action="${action}"><button type="submit">Stop reply emails</button></form></main></html>`,
      );
  });

  // ---- settings and closing

  app.get('/comments/settings', async (_request, reply) => {
    markPrivate(reply);
    return reply.send(await readCommentSettings(db.kysely));
  });

  app.put('/comments/settings', { ...editors, schema: { body: commentSettingsSchema } }, async (request, reply) => {
    if (actorOf(request)!.role !== 'owner') return reply.code(403).send({ error: OWNERS_ONLY });
    await db.kysely.transaction().execute(async (trx) => {
      await writeCommentSettings(trx, request.body);
      await bumpRevision(trx);
    });
    await published();
    markPrivate(reply);
    return reply.send(await readCommentSettings(db.kysely));
  });

  // The switch's state for the post's edit page, drafts included (the public read shape carries it too).
  app.get('/blogs/:id/comments/state', { ...editors, schema: { params: postParams } }, async (request, reply) => {
    const at = new Date(now());
    const post = await findCommentedPost(db.kysely, request.params.id, at);
    if (post === undefined) return reply.code(404).send({ error: NO_POST });
    const settings = await readCommentSettings(db.kysely);
    markPrivate(reply);
    return reply.send({ open: commentsOpenAt(post, settings.closeAfterDays, at) });
  });

  app.put(
    '/blogs/:id/comments/state',
    { ...editors, schema: { params: postParams, body: commentsStateSchema } },
    async (request, reply) => {
      const changed = await db.kysely.transaction().execute(async (trx) => {
        const changed = await setCommentsClosed(trx, request.params.id, !request.body.open);
        if (changed) await bumpRevision(trx);
        return changed;
      });
      if (!changed) return reply.code(404).send({ error: NO_POST });
      await published();
      const at = new Date(now());
      const post = (await findCommentedPost(db.kysely, request.params.id, at))!;
      const settings = await readCommentSettings(db.kysely);
      return reply.send({ open: commentsOpenAt(post, settings.closeAfterDays, at) });
    },
  );

  // ---- the moderation desk

  app.get('/comments', { ...editors, schema: { querystring: moderationQuerySchema } }, async (request, reply) => {
    const [page, counts] = await Promise.all([
      listModeration(db, { ...request.query, limit: MODERATION_PAGE_SIZE }),
      moderationCounts(db.kysely),
    ]);
    markPrivate(reply);
    return reply.send({ ...page, ...counts } satisfies ModerationList);
  });

  async function decide(ids: number[], decision: Decision): Promise<number[]> {
    const at = new Date(now());
    let mailed = false;
    const found = await db.kysely.transaction().execute(async (trx) => {
      const found = await existingCommentIds(trx, ids);
      if (found.length === 0) return found;
      if (decision === 'approve') {
        const approved = await approveComments(trx, found, at);
        mailed = await mailApprovedReplies(trx, approved, mailer, at);
      } else await deleteComments(trx, found);
      await bumpRevision(trx);
      return found;
    });
    if (mailed) mailer.wake();
    if (found.length > 0) await published();
    return found;
  }

  app.post(
    '/comments/:id/moderate',
    { ...editors, schema: { params: commentIdParams, body: moderateSchema } },
    async (request, reply) => {
      const done = await decide([request.params.id], request.body.decision);
      if (done.length === 0) return reply.code(404).send({ error: NO_COMMENT });
      return reply.send({ ids: done });
    },
  );

  app.post('/comments/moderate', { ...editors, schema: { body: moderateManySchema } }, async (request, reply) => {
    const done = await decide([...new Set(request.body.ids)], request.body.decision);
    return reply.send({ ids: done });
  });

  // A ban hides every comment of the member and stops them commenting; lifting it shows them again.
  const ban = (banned: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: number };
    const changed = await db.kysely.transaction().execute(async (trx) => {
      const changed = await setMemberBanned(trx, id, banned ? new Date(now()) : null);
      if (changed) await bumpRevision(trx);
      return changed;
    });
    if (!changed) return reply.code(404).send({ error: 'Member not found' });
    await published();
    return reply.code(204).send();
  };
  app.post('/members/:id/ban', { ...editors, schema: { params: memberIdParams } }, ban(true));
  app.delete('/members/:id/ban', { ...editors, schema: { params: memberIdParams } }, ban(false));
};
