// Finding posts (issue 23): GET /api/tags, GET /api/blogs/:id/related and GET /api/search. Every answer is about
// public posts only, whoever asks. Tags and related stories are kept in caches.lists (dropped by every write, like the
// lists); search answers are not kept (queries are endless, and the index answers in milliseconds).
import * as z from 'zod/mini';
import type { FastifyPluginAsync } from 'fastify';
import { postParams } from '../../contract/params';
import type { ContentCaches } from '../http/contentCaches';
import type { Db } from '../db/database';
import { findPost, relatedPosts } from '../repositories/postsRepository';
import { SEARCH_OFFSET_MAX, searchPosts } from '../repositories/searchRepository';
import { listTagCounts } from '../repositories/tagsRepository';
import type { ZodTypeProvider } from '../http/validation';

export type FindingRoutesOptions = { db: Db; caches: ContentCaches; now?: () => number };

/** Characters of a search query at most, after trimming. */
export const QUERY_MAX = 200;

// U+0000 and unpaired surrogates: text neither database takes as a parameter.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this must find
const NOT_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const searchQuerySchema = z.object({
  q: z.pipe(
    z.string().check(
      z.refine((s) => s.trim().length >= 1, 'is required'),
      z.refine((s) => s.trim().length <= QUERY_MAX, `must be at most ${QUERY_MAX} characters`),
      z.refine((s) => !NOT_TEXT.test(s), 'must not contain NUL characters or unpaired surrogates'),
    ),
    z.transform((s) => s.trim()),
  ),
  cursor: z._default(
    z.pipe(
      z
        .string()
        .check(
          z.refine(
            (s) => /^(0|[1-9]\d{0,3})$/.test(s) && Number(s) <= SEARCH_OFFSET_MAX,
            'must be a cursor taken from a previous answer',
          ),
        ),
      z.transform(Number),
    ),
    0,
  ),
});

export const findingRoutes: FastifyPluginAsync<FindingRoutesOptions> = async (
  fastify,
  { db, caches, now: clock = Date.now },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** A JSON answer kept in caches.lists under `key` (built at most once per generation of the caches). */
  async function cachedJson(key: string, build: () => Promise<unknown>): Promise<string> {
    const hit = caches.lists.get(key);
    if (hit !== undefined) return hit.body;
    const generation = caches.lists.generation;
    const body = JSON.stringify(await build());
    caches.lists.set(key, { body }, generation);
    return body;
  }

  app.get('/tags', async (_request, reply) => {
    const body = await cachedJson('tags', () => listTagCounts(db, { now: new Date(clock()) }));
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/blogs/:id/related', { schema: { params: postParams } }, async (request, reply) => {
    const { id } = request.params;
    const at = new Date(clock());
    const body = await cachedJson(`related:${id}`, async () => {
      const post = await findPost(db, id, { now: at });
      return post === undefined ? null : relatedPosts(db, post, { now: at });
    });
    if (body === 'null') return reply.code(404).send({ error: 'Blog not found' });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/search', { schema: { querystring: searchQuerySchema } }, async (request, reply) => {
    const { q, cursor } = request.query;
    const answer = await searchPosts(db, { query: q, offset: cursor, now: new Date(clock()) });
    return reply.send(answer);
  });
};
