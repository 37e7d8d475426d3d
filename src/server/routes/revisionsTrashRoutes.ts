// Nothing lost: a post's revisions (list, read, restore), the trash's restore, and the permanent delete.
// Registered by blogRoutes, whose If-Match precondition and retrying write they share. Staff only: a caller without
// the token gets the same 401 whatever the id, so nothing here leaves a trace of a post.
import * as z from 'zod/mini';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { BlogPost } from '../../contract/types';
import { postIdParam, postParams } from '../../contract/params';
import { mayDeleteForever } from '../../contract/roles';
import { actorOf } from '../accounts/actor';
import type { WriteGuard } from '../accounts/guard';
import type { ContentCaches } from '../http/contentCaches';
import type { Db } from '../db/database';
import { deleteForever, restoreFromTrash, restoreRevision, trashedFacts } from '../repositories/postsRepository';
import { refuseDelete, refuseEdit } from '../accounts/roles';
import type { PostFacts, WriteCondition, WriteOutcome } from '../repositories/postsRepository';
import { findRevision, listRevisions } from '../repositories/revisionsRepository';
import { markPrivate } from '../http/answers';
import { refuseBody } from '../http/requestLimits';
import type { ZodTypeProvider } from '../http/validation';

type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A write that replaces the current version, retried as blogRoutes does it (see replaceWithRetry there). */
export type ReplaceWithRetry = <T>(
  request: FastifyRequest,
  id: number,
  write: (check: { condition: WriteCondition; current: BlogPost }) => Promise<WriteOutcome<T>>,
  refuse: (facts: PostFacts) => string | undefined,
) => Promise<WriteOutcome<T> | { outcome: 'precondition' } | { outcome: 'forbidden'; error: string }>;

export type RevisionsTrashRoutesOptions = {
  db: Db;
  guard: WriteGuard;
  caches: ContentCaches;
  clock: () => number;
  replaceWithRetry: ReplaceWithRetry;
  /** the post's read shape and ETag, as GET answers it */
  sendPost: (reply: FastifyReply, post: BlogPost) => FastifyReply;
  /** the answer for a stale If-Match */
  stale: string;
};

const NOT_FOUND = { error: 'Blog not found' };
const REVISION_NOT_FOUND = { error: 'Revision not found' };

const revisionParams = z.object({ id: postIdParam, rev: postIdParam });

/** DELETE /api/blogs/:id?permanent=true, after the guard let the caller in. */
export async function deleteForeverRoute(
  db: Db,
  caches: ContentCaches,
  request: FastifyRequest,
  reply: FastifyReply,
  postId: number,
  clock: () => number,
): Promise<FastifyReply> {
  if (!mayDeleteForever(actorOf(request)?.role))
    return reply.code(403).send({ error: 'Only an owner or an editor may delete a post for good.' });
  const outcome = await deleteForever(db, postId, new Date(clock()));
  if (outcome === 'not-found') return reply.code(404).send(NOT_FOUND);
  if (outcome === 'not-trashed')
    return reply
      .code(409)
      .send({ error: 'Only a post in the trash can be deleted for good. Move it to the trash first.' });
  await caches.invalidate();
  return reply.code(204).send();
}

export function revisionsTrashRoutes(
  app: Api,
  { db, guard, caches, clock, replaceWithRetry, sendPost, stale }: RevisionsTrashRoutesOptions,
): void {
  const staffOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await guard.authorize(request, reply))) return reply;
  };
  const read = { onRequest: guard.refuseBlocked, preValidation: staffOnly };
  const write = { onRequest: [refuseBody(), guard.refuseBlocked], preValidation: staffOnly };

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
        return reply.code(412).send({ error: stale });
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
}
