// Finding posts: GET /api/tags, GET /api/blogs/:id/related and GET /api/search. Every answer is about
// public posts only, whoever asks. PUT /api/tags/:slug (editors and owners) sets a tag's kind and facts. Tags and related stories are kept in caches.lists (dropped by every write, like the
// lists), sent whole in the coding each reader asks for; search answers are not kept (queries are endless, and the index
// answers in milliseconds).
import type { FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { mayManageAll } from '../../contract/roles';
import { slugOf } from '../../contract/tags';
import { tagSlugSchema, tagsQuerySchema, tagUpdateSchema } from '../../contract/matches';
import { actorOf } from '../accounts/actor';
import type { WriteGuard } from '../accounts/guard';
import { bumpRevision } from '../repositories/contentRevision';
import { findUploadFacts } from '../repositories/uploadsRepository';
import { postParams } from '../../contract/params';
import { searchQuerySchema } from '../../contract/search';
import type { ContentCaches } from '../http/contentCaches';
import type { Db } from '../db/database';
import { findPost, relatedPosts } from '../repositories/postsRepository';
import { searchPosts } from '../repositories/searchRepository';
import { findTagInfo, listTagCounts, tagMatchUses, updateTag } from '../repositories/tagsRepository';
import type { ZodTypeProvider } from '../http/validation';
import { keptAnswers } from '../http/contentCoding';
import { notFound } from '../http/errors';
import { jsonAnswer, PUBLIC_JSON_HEADERS } from '../http/responseCache';
import { API_HEADERS } from '../http/security';
import { markPrivate } from '../http/answers';

export type TagsSearchRoutesOptions = { db: Db; guard: WriteGuard; caches: ContentCaches; now?: () => number };

const EDITORS_ONLY = 'Only an editor or an owner may change a tag';
const tagParams = z.object({ slug: tagSlugSchema });

export const tagsSearchRoutes: FastifyPluginAsync<TagsSearchRoutesOptions> = async (
  fastify,
  { db, guard, caches, now: clock = Date.now },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const sendKept = keptAnswers(API_HEADERS);

  /** A JSON answer kept in caches.lists under `key` (built at most once per generation of the caches). */
  const keptJson = (key: string, build: () => Promise<unknown>) =>
    caches.lists.getOrBuild(key, async () => jsonAnswer(await build()));

  app.get('/tags', { schema: { querystring: tagsQuerySchema } }, async (request, reply) => {
    const { kind } = request.query;
    const answer = await keptJson(`tags:${kind ?? ''}`, () => listTagCounts(db, { now: new Date(clock()), kind }));
    return sendKept(request, reply, answer, PUBLIC_JSON_HEADERS);
  });

  app.put(
    '/tags/:slug',
    {
      schema: { params: tagParams, body: tagUpdateSchema },
      onRequest: guard.refuseBlocked,
      preValidation: guard.staffOnly,
    },
    async (request, reply) => {
      if (!mayManageAll(actorOf(request)!.role)) return reply.code(403).send({ error: EDITORS_ONLY });
      const { slug } = request.params;
      const change = request.body;
      if (change.crest != null) {
        const upload = await findUploadFacts(db, change.crest.slice('/uploads/'.length));
        if (upload === undefined || upload.state === 'failed') {
          return reply.code(400).send({
            error: 'Invalid request body',
            details: [{ path: 'crest', message: 'must be an image uploaded here' }],
          });
        }
      }
      const answer = await db.kysely.transaction().execute(async (trx) => {
        const tag = await findTagInfo(trx, slug);
        if (tag === undefined) return { code: 404, body: notFound('Tag') } as const;
        const kind = change.kind ?? tag.kind;
        const details: { path: string; message: string }[] = [];
        // A tag is its slug: a name with another slug would be another tag (the next post naming it makes that one).
        if (change.name !== undefined && slugOf(change.name) !== slug) {
          details.push({
            path: 'name',
            message: `must keep the tag's slug (${slug}): set a team's short name instead`,
          });
        }
        if (kind !== 'competition') {
          for (const path of ['pointsForWin', 'pointsForDraw'] as const) {
            if (change[path] !== undefined) details.push({ path, message: 'Points apply to competitions only' });
          }
        }
        if (kind !== 'team') {
          for (const path of ['shortName', 'crest'] as const) {
            if (change[path] != null) details.push({ path, message: 'Only a team has a short name and a crest' });
          }
        }
        if (details.length > 0) return { code: 400, body: { error: 'Invalid request body', details } } as const;
        if (kind !== tag.kind) {
          // A match's teams are team tags and its competition a competition tag, always.
          const uses = await tagMatchUses(trx, tag.id);
          const used = tag.kind === 'team' ? uses.team : tag.kind === 'competition' ? uses.competition : 0;
          if (used > 0) {
            return {
              code: 409,
              body: { error: `This ${tag.kind} has ${used} match${used === 1 ? '' : 'es'}: it stays a ${tag.kind}` },
            } as const;
          }
        }
        const updated = await updateTag(trx, slug, {
          ...change,
          // A tag that stops being a team drops its team facts.
          ...(kind !== 'team' ? { shortName: null, crest: null } : {}),
        });
        await bumpRevision(trx);
        return { code: 200, body: updated } as const;
      });
      if (answer.code === 200) await caches.invalidate();
      markPrivate(reply);
      return reply.code(answer.code).send(answer.body);
    },
  );

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
