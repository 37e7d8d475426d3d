// The members API: a reader's subscribe, confirm and sign-in by link, their own preferences with a member session,
// and the admin's list, removal, CSV export and import (editors and owners only). Every change is a POST, PUT or
// DELETE: the pages of a mailed link are GETs that change nothing (docs/members.md says why).
import { finished } from 'node:stream';
import * as z from 'zod/mini';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  MEMBER_PAGES,
  MEMBERS_PAGE_SIZE,
  memberSignInSchema,
  membersQuerySchema,
  memberTokenSchema,
  memberUpdateSchema,
  subscribeSchema,
} from '../../contract/members';
import type { MemberImportReport, MemberUpdate } from '../../contract/members';
import { rowIdParam } from '../../contract/params';
import { mayManageAll } from '../../contract/roles';
import { actorOf } from '../accounts/actor';
import { CROSS_SITE, fromOwnOrigin, namesOtherOrigin } from '../accounts/guard';
import type { WriteGuard } from '../accounts/guard';
import type { Db } from '../db/database';
import { markPrivate } from '../http/answers';
import { limiterKey } from '../http/clientAddress';
import { hasBody, ignoreEmptyBody } from '../http/requestLimits';
import type { ZodTypeProvider } from '../http/validation';
import { MAIL_OFF } from '../mail/mailer';
import type { Mailer } from '../mail/mailer';
import { formAsJson, isFormPost, registerFormParser } from '../members/forms';
import { DEFAULT_MEMBER_LIMITS, MemberLimiter } from '../members/memberLimits';
import type { MemberLimits } from '../members/memberLimits';
import { exportHeader, exportRows, readMemberCsv, UnreadableCsv } from '../members/memberCsv';
import { MemberSessions, meOf } from '../members/memberSessions';
import { redeemLink, requestSignIn, subscribe } from '../members/subscriptions';
import type { MemberDeps } from '../members/subscriptions';
import {
  allMembers,
  deleteMember,
  existingEmails,
  findMember,
  insertMembers,
  listMembers,
  setMemberStatus,
  updateMember,
} from '../repositories/membersRepository';
import type { ImportedMember, TokenRefusal } from '../repositories/membersRepository';

export type MemberRoutesOptions = {
  db: Db;
  guard: WriteGuard;
  /** origins a member's cookie write may come from (PUBLIC_URL's and the listening address's) */
  ownOrigins: ReadonlySet<string>;
  publicUrl: string;
  now: () => number;
  mailer?: Mailer;
  /** the limits (members/memberLimits.ts has the defaults); tests lower them */
  limits?: Partial<MemberLimits>;
};

/** A CSV import of 100,000 Ghost members is about 10 MB. */
const IMPORT_BODY_MAX = 50 * 1024 * 1024;
/** Rows checked against the database and inserted per statement. */
const IMPORT_BATCH = 1000;

const NO_MAIL = 'This site cannot send email, so it takes no subscriptions';
const TOO_MANY = 'Too many requests from this address. Try again later.';
const SIGNED_OUT = 'Sign in first: ask for a sign-in link';
const FORBIDDEN = 'Only editors and owners may manage members';
const PEOPLE_ONLY = 'An API key or the admin token cannot manage members: sign in instead';
const LINK_REFUSED: Record<TokenRefusal, string> = {
  unknown: 'This link is not valid: ask for a new one',
  used: 'This link has already been used: ask for a new one',
  expired: 'This link has expired: ask for a new one',
};

const idParams = z.object({ id: rowIdParam });

export const memberRoutes: FastifyPluginAsync<MemberRoutesOptions> = async (
  fastify,
  { db, guard, ownOrigins, publicUrl, now, mailer = MAIL_OFF, limits },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerFormParser(fastify);
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', (request, reply, done) =>
    request.method === 'DELETE' ? ignoreEmptyBody(request, reply, done) : done(),
  );

  const sessions = new MemberSessions(db, now, publicUrl);
  const limiter = new MemberLimiter(db, { ...DEFAULT_MEMBER_LIMITS, ...limits }, now);
  const deps: MemberDeps = { db, mailer, limiter, sessions, now };

  /** Work done once the answer went out: its timing cannot tell a known address from a new one. */
  function afterAnswer(request: FastifyRequest, reply: FastifyReply, work: () => Promise<void>, what: string) {
    const answered = new Promise<void>((resolve) => finished(reply.raw, () => resolve()));
    mailer.track(answered.then(work).catch((error: unknown) => request.log.error({ err: error }, `${what} not done`)));
  }

  /** The checks of a request that makes this site mail someone: from this site (or no browser), mail on, the limit. */
  async function mayRequestMail(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    // A form on another site must not make this one mail people (the limits would stop it, after the mail).
    if (namesOtherOrigin(request, ownOrigins)) {
      void reply.code(403).send({ error: CROSS_SITE });
      return false;
    }
    if (!mailer.enabled) {
      void reply.code(503).send({ error: NO_MAIL });
      return false;
    }
    const refused = await limiter.countRequest(limiterKey(request.ip));
    if (refused !== undefined) {
      void reply.code(429).header('retry-after', String(refused.retryAfter)).send({ error: TOO_MANY });
      return false;
    }
    return true;
  }

  /** The answer that tells nothing: 202, or a form post's way to the page that says to check the inbox. */
  const accepted = (request: FastifyRequest, reply: FastifyReply) =>
    isFormPost(request)
      ? reply.code(303).header('location', MEMBER_PAGES.subscribed).send()
      : reply.code(202).send({ ok: true });

  const subscribeForm = formAsJson({ lists: ['tags'], flags: ['all'] });
  app.post(
    '/members/subscribe',
    { schema: { body: subscribeSchema }, preValidation: subscribeForm },
    async (request, reply) => {
      if (!(await mayRequestMail(request, reply))) return reply;
      const { body } = request;
      // The honeypot: a person never sees the field, a form-filling bot fills it. Answered alike, nothing sent.
      if (body.website !== undefined && body.website.trim() !== '') return accepted(request, reply);
      afterAnswer(request, reply, () => subscribe(deps, body), 'subscription');
      return accepted(request, reply);
    },
  );

  app.post(
    '/members/signin',
    { schema: { body: memberSignInSchema }, preValidation: formAsJson({}) },
    async (request, reply) => {
      if (!(await mayRequestMail(request, reply))) return reply;
      const { email } = request.body;
      afterAnswer(request, reply, () => requestSignIn(deps, email), 'member sign-in link');
      return isFormPost(request)
        ? reply.code(303).header('location', `${MEMBER_PAGES.signIn}?sent=1`).send()
        : reply.code(202).send({ ok: true });
    },
  );

  /** A link's button: takes the token, signs the member in, and answers the member (or a form post's redirect). */
  const redeem =
    (purpose: 'confirm' | 'signin', page: string) => async (request: FastifyRequest, reply: FastifyReply) => {
      // Another site's form must not sign this browser in as someone else.
      if (namesOtherOrigin(request, ownOrigins)) return reply.code(403).send({ error: CROSS_SITE });
      const { token } = request.body as { token: string };
      const outcome = await redeemLink(deps, token, purpose);
      markPrivate(reply);
      if ('refused' in outcome) {
        if (isFormPost(request)) return reply.code(303).header('location', `${page}?error=${outcome.refused}`).send();
        return reply.code(400).send({ error: LINK_REFUSED[outcome.refused] });
      }
      // The session this browser had, if any, ends: the cookie is replaced.
      const previous = await sessions.resolve(request);
      if (previous !== undefined) await sessions.revoke(previous.idHash);
      sessions.setCookie(reply, outcome.sessionId);
      if (isFormPost(request)) return reply.code(303).header('location', MEMBER_PAGES.account).send();
      return reply.code(200).send(meOf(outcome.member));
    };
  const tokenForm = formAsJson({});
  app.post(
    '/members/confirm',
    { schema: { body: memberTokenSchema }, preValidation: tokenForm },
    redeem('confirm', MEMBER_PAGES.confirm),
  );
  app.post(
    '/members/signin/complete',
    { schema: { body: memberTokenSchema }, preValidation: tokenForm },
    redeem('signin', MEMBER_PAGES.signIn),
  );

  /** preValidation: a member session, and for a write, from this site's own pages (as staff cookie writes). */
  const memberOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    const signedIn = await sessions.resolve(request);
    if (signedIn === undefined) {
      if (sessions.hasCookie(request)) sessions.clearCookie(reply);
      return reply.code(401).send({ error: SIGNED_OUT });
    }
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (write && !fromOwnOrigin(request, ownOrigins)) return reply.code(403).send({ error: CROSS_SITE });
  };
  const signedIn = async (request: FastifyRequest) => (await sessions.resolve(request))!;

  app.get('/members/me', { preValidation: memberOnly }, async (request, reply) => {
    markPrivate(reply);
    return reply.send(meOf((await signedIn(request)).member));
  });

  /** The member's change of their preferences: PUT with JSON, or the /account form's POST (answered 303 to the page). */
  const updateMe = {
    schema: { body: memberUpdateSchema },
    preValidation: [memberOnly, formAsJson({ lists: ['tags'], flags: ['all', 'subscribed', 'replyMail'] })],
  };
  async function changeMe(request: FastifyRequest<{ Body: MemberUpdate }>, reply: FastifyReply) {
    const { member } = await signedIn(request);
    const { name, tags, all, subscribed, replyMail } = request.body;
    const at = new Date(now());
    await db.kysely.transaction().execute(async (trx) => {
      await updateMember(trx, member.id, { name, tags, all, replyMail });
      if (subscribed === false && member.status !== 'unsubscribed')
        await setMemberStatus(trx, member.id, 'unsubscribed', at);
      // Signed in through a mailed link: the address is theirs and takes mail.
      if (subscribed === true && member.status !== 'active') await setMemberStatus(trx, member.id, 'active', at);
    });
    markPrivate(reply);
    if (isFormPost(request)) return reply.code(303).header('location', `${MEMBER_PAGES.account}?saved=1`).send();
    return reply.send(meOf((await findMember(db.kysely, member.id))!));
  }
  app.put('/members/me', updateMe, changeMe);
  app.post('/members/me', updateMe, changeMe);

  /** Erases the member and everything tied to them (tags, links, sessions), and ends this session. */
  app.delete('/members/me', { preValidation: memberOnly }, async (request, reply) => {
    const { member } = await signedIn(request);
    await deleteMember(db.kysely, member.id);
    sessions.clearCookie(reply);
    return reply.code(204).send();
  });

  app.post('/members/signout', { preValidation: memberOnly }, async (request, reply) => {
    await sessions.revoke((await signedIn(request)).idHash);
    sessions.clearCookie(reply);
    if (isFormPost(request)) return reply.code(303).header('location', MEMBER_PAGES.account).send();
    return reply.code(204).send();
  });

  // The admin's side: a signed-in editor or owner. A key or ADMIN_TOKEN keeps its post and upload powers only. Checked
  // before the body is read: an import may be 50 MB, which nobody else gets to send.
  const editorsOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    // A refusal closes the connection, so Node does not read (and throw away) the rest of a body.
    const body = hasBody(request.headers);
    if (body) void reply.header('connection', 'close');
    if (!(await guard.authorize(request, reply))) return reply;
    const actor = actorOf(request)!;
    if (actor.accountId === null) return reply.code(403).send({ error: PEOPLE_ONLY });
    if (!mayManageAll(actor.role)) return reply.code(403).send({ error: FORBIDDEN });
    if (body) void reply.removeHeader('connection');
  };
  const editors = { onRequest: [guard.refuseBlocked, editorsOnly] };

  app.get('/members', { ...editors, schema: { querystring: membersQuerySchema } }, async (request, reply) => {
    markPrivate(reply);
    return reply.send(await listMembers(db, { ...request.query, limit: MEMBERS_PAGE_SIZE }));
  });

  app.get('/members/export', editors, async (_request, reply) => {
    const parts = [exportHeader()];
    for await (const page of allMembers(db)) parts.push(exportRows(page));
    markPrivate(reply);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="touchline-members.csv"')
      .send(parts.join(''));
  });

  app.post('/members/import', { ...editors, bodyLimit: IMPORT_BODY_MAX }, async (request, reply) => {
    if (typeof request.body !== 'string') return reply.code(415).send({ error: 'Send the members as a text/csv body' });
    const at = new Date(now());
    let read: ReturnType<typeof readMemberCsv>;
    try {
      read = readMemberCsv(request.body, at);
    } catch (error) {
      if (error instanceof UnreadableCsv) return reply.code(400).send({ error: `Not a CSV file: ${error.message}` });
      throw error;
    }
    const skipped = [...read.problems];
    // A later row with an address an earlier one had is a repeat, not a second member.
    const firstLine = new Map<string, number>();
    const fresh: { line: number; member: ImportedMember }[] = [];
    for (const row of read.rows) {
      const first = firstLine.get(row.member.email);
      if (first !== undefined) skipped.push({ line: row.line, error: `email: repeats line ${first}` });
      else {
        firstLine.set(row.member.email, row.line);
        fresh.push(row);
      }
    }
    let imported = 0;
    // One transaction: on SQLite each commit is a sync to disk, and 100 batches are one commit.
    await db.kysely.transaction().execute(async (trx) => {
      for (let start = 0; start < fresh.length; start += IMPORT_BATCH) {
        const batch = fresh.slice(start, start + IMPORT_BATCH);
        const present = await existingEmails(
          trx,
          batch.map((row) => row.member.email),
        );
        const inserted = await insertMembers(
          trx,
          batch.filter((row) => !present.has(row.member.email)).map((row) => row.member),
          at,
        );
        imported += inserted.size;
        for (const row of batch)
          if (!inserted.has(row.member.email)) skipped.push({ line: row.line, error: 'email: already a member' });
      }
    });
    skipped.sort((a, b) => a.line - b.line);
    return reply.send({ imported, skipped } satisfies MemberImportReport);
  });

  app.delete('/members/:id', { ...editors, schema: { params: idParams } }, async (request, reply) => {
    if (!(await deleteMember(db.kysely, request.params.id))) return reply.code(404).send({ error: 'Member not found' });
    return reply.code(204).send();
  });
};
