// An author's page data (GET /api/authors/:slug: the profile and their public stories, newest first) and their Atom feed
// (GET /author/:slug/feed.xml). The slug names the account by its last part (contract/authors.ts); an account with no
// public story has no page and no feed. Both are kept in the content caches, like the tag's, so a write refreshes them.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthorPageData } from '../../contract/authors';
import { parsePostId } from '../../contract/routes';
import { LIMITS } from '../../contract/limits';
import type { ContentCaches } from '../http/contentCaches';
import type { Db } from '../db/database';
import { keptAnswers } from '../http/contentCoding';
import { strongEtag } from '../http/etag';
import { notFound } from '../http/errors';
import { jsonAnswer, PUBLIC_JSON_HEADERS } from '../http/responseCache';
import type { CachedResponse } from '../http/responseCache';
import { API_HEADERS } from '../http/security';
import { findPost } from '../repositories/postsRepository';
import { findAuthorPage } from '../repositories/profileRepository';
import { FEED_SIZE, feedXml } from '../seo/feeds';

export type AuthorRoutesOptions = {
  db: Db;
  caches: ContentCaches;
  /** PUBLIC_URL without a trailing slash */
  publicUrl: string;
  now?: () => number;
  /** the pages' security headers, which the feed carries as the site's other feeds do */
  security: Readonly<Record<string, string>>;
};

export const authorRoutes: FastifyPluginAsync<AuthorRoutesOptions> = async (
  app,
  { db, caches, publicUrl, now = Date.now, security },
) => {
  const sendJson = keptAnswers(API_HEADERS);
  const sendFeed = keptAnswers(security);

  /** The account a slug names and its public stories (a page of `limit` before `cursor`), or undefined: no page. */
  async function authorPage(slug: string, limit: number, cursor?: number) {
    const at = new Date(now());
    const page = await findAuthorPage(db, slug, { limit, cursor, now: at });
    return page && { ...page, at };
  }

  app.get<{ Params: { slug: string }; Querystring: { cursor?: string } }>(
    '/api/authors/:slug',
    async (request: FastifyRequest<{ Params: { slug: string }; Querystring: { cursor?: string } }>, reply) => {
      const { slug } = request.params;
      const cursorText = request.query.cursor;
      const cursor = cursorText === undefined ? undefined : parsePostId(cursorText);
      if (cursorText !== undefined && cursor === undefined)
        return reply.code(400).send({ error: 'cursor must be a post id' });
      const answer = await caches.lists.getOrBuild(`author:${slug}:${cursorText ?? ''}`, async () => {
        const page = await authorPage(slug, LIMITS.pageSizeDefault, cursor);
        const data: AuthorPageData | null = page
          ? {
              author: page.author,
              posts: page.posts,
              nextCursor: page.nextCursor === undefined ? null : String(page.nextCursor),
            }
          : null;
        return jsonAnswer(data);
      });
      if (answer.body === 'null') return reply.code(404).send(notFound('Author'));
      return sendJson(request, reply, answer, PUBLIC_JSON_HEADERS);
    },
  );

  app.get<{ Params: { slug: string } }>('/author/:slug/feed.xml', async (request, reply: FastifyReply) => {
    const { slug } = request.params;
    const answer = await caches.feeds.getOrBuild(`author-feed:${slug}`, async (): Promise<CachedResponse> => {
      const page = await authorPage(slug, FEED_SIZE);
      if (page === undefined) return { body: '', headers: {}, answers: {} };
      const full = await Promise.all(page.posts.map((post) => findPost(db, post.id, { now: page.at })));
      const body = feedXml(
        full.filter((post) => post !== undefined),
        publicUrl,
        page.at,
        undefined,
        page.author,
      );
      return {
        body,
        headers: { 'content-type': 'application/atom+xml; charset=utf-8', etag: strongEtag(body) },
        answers: {},
      };
    });
    if (answer.body === '') return reply.code(404).send({ error: 'Not found' });
    return sendFeed(request, reply, answer, { 'cache-control': 'no-cache' });
  });
};
