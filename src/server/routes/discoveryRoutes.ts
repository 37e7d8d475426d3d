// GET /sitemap.xml, /feed.xml (Atom) and /robots.txt: how crawlers and feed readers find every post. Absolute URLs come
// from PUBLIC_URL. Sitemap and feed answers are kept in caches.lists, so every write (and, through ContentCaches,
// another process's write within about a second) makes the next request rebuild them with the new post in it.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { BlogPost, BlogSummary } from '../../contract/types';
import type { ContentCaches } from '../contentCaches';
import type { Db } from '../db/database';
import { etagMatches, strongEtag } from '../etag';
import { findPost, listPosts } from '../repositories/postsRepository';
import type { CachedResponse } from '../responseCache';
import { escapeXml, modifiedAt, postDescription, publishedAt, SITE_NAME } from '../seo/text';

export type DiscoveryRoutesOptions = {
  db: Db;
  caches: ContentCaches;
  /** PUBLIC_URL without a trailing slash */
  publicUrl: string;
  /** the app's clock (epoch ms): which posts are public yet */
  now?: () => number;
};

/** Posts in the feed (the newest first). */
export const FEED_SIZE = 20;
/** A sitemap file holds at most 50,000 URLs (sitemaps.org); past that the oldest posts are left out. */
const SITEMAP_MAX_POSTS = 50_000 - 3;
const PAGE = 100;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A date as RFC 3339 (Atom) / W3C datetime (sitemaps): a date-only display date is that day at midnight UTC. */
function dateTime(value: string): string {
  return value.length === 10 ? `${value}T00:00:00Z` : value;
}

const newest = (dates: string[]) =>
  dates.reduce<string | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);

type Dated = BlogSummary & { updatedAt?: string };

async function sitemapPosts(db: Db, now: Date): Promise<Dated[]> {
  const posts: Dated[] = [];
  let cursor: number | undefined;
  do {
    const page = await listPosts(db, { limit: PAGE, beforeId: cursor, now });
    posts.push(...page.posts);
    cursor = page.nextCursor;
  } while (cursor !== undefined && posts.length < SITEMAP_MAX_POSTS);
  return posts.slice(0, SITEMAP_MAX_POSTS);
}

export function sitemapXml(posts: Dated[], publicUrl: string): string {
  const latest = newest(posts.map(modifiedAt));
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${escapeXml(dateTime(lastmod))}</lastmod>` : ''}</url>\n`;
  return (
    XML_DECLARATION +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    url('/', latest) +
    url('/blog', latest) +
    url('/sample') +
    posts.map((post) => url(`/page/${post.id}`, modifiedAt(post))).join('') +
    '</urlset>\n'
  );
}

export function feedXml(posts: (BlogPost & { updatedAt?: string })[], publicUrl: string, now = new Date()): string {
  const updated = newest(posts.map(modifiedAt)) ?? now.toISOString();
  const text = (tag: string, value: string) => `<${tag}>${escapeXml(value)}</${tag}>`;
  const entries = posts.map((post) => {
    const url = `${publicUrl}/page/${post.id}`;
    return [
      '<entry>',
      text('id', url),
      `<title type="text">${escapeXml(post.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      text('published', dateTime(publishedAt(post))),
      text('updated', dateTime(modifiedAt(post))),
      `<author>${text('name', post.authorName.trim() ? post.authorName : SITE_NAME)}</author>`,
      `<summary type="text">${escapeXml(postDescription(post))}</summary>`,
      '</entry>\n',
    ].join('');
  });
  return (
    XML_DECLARATION +
    '<feed xmlns="http://www.w3.org/2005/Atom">\n' +
    text('id', `${publicUrl}/`) +
    text('title', SITE_NAME) +
    text('subtitle', 'Sports stories, analysis and gear picks.') +
    `<link rel="self" type="application/atom+xml" href="${escapeXml(`${publicUrl}/feed.xml`)}"/>` +
    `<link rel="alternate" type="text/html" href="${escapeXml(`${publicUrl}/`)}"/>` +
    text('updated', dateTime(updated)) +
    `<author>${text('name', SITE_NAME)}</author>` +
    text('icon', `${publicUrl}/favicon.svg`) +
    text('logo', `${publicUrl}/logo.png`) +
    '\n' +
    entries.join('') +
    '</feed>\n'
  );
}

export function robotsTxt(publicUrl: string): string {
  // Pages that must stay out of search results say so with robots noindex, which a crawler can only read if it may
  // fetch them; only the JSON API is closed.
  return `User-agent: *\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

function send(request: FastifyRequest, reply: FastifyReply, { body, headers }: CachedResponse) {
  const etag = headers?.etag ?? strongEtag(body);
  // Revalidated every time (a new post must show at once), cheaply: a 304 when nothing changed.
  void reply
    .headers(headers ?? {})
    .header('etag', etag)
    .header('cache-control', 'no-cache');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(body);
}

export const discoveryRoutes: FastifyPluginAsync<DiscoveryRoutesOptions> = async (
  app,
  { db, caches, publicUrl, now = Date.now },
) => {
  async function cached(key: string, type: string, build: () => Promise<string>): Promise<CachedResponse> {
    const hit = caches.lists.get(key);
    if (hit !== undefined) return hit;
    // Read before building: an answer built from data older than a write that lands meanwhile is not kept.
    const generation = caches.lists.generation;
    const body = await build();
    const answer = { body, headers: { 'content-type': type, etag: strongEtag(body) } };
    caches.lists.set(key, answer, generation);
    return answer;
  }

  app.get('/sitemap.xml', async (request, reply) => {
    const answer = await cached('sitemap.xml', 'application/xml; charset=utf-8', async () =>
      sitemapXml(await sitemapPosts(db, new Date(now())), publicUrl),
    );
    return send(request, reply, answer);
  });

  app.get('/feed.xml', async (request, reply) => {
    const answer = await cached('feed.xml', 'application/atom+xml; charset=utf-8', async () => {
      const at = new Date(now());
      const { posts } = await listPosts(db, { limit: FEED_SIZE, now: at });
      const full = await Promise.all(posts.map((post) => findPost(db, post.id, { now: at })));
      // A post removed between the two reads is left out.
      return feedXml(
        full.filter((post) => post !== undefined),
        publicUrl,
      );
    });
    return send(request, reply, answer);
  });

  app.get('/robots.txt', async (request, reply) => {
    const body = robotsTxt(publicUrl);
    return send(request, reply, { body, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  });
};
