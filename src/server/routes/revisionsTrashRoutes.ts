// Nothing lost: a post's revisions (list, read, restore) and the trash's restore (the permanent delete is blogRoutes'
// DELETE). Their writes share the If-Match precondition and retrying write of postWrites.ts. Staff only: a caller
// without the token gets the same 401 whatever the id, so nothing here leaves a trace of a post.
import * as z from 'zod/mini';
import type { FastifyPluginAsync } from 'fastify';
import { postParams, rowIdParam } from '../../contract/params';
import { actorOf } from '../accounts/actor';
import type { WriteGuard } from '../accounts/guard';
import type { ContentCaches } from '../http/contentCaches';
import type { Db } from '../db/database';
import { restoreFromTrash, restoreRevision, trashedFacts } from '../repositories/postsRepository';
import { refuseDelete, refuseEdit } from '../accounts/roles';
import { findRevision, listRevisions } from '../repositories/revisionsRepository';
import { markPrivate } from '../http/answers';
import { notFound } from '../http/errors';
import { refuseBody } from '../http/requestLimits';
import type { ZodTypeProvider } from '../http/validation';
import { NOT_FOUND, replaceWithRetry, sendPost, STALE } from './postWrites';

export type RevisionsTrashRoutesOptions = {
  db: Db;
  guard: WriteGuard;
  caches: ContentCaches;
  now?: () => number;
};

const REVISION_NOT_FOUND = notFound('Revision');

const revisionParams = z.object({ id: rowIdParam, rev: rowIdParam });

export const revisionsTrashRoutes: FastifyPluginAsync<RevisionsTrashRoutesOptions> = async (
  fastify,
  { db, guard, caches, now: clock = Date.now },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only JSON bodies here, as for every post route: anything else (text/plain included) is a 415.
  app.removeContentTypeParser('text/plain');
  const writer = { db, clock };
  const read = { onRequest: guard.refuseBlocked, preValidation: guard.staffOnly };
  const write = { onRequest: [refuseBody(), guard.refuseBlocked], preValidation: guard.staffOnly };

  app.get('/blogs/:id/revisions', { schema: { params: postParams }, ...read }, async (request, reply) => {
    const revisions = await listRevisions(db, request.params.id);
    if (revisions === undefined) return reply.code(404).send(NOT_FOUND);
    markPrivate(reply);
    return reply.send(revisions);
  });

  app.get('/blogs/:id/revisions/:rev', { schema: { params: revisionParams }, ...read }, async (request, reply) => {
    const revision = await findRevision(db, request.params.id, request.params.rev);
    if (revision === undefined) return reply.code(404).send(REVISION_NOT_FOUND);
    markPrivate(reply);
    return reply.send(revision);
  });

  app.post(
    '/blogs/:id/revisions/:rev/restore',
    { schema: { params: revisionParams }, ...write },
    async (request, reply) => {
      const { id: postId, rev } = request.params;
      const version = await findRevision(db, postId, rev);
      if (version === undefined) return reply.code(404).send(REVISION_NOT_FOUND);
      const who = actorOf(request)!;
      const result = await replaceWithRetry(
        writer,
        request,
        postId,
        (check) => restoreRevision(db, postId, version, { ...check.condition, replaced: check.current, by: who }),
        // A restore is an edit to the version restored: a contributor may bring back only a draft of their own draft.
        (facts) =>
          refuseEdit(who, facts, version.status === 'draft' || version.status === 'review' ? 'draft' : 'published'),
      );
      if (result.outcome === 'forbidden') return reply.code(403).send({ error: result.error });
      if (result.outcome === 'not-found') return reply.code(404).send(NOT_FOUND);
      if (result.outcome === 'precondition' || result.outcome === 'conflict')
        return reply.code(412).send({ error: STALE });
      await caches.invalidate();
      return sendPost(reply, result.value);
    },
  );

  app.post('/blogs/:id/restore', { schema: { params: postParams }, ...write }, async (request, reply) => {
    const who = actorOf(request)!;
    // Who may send a post to the trash may bring it back.
    const facts = await trashedFacts(db, request.params.id);
    const refused = facts === undefined ? undefined : refuseDelete(who, facts);
    if (refused !== undefined) return reply.code(403).send({ error: refused });
    const result = await restoreFromTrash(db, request.params.id, { now: new Date(clock()), by: who });
    if (result.outcome !== 'done') return reply.code(404).send({ error: 'No such post in the trash' });
    await caches.invalidate();
    return sendPost(reply, result.value);
  });
};
