// The desk's API: a review decision (POST /api/blogs/:id/review), what changed since a post was submitted (GET
// /api/blogs/:id/review), its review steps, its editorial notes, and each person's notifications. The decision shares
// the If-Match precondition and retrying write of postWrites.ts. Staff only, never cached, never public: nothing here
// is read by a page, a feed, the sitemap or search.
import * as z from 'zod/mini';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { postParams, rowIdParam } from '../../contract/params';
import { mayManageAll } from '../../contract/roles';
import {
  noteSchema,
  noteUpdateSchema,
  notificationsReadSchema,
  reviewDecisionSchema,
} from '../../contract/deskSchemas';
import { actorOf } from '../accounts/actor';
import type { WriteGuard } from '../accounts/guard';
import type { ContentCaches } from '../http/contentCaches';
import type { Db } from '../db/database';
import { findPost, setPostStatus } from '../repositories/postsRepository';
import { listReviewSteps, reviewInfo, reviewQueue } from '../repositories/reviewsRepository';
import { listNotes, resolveNote } from '../repositories/notesRepository';
import { listNotifications, markNotificationsRead } from '../repositories/notificationsRepository';
import { addNote, onDecision } from '../desk/desk';
import { MAIL_OFF, type Mailer } from '../mail/mailer';
import { markPrivate } from '../http/answers';
import { notFound } from '../http/errors';
import { ignoreEmptyBody } from '../http/requestLimits';
import type { ZodTypeProvider } from '../http/validation';
import { NOT_FOUND, replaceWithRetry, sendPost, STALE } from './postWrites';

export type DeskRoutesOptions = {
  db: Db;
  guard: WriteGuard;
  caches: ContentCaches;
  now?: () => number;
  /** mail settings and the outbox (default: no mail) */
  mailer?: Mailer;
};

const EDITORS_ONLY = 'Only an editor or an owner may review a post';
const NOT_IN_REVIEW = 'This post is not in review: only a post submitted for review can be approved or sent back';
const PEOPLE_ONLY = 'An API key or the admin token has no notifications: sign in instead';

const noteParams = z.object({ id: rowIdParam, noteId: rowIdParam });

export const deskRoutes: FastifyPluginAsync<DeskRoutesOptions> = async (
  fastify,
  { db, guard, caches, now: clock = Date.now, mailer = MAIL_OFF },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only JSON bodies here, as for every post route: anything else (text/plain included) is a 415.
  app.removeContentTypeParser('text/plain');
  /** Every desk route: reads and writes alike are staff only. */
  const staff = { onRequest: guard.refuseBlocked, preValidation: guard.staffOnly };
  /** A signed-in person: notifications belong to an account, which a key has not. */
  const personOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await guard.authorize(request, reply))) return reply;
    if (actorOf(request)!.accountId === null) return reply.code(403).send({ error: PEOPLE_ONLY });
  };

  app.post(
    '/blogs/:id/review',
    { schema: { params: postParams, body: reviewDecisionSchema }, ...staff },
    async (request, reply) => {
      const who = actorOf(request)!;
      if (!mayManageAll(who.role)) return reply.code(403).send({ error: EDITORS_ONLY });
      const { id } = request.params;
      const decision = request.body;
      const now = new Date(clock());
      const result = await replaceWithRetry(
        { db, clock },
        request,
        id,
        (check) =>
          setPostStatus(
            db,
            id,
            decision.decision === 'approve'
              ? { status: 'published', publishAt: decision.publishAt }
              : { status: 'draft', publishAt: check.current.publishAt },
            {
              ...check.condition,
              replaced: check.current,
              by: who,
              alsoInTransaction: onDecision(mailer, {
                actor: who,
                decision: decision.decision,
                note: decision.decision === 'changes' ? decision.note : undefined,
                now,
              }),
            },
          ),
        (facts) => (facts.status === 'review' ? undefined : NOT_IN_REVIEW),
      );
      if (result.outcome === 'forbidden') return reply.code(409).send({ error: result.error });
      if (result.outcome === 'not-found') return reply.code(404).send(NOT_FOUND);
      if (result.outcome === 'precondition' || result.outcome === 'conflict')
        return reply.code(412).send({ error: STALE });
      await caches.invalidate();
      mailer.wake();
      return sendPost(reply, result.value);
    },
  );

  app.get('/blogs/:id/review', { schema: { params: postParams }, ...staff }, async (request, reply) => {
    const post = await findPost(db, request.params.id, { includeHidden: true, now: new Date(clock()) });
    if (post === undefined) return reply.code(404).send(NOT_FOUND);
    markPrivate(reply);
    return reply.send(await reviewInfo(db, post));
  });

  // The review queue: every post in review with what changed since it was submitted, the oldest submission first.
  app.get('/reviews', staff, async (_request, reply) => {
    const entries = await reviewQueue(db, 200, new Date(clock()));
    markPrivate(reply);
    return reply.send(entries);
  });

  app.get('/blogs/:id/review-steps', { schema: { params: postParams }, ...staff }, async (request, reply) => {
    const steps = await listReviewSteps(db, request.params.id);
    if (steps === undefined) return reply.code(404).send(NOT_FOUND);
    markPrivate(reply);
    return reply.send(steps);
  });

  app.get('/blogs/:id/notes', { schema: { params: postParams }, ...staff }, async (request, reply) => {
    const notes = await listNotes(db, request.params.id);
    if (notes === undefined) return reply.code(404).send(NOT_FOUND);
    markPrivate(reply);
    return reply.send(notes);
  });

  app.post(
    '/blogs/:id/notes',
    { schema: { params: postParams, body: noteSchema }, ...staff },
    async (request, reply) => {
      await guard.countDeskWrite(request, reply);
      const note = await addNote(
        db,
        mailer,
        request.params.id,
        request.body.body,
        actorOf(request)!,
        new Date(clock()),
      );
      if (note === undefined) return reply.code(404).send(NOT_FOUND);
      mailer.wake();
      markPrivate(reply);
      return reply.code(201).send(note);
    },
  );

  app.patch(
    '/blogs/:id/notes/:noteId',
    { schema: { params: noteParams, body: noteUpdateSchema }, ...staff },
    async (request, reply) => {
      const { id, noteId } = request.params;
      const note = await resolveNote(db, id, noteId, request.body.resolved, new Date(clock()));
      if (note === undefined) return reply.code(404).send(notFound('Note'));
      markPrivate(reply);
      return reply.send(note);
    },
  );

  app.get('/notifications', { onRequest: guard.refuseBlocked, preValidation: personOnly }, async (request, reply) => {
    markPrivate(reply);
    return reply.send(await listNotifications(db, actorOf(request)!.accountId!));
  });

  app.post(
    '/notifications/read',
    {
      schema: { body: notificationsReadSchema },
      onRequest: [ignoreEmptyBody, guard.refuseBlocked],
      preValidation: personOnly,
    },
    async (request, reply) => {
      await markNotificationsRead(db, actorOf(request)!.accountId!, request.body?.ids, new Date(clock()));
      return reply.code(204).send();
    },
  );
};
