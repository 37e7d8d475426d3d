// GET /sitemap.xml, /feed.xml (Atom) and /robots.txt: how crawlers and feed readers find every post. Absolute URLs come
// from PUBLIC_URL. Sitemap and feed answers are kept in caches.lists, so every write (and, through ContentCaches,
// another process's write within about a second) makes the next request rebuild them with the new post in it.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { BlogPost, BlogSummary } from '../../contract/types';
import type { ContentCaches } from '../http/contentCaches';
import type { Db } from '../db/database';
import { etagMatches, strongEtag } from '../http/etag';
import { isSlug } from '../../contract/tags';
import type { TagRef } from '../../contract/types';
import { countPublicPosts, findPost, listPosts, streamPublicPosts } from '../repositories/postsRepository';
import { findTag, publicTagSlugs } from '../repositories/tagsRepository';
import type { CachedResponse } from '../http/responseCache';
import { escapeXml, modifiedAt, postDescription, publishedAt, SITE_NAME } from '../seo/text';

export type DiscoveryRoutesOptions = {
  db: Db;
  caches: ContentCaches;
  /** PUBLIC_URL without a trailing slash */
  publicUrl: string;
  /** the app's clock (epoch ms): which posts are public yet */
  now?: () => number;
  /** URLs per sitemap file (default and most the protocol allows: 50,000) */
  maxUrls?: number;
};

/** Posts in the feed (the newest first). */
export const FEED_SIZE = 20;
/** URLs in one sitemap file at most (sitemaps.org). Past that, /sitemap.xml is an index of /sitemap-posts-N.xml files. */
export const SITEMAP_MAX_URLS = 50_000;
/** The site's own pages, listed before the posts in the (first) sitemap file. */
const SITE_PATHS = ['/', '/blog', '/sample'];

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A date as RFC 3339 (Atom) / W3C datetime (sitemaps): a date-only display date is that day at midnight UTC. */
function dateTime(value: string): string {
  return value.length === 10 ? `${value}T00:00:00Z` : value;
}

const newest = (dates: string[]) =>
  dates.reduce<string | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);

type Dated = Pick<BlogSummary, 'id' | 'createdAt'> & { updatedAt?: string };

const sitemapUrl = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(dateTime(lastmod))}</lastmod>` : ''}</url>\n`;

/**
 * One sitemap file: the site's pages when `withSite` (dated by the newest post) with the pages of `tags` (slugs of
 * tags with a public post), then the posts.
 */
export function sitemapXml(posts: Dated[], publicUrl: string, withSite = true, tags: string[] = []): string {
  const latest = newest(posts.map(modifiedAt));
  return (
    XML_DECLARATION +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    (withSite
      ? SITE_PATHS.map((path) => sitemapUrl(`${publicUrl}${path}`, path === '/sample' ? undefined : latest)).join('') +
        tags.map((slug) => sitemapUrl(`${publicUrl}/tag/${slug}`)).join('')
      : '') +
    posts.map((post) => sitemapUrl(`${publicUrl}/page/${post.id}`, modifiedAt(post))).join('') +
    '</urlset>\n'
  );
}

export function sitemapIndexXml(files: number, publicUrl: string): string {
  const entries = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-posts-${i + 1}.xml`)}</loc></sitemap>\n`,
  );
  return (
    XML_DECLARATION +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries.join('') +
    '</sitemapindex>\n'
  );
}

/**
 * How the public posts are split: one file while they fit beside the site's pages, else files of `maxUrls` posts
 * (the first keeps the site's pages, so it holds that many fewer posts).
 */
export function sitemapLayout(postCount: number, maxUrls: number, tagCount = 0) {
  // Tag pages share the first file with the site's pages (one file never holds more than maxUrls).
  const firstPosts = Math.max(0, maxUrls - SITE_PATHS.length - tagCount);
  const files = postCount <= firstPosts ? 1 : 1 + Math.ceil((postCount - firstPosts) / maxUrls);
  /** The posts of file n (from 1): how many to skip, and how many to take. */
  const slice = (n: number) =>
    n === 1 ? { offset: 0, limit: firstPosts } : { offset: firstPosts + (n - 2) * maxUrls, limit: maxUrls };
  return { files, slice };
}

/** Atom feed of these posts: the site's, or one tag's (its own title, self link and page). */
export function feedXml(
  posts: (BlogPost & { updatedAt?: string })[],
  publicUrl: string,
  now = new Date(),
  tag?: TagRef,
): string {
  const feedTitle = tag ? `${tag.name} · ${SITE_NAME}` : SITE_NAME;
  const selfPath = tag ? `/tag/${tag.slug}/feed.xml` : '/feed.xml';
  const pagePath = tag ? `/tag/${tag.slug}` : '/';
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
    text('id', `${publicUrl}${pagePath}`) +
    text('title', feedTitle) +
    text(
      'subtitle',
      tag ? `${tag.name} stories, analysis and gear picks.` : 'Sports stories, analysis and gear picks.',
    ) +
    `<link rel="self" type="application/atom+xml" href="${escapeXml(`${publicUrl}${selfPath}`)}"/>` +
    `<link rel="alternate" type="text/html" href="${escapeXml(`${publicUrl}${pagePath}`)}"/>` +
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
  { db, caches, publicUrl, now = Date.now, maxUrls = SITEMAP_MAX_URLS },
) => {
  // A rebuild in progress, by cache key: requests that miss the cache meanwhile wait for it instead of starting more.
  const building = new Map<string, Promise<CachedResponse>>();
  async function cached(key: string, type: string, build: () => Promise<string>): Promise<CachedResponse> {
    const hit = caches.lists.get(key);
    if (hit !== undefined) return hit;
    const running = building.get(key);
    if (running !== undefined) return running;
    const rebuild = (async () => {
      // Read before building: an answer built from data older than a write that lands meanwhile is not kept.
      const generation = caches.lists.generation;
      const body = await build();
      const answer = { body, headers: { 'content-type': type, etag: strongEtag(body) } };
      caches.lists.set(key, answer, generation);
      return answer;
    })();
    building.set(key, rebuild);
    try {
      return await rebuild;
    } finally {
      building.delete(key);
    }
  }

  const XML_TYPE = 'application/xml; charset=utf-8';

  /** The posts of one sitemap file, read by one streaming query. */
  async function sitemapFile(
    n: number,
    layout: ReturnType<typeof sitemapLayout>,
    at: Date,
    tags: string[],
  ): Promise<string> {
    const posts: Dated[] = [];
    for await (const post of streamPublicPosts(db, { now: at, ...layout.slice(n) }))
      posts.push({ id: post.id, createdAt: post.modifiedAt, updatedAt: post.modifiedAt });
    return sitemapXml(posts, publicUrl, n === 1, n === 1 ? tags : []);
  }

  /** What the sitemap files hold now: the tag pages (in the first file) and how the posts are split. */
  async function sitemapPlan(at: Date) {
    const [count, tags] = await Promise.all([countPublicPosts(db, at), publicTagSlugs(db, at)]);
    // Past what one file holds beside the site's pages, the tag pages beyond are left out.
    const listed = tags.slice(0, maxUrls - SITE_PATHS.length);
    return { tags: listed, layout: sitemapLayout(count, maxUrls, listed.length) };
  }

  app.get('/sitemap.xml', async (request, reply) => {
    const answer = await cached('sitemap.xml', XML_TYPE, async () => {
      const at = new Date(now());
      const { layout, tags } = await sitemapPlan(at);
      return layout.files === 1 ? sitemapFile(1, layout, at, tags) : sitemapIndexXml(layout.files, publicUrl);
    });
    return send(request, reply, answer);
  });

  app.get<{ Params: { n: string } }>('/sitemap-posts-:n(^\\d{1,6}).xml', async (request, reply) => {
    const n = Number(request.params.n);
    const key = `sitemap-posts-${n}.xml`;
    const answer = await cached(key, XML_TYPE, async () => {
      const at = new Date(now());
      const { layout, tags } = await sitemapPlan(at);
      // No index (everything fits in /sitemap.xml), or past its last file: not a file of this site.
      return layout.files === 1 || n < 1 || n > layout.files ? '' : sitemapFile(n, layout, at, tags);
    });
    if (answer.body === '') return reply.code(404).send({ error: 'Not found' });
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

  // A tag's feed: its 20 newest public posts. A slug with no tag, or a tag with no public post, is no feed.
  app.get<{ Params: { slug: string } }>('/tag/:slug/feed.xml', async (request, reply) => {
    const { slug } = request.params;
    const answer = isSlug(slug)
      ? await cached(`tag-feed:${slug}`, 'application/atom+xml; charset=utf-8', async () => {
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
        })
      : { body: '' };
    if (answer.body === '') return reply.code(404).send({ error: 'Not found' });
    return send(request, reply, answer);
  });

  app.get('/robots.txt', async (request, reply) => {
    const body = robotsTxt(publicUrl);
    return send(request, reply, { body, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  });
};
