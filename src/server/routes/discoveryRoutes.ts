// GET /sitemap.xml, /feed.xml (Atom) and /robots.txt: how crawlers and feed readers find every post. Absolute URLs come
// from PUBLIC_URL. Sitemap answers are kept in caches.lists and feeds in caches.feeds (bounded in size, so always
// kept: a feed is built once per change however often readers poll it), so every write (and, through ContentCaches,
// another process's write within about a second) makes the next request rebuild them with the new post in it. Each is
// sent compressed as Accept-Encoding asks, compressed once per coding and kept with the answer (http/contentCoding.ts).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentCaches } from '../http/contentCaches';
import type { Db } from '../db/database';
import { strongEtag } from '../http/etag';
import { keptAnswers } from '../http/contentCoding';
import { isSlug } from '../../contract/tags';
import { countPublicPosts, findPost, listPosts, streamPublicPosts } from '../repositories/postsRepository';
import { findTag, publicTagSlugs } from '../repositories/tagsRepository';
import { publicAuthorSlugs } from '../repositories/profileRepository';
import type { CachedResponse } from '../http/responseCache';
import {
  FEED_SIZE,
  feedXml,
  robotsTxt,
  SITE_PATHS,
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
  sitemapLayout,
  sitemapXml,
} from '../seo/feeds';
import type { Dated } from '../seo/feeds';

export type DiscoveryRoutesOptions = {
  db: Db;
  caches: ContentCaches;
  /** PUBLIC_URL without a trailing slash */
  publicUrl: string;
  /** the app's clock (epoch ms): which posts are public yet */
  now?: () => number;
  /** URLs per sitemap file (default and most the protocol allows: 50,000) */
  maxUrls?: number;
  /** the pages' security headers (http/security.ts): these answers are written whole, so they carry them */
  security: Readonly<Record<string, string>>;
};

export const discoveryRoutes: FastifyPluginAsync<DiscoveryRoutesOptions> = async (
  app,
  { db, caches, publicUrl, now = Date.now, maxUrls = SITEMAP_MAX_URLS, security },
) => {
  // Revalidated every time (a new post must show at once), cheaply: a 304 when nothing changed.
  const sendKept = keptAnswers(security);
  const send = (request: FastifyRequest, reply: FastifyReply, answer: CachedResponse) =>
    sendKept(request, reply, answer, { 'cache-control': 'no-cache' });

  /** An answer kept in `cache` (caches.lists by default); the codings' answers are filled in by send(), into the object
   * the cache holds, so each is compressed once per build. A miss is built once however many requests wait for it. */
  const cached = (key: string, type: string, build: () => Promise<string>, cache = caches.lists) =>
    cache.getOrBuild(key, async () => {
      const body = await build();
      return { body, headers: { 'content-type': type, etag: strongEtag(body) }, answers: {} };
    });

  const XML_TYPE = 'application/xml; charset=utf-8';

  /** The posts of one sitemap file, read by one streaming query. */
  async function sitemapFile(
    n: number,
    layout: ReturnType<typeof sitemapLayout>,
    at: Date,
    tags: string[],
    authors: string[] = [],
  ): Promise<string> {
    const posts: Dated[] = [];
    for await (const post of streamPublicPosts(db, { now: at, ...layout.slice(n) }))
      posts.push({ id: post.id, createdAt: post.modifiedAt, updatedAt: post.modifiedAt });
    return sitemapXml(posts, publicUrl, n === 1, n === 1 ? tags : [], n === 1 ? authors : []);
  }

  /** What the sitemap files hold now: the tag pages (in the first file) and how the posts are split. */
  async function sitemapPlan(at: Date) {
    const [count, tags, people] = await Promise.all([
      countPublicPosts(db, at),
      publicTagSlugs(db, at),
      publicAuthorSlugs(db, at),
    ]);
    // Past what one file holds beside the site's pages, the tag and author pages beyond are left out.
    const listed = tags.slice(0, maxUrls - SITE_PATHS.length);
    const authors = people.slice(0, maxUrls - SITE_PATHS.length - listed.length);
    return { tags: listed, authors, layout: sitemapLayout(count, maxUrls, listed.length + authors.length) };
  }

  app.get('/sitemap.xml', async (request, reply) => {
    const answer = await cached('sitemap.xml', XML_TYPE, async () => {
      const at = new Date(now());
      const { layout, tags, authors } = await sitemapPlan(at);
      return layout.files === 1 ? sitemapFile(1, layout, at, tags, authors) : sitemapIndexXml(layout.files, publicUrl);
    });
    return send(request, reply, answer);
  });

  app.get<{ Params: { n: string } }>('/sitemap-posts-:n(^\\d{1,6}).xml', async (request, reply) => {
    const n = Number(request.params.n);
    const key = `sitemap-posts-${n}.xml`;
    const answer = await cached(key, XML_TYPE, async () => {
      const at = new Date(now());
      const { layout, tags, authors } = await sitemapPlan(at);
      // No index (everything fits in /sitemap.xml), or past its last file: not a file of this site.
      return layout.files === 1 || n < 1 || n > layout.files ? '' : sitemapFile(n, layout, at, tags, authors);
    });
    if (answer.body === '') return reply.code(404).send({ error: 'Not found' });
    return send(request, reply, answer);
  });

  const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

  app.get('/feed.xml', async (request, reply) => {
    const answer = await cached(
      'feed.xml',
      ATOM_TYPE,
      async () => {
        const at = new Date(now());
        const { posts } = await listPosts(db, { limit: FEED_SIZE, now: at });
        const full = await Promise.all(posts.map((post) => findPost(db, post.id, { now: at })));
        // A post removed between the two reads is left out.
        return feedXml(
          full.filter((post) => post !== undefined),
          publicUrl,
        );
      },
      caches.feeds,
    );
    return send(request, reply, answer);
  });

  // A tag's feed: its 20 newest public posts. A slug with no tag, or a tag with no public post, is no feed.
  app.get<{ Params: { slug: string } }>('/tag/:slug/feed.xml', async (request, reply) => {
    const { slug } = request.params;
    const answer = isSlug(slug)
      ? await cached(
          `tag-feed:${slug}`,
          ATOM_TYPE,
          async () => {
            const at = new Date(now());
            const tag = await findTag(db, slug);
            if (tag === undefined) return '';
            const { posts } = await listPosts(db, { limit: FEED_SIZE, tag: slug, now: at });
            if (posts.length === 0) return '';
            const full = await Promise.all(posts.map((post) => findPost(db, post.id, { now: at })));
            return feedXml(
              full.filter((post) => post !== undefined),
              publicUrl,
              at,
              tag,
            );
          },
          caches.feeds,
        )
      : { body: '' };
    if (answer.body === '') return reply.code(404).send({ error: 'Not found' });
    return send(request, reply, answer);
  });

  // The same for every request: made once, with its answers.
  const robotsBody = robotsTxt(publicUrl);
  const robots: CachedResponse = {
    body: robotsBody,
    headers: { 'content-type': 'text/plain; charset=utf-8', etag: strongEtag(robotsBody) },
  };
  app.get('/robots.txt', (request, reply) => {
    send(request, reply, robots);
  });
};
