// GET /api/blogs (cursor pages, newest first), GET /api/blogs/:id, POST /api/blogs.
import * as z from 'zod/mini';
import type { FastifyPluginAsync } from 'fastify';
import { blogSubmissionSchema } from '../../contract/schemas';
import { LIMITS } from '../../contract/limits';
import type { WriteGuard } from '../auth';
import type { Db } from '../db/database';
import { createPost, findPost, listPosts } from '../repositories/postsRepository';
import type { ZodTypeProvider } from '../validation';

export type BlogRoutesOptions = { db: Db; guard: WriteGuard };

const positiveInteger = (message: string) =>
  z.pipe(
    z.string().check(z.refine((s) => /^[1-9]\d{0,15}$/.test(s) && Number(s) <= Number.MAX_SAFE_INTEGER, message)),
    z.transform(Number),
  );

const listQuerySchema = z.object({
  limit: z._default(
    z.pipe(
      z.string().check(z.regex(/^(100|[1-9]\d?)$/, `must be an integer from 1 to ${LIMITS.pageSizeMax}`)),
      z.transform(Number),
    ),
    LIMITS.pageSizeDefault,
  ),
  cursor: z.optional(positiveInteger('must be a cursor taken from a Link header')),
});

const idParamsSchema = z.object({ id: positiveInteger('must be a positive integer') });

export const blogRoutes: FastifyPluginAsync<BlogRoutesOptions> = async (fastify, { db, guard }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only JSON bodies here: anything else (text/plain included) is a 415.
  app.removeContentTypeParser('text/plain');

  app.get('/blogs', { schema: { querystring: listQuerySchema } }, async (request, reply) => {
    const { limit, cursor } = request.query;
    const { posts, nextCursor } = await listPosts(db, { limit, beforeId: cursor });
    if (nextCursor !== undefined) reply.header('link', `</api/blogs?limit=${limit}&cursor=${nextCursor}>; rel="next"`);
    return posts;
  });

  app.get('/blogs/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const post = await findPost(db, request.params.id);
    if (post === undefined) return reply.code(404).send({ error: 'Blog not found' });
    return post;
  });

  app.post(
    '/blogs',
    {
      schema: { body: blogSubmissionSchema },
      bodyLimit: LIMITS.bodyMaxBytes,
      onRequest: guard.refuseBlocked,
      // Before validation, so a wrong token is a 401 whatever else is wrong with the body.
      preValidation: async (request, reply) => {
        const body: unknown = request.body;
        const field =
          typeof body === 'object' && body !== null ? (body as { accessToken?: unknown }).accessToken : undefined;
        if (!guard.authorize(request, reply, field)) return reply;
      },
    },
    async (request, reply) => {
      const post = await createPost(db, request.body);
      return reply.code(201).header('location', `/api/blogs/${post.id}`).send(post);
    },
  );
};
