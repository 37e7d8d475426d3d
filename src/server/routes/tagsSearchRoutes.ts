// Finding posts: GET /api/tags, GET /api/blogs/:id/related and GET /api/search. Every answer is about
// public posts only, whoever asks. Tags and related stories are kept in caches.lists (dropped by every write, like the
// lists), sent whole in the coding each reader asks for; search answers are not kept (queries are endless, and the index
// answers in milliseconds).
import type { FastifyPluginAsync } from 'fastify';
import { postParams } from '../../contract/params';
import { searchQuerySchema } from '../../contract/search';
import type { ContentCaches } from '../http/contentCaches';
import type { Db } from '../db/database';
import { findPost, relatedPosts } from '../repositories/postsRepository';
import { searchPosts } from '../repositories/searchRepository';
import { listTagCounts } from '../repositories/tagsRepository';
import type { ZodTypeProvider } from '../http/validation';
import { keptAnswers } from '../http/contentCoding';
import { notFound } from '../http/errors';
import { jsonAnswer, PUBLIC_JSON_HEADERS } from '../http/responseCache';
import { API_HEADERS } from '../http/security';

export type TagsSearchRoutesOptions = { db: Db; caches: ContentCaches; now?: () => number };

export const tagsSearchRoutes: FastifyPluginAsync<TagsSearchRoutesOptions> = async (
  fastify,
  { db, caches, now: clock = Date.now },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const sendKept = keptAnswers(API_HEADERS);

  /** A JSON answer kept in caches.lists under `key` (built at most once per generation of the caches). */
  const keptJson = (key: string, build: () => Promise<unknown>) =>
    caches.lists.getOrBuild(key, async () => jsonAnswer(await build()));

  app.get('/tags', async (request, reply) => {
    const answer = await keptJson('tags', () => listTagCounts(db, { now: new Date(clock()) }));
    return sendKept(request, reply, answer, PUBLIC_JSON_HEADERS);
  });

  app.get('/blogs/:id/related', { schema: { params: postParams } }, async (request, reply) => {
    const { id } = request.params;
    const at = new Date(clock());
    const answer = await keptJson(`related:${id}`, async () => {
      const post = await findPost(db, id, { now: at });
      return post === undefined ? null : relatedPosts(db, post, { now: at });
    });
    if (answer.body === 'null') return reply.code(404).send(notFound('Blog'));
    return sendKept(request, reply, answer, PUBLIC_JSON_HEADERS);
  });

  app.get('/search', { schema: { querystring: searchQuerySchema } }, async (request, reply) => {
    const { q, cursor } = request.query;
    const answer = await searchPosts(db, { query: q, offset: cursor, now: new Date(clock()) });
    return reply.send(answer);
  });
};
