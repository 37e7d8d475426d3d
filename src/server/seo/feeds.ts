// The XML and text crawlers and feed readers read: sitemap files and their index, the Atom feeds (the site's and each
// tag's) and robots.txt, built from posts already read. Every URL is absolute (PUBLIC_URL) and built from the route table.
import type { BlogPost, BlogSummary, TagRef } from '../../contract/types';
import type { AuthorRef } from '../../contract/authors';
import { pathTo } from '../../contract/routes';
import { SITE_NAME, pageTitle } from '../../contract/site';
import { absoluteUrl, escapeXml, modifiedAt, postDescription, publishedAt } from './text';
import { escapeHtml } from '../../contract/html';
import { textHtml } from '../../contract/marksParser';
import { watchUrl } from '../../contract/videoEmbed';

/** Posts in the feed (the newest first). */
export const FEED_SIZE = 20;
/**
 * A feed's size at most, in UTF-16 code units (about bytes: the markup is ASCII). Readers poll feeds on their own, so a
 * feed is built, compressed and kept once per change; entries stop before one would pass this. About 1 MB: twenty long
 * stories fit, and one post of the largest body a write may carry (1 MB, which escaping can make ten times longer) does
 * not make a 10 MB feed.
 */
export const FEED_MAX_CHARS = 1_048_576;
/**
 * An entry's HTML content (before XML escaping) stops adding texts once it is this long, and ends with a link to the
 * story on the site. A text is at most a paragraph (10,000 characters), so an entry's XML stays within a third of
 * FEED_MAX_CHARS even when every character is one escaping lengthens most, and one story never fills the feed alone.
 */
export const ENTRY_CONTENT_MAX_CHARS = 100_000;
/** URLs in one sitemap file at most (sitemaps.org). Past that, /sitemap.xml is an index of /sitemap-posts-N.xml files. */
export const SITEMAP_MAX_URLS = 50_000;
/** The site's own pages, listed before the posts in the (first) sitemap file. */
export const SITE_PATHS = [pathTo('home'), pathTo('blog'), pathTo('sample')];

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A date as RFC 3339 (Atom) / W3C datetime (sitemaps): a date-only display date is that day at midnight UTC. */
function dateTime(value: string): string {
  return value.length === 10 ? `${value}T00:00:00Z` : value;
}

const newest = (dates: string[]) =>
  dates.reduce<string | undefined>((a, b) => (a === undefined || b > a ? b : a), undefined);

export type Dated = Pick<BlogSummary, 'id' | 'createdAt'> & { updatedAt?: string };

const sitemapUrl = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(dateTime(lastmod))}</lastmod>` : ''}</url>\n`;

/**
 * One sitemap file: the site's pages when `withSite` (dated by the newest post) with the pages of `tags` (slugs of
 * tags with a public post) and of `authors` (slugs of accounts with one), then the posts.
 */
export function sitemapXml(
  posts: Dated[],
  publicUrl: string,
  withSite = true,
  tags: string[] = [],
  authors: string[] = [],
): string {
  const latest = newest(posts.map(modifiedAt));
  return (
    XML_DECLARATION +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    (withSite
      ? SITE_PATHS.map((path) =>
          sitemapUrl(`${publicUrl}${path}`, path === pathTo('sample') ? undefined : latest),
        ).join('') +
        tags.map((slug) => sitemapUrl(`${publicUrl}${pathTo('tag', { slug })}`)).join('') +
        authors.map((slug) => sitemapUrl(`${publicUrl}${pathTo('author', { slug })}`)).join('')
      : '') +
    posts.map((post) => sitemapUrl(`${publicUrl}${pathTo('post', { id: post.id })}`, modifiedAt(post))).join('') +
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

/** The poster the page's video facade shows (public/video-poster.svg): the same for every video, served by this site. */
const VIDEO_POSTER = { path: '/video-poster.svg', width: 1280, height: 720 };

/**
 * The story as HTML for a feed reader: each section's title, paragraph and lists, the text with its marks ('marks') or
 * as typed ('plain'), every character escaped; a photo as a <figure> with its absolute URL, alt text and caption; a
 * quote as a <blockquote> with its cite; a video as a link to it on YouTube around the page's poster. Products are left
 * to the page.
 */
function contentHtml(post: BlogPost, publicUrl: string, url: string): string {
  let out = '';
  let cut = false;
  // Each text is added whole while the HTML is under the bound (a text is at most a paragraph's 10,000 characters).
  const html = (text: string) => {
    if (out.length >= ENTRY_CONTENT_MAX_CHARS) cut = true;
    return cut ? undefined : textHtml(text, post.textFormat, publicUrl);
  };
  const list = (entries: { item: string }[]) => {
    const items: string[] = [];
    for (const entry of entries) {
      const item = html(entry.item);
      if (item === undefined) break;
      items.push(`<li>${item}</li>`);
    }
    return items.length ? `<ul>${items.join('')}</ul>` : '';
  };
  const figcaption = (text: string) => (text ? `<figcaption>${escapeHtml(text)}</figcaption>` : '');
  for (const section of post.sections) {
    if (out.length >= ENTRY_CONTENT_MAX_CHARS) cut = true;
    if (cut) break;
    if (section.type === 'image') {
      const src = absoluteUrl(section.image, publicUrl);
      if (src === undefined) continue;
      const caption = [section.caption, section.credit].filter((part) => part !== '').join(' · ');
      out += `<figure><img src="${escapeHtml(src)}" alt="${escapeHtml(section.alt)}"/>${figcaption(caption)}</figure>`;
      continue;
    }
    if (section.type === 'quote') {
      const text = html(section.text);
      if (text === undefined) break;
      const cite = section.cite ? `<footer>— <cite>${escapeHtml(section.cite)}</cite></footer>` : '';
      out += `<blockquote><p>${text}</p>${cite}</blockquote>`;
      continue;
    }
    if (section.type === 'video') {
      const label = section.caption ? `Video: ${section.caption}` : 'Video';
      out +=
        `<figure><a href="${escapeHtml(watchUrl(section))}">` +
        `<img src="${escapeHtml(`${publicUrl}${VIDEO_POSTER.path}`)}" alt="${escapeHtml(label)}" ` +
        `width="${VIDEO_POSTER.width}" height="${VIDEO_POSTER.height}"/></a>${figcaption(section.caption)}</figure>`;
      continue;
    }
    out += `<h2>${escapeHtml(section.title)}</h2>`;
    const paragraph = section.paragraph ? html(section.paragraph) : '';
    if (paragraph) out += `<p>${paragraph}</p>`;
    if (section.type === 'single-paragraph') out += list(section.list);
    else
      for (const column of section.columns) {
        if (cut) break;
        if (column.heading) out += `<h3>${escapeHtml(column.heading)}</h3>`;
        out += list(column.list);
      }
  }
  // A long story is cut between texts, so its HTML stays whole; the reader is sent to the page for the rest.
  return cut ? `${out}<p><a href="${escapeHtml(url)}">Read the whole story on ${escapeHtml(SITE_NAME)}</a></p>` : out;
}

/** Atom feed of these posts: the site's, one tag's or one author's (its own title, self link and page). */
export function feedXml(
  posts: (BlogPost & { updatedAt?: string })[],
  publicUrl: string,
  now = new Date(),
  tag?: TagRef,
  author?: AuthorRef,
): string {
  const feedTitle = pageTitle(tag?.name ?? author?.name);
  const pagePath = tag
    ? pathTo('tag', { slug: tag.slug })
    : author
      ? pathTo('author', { slug: author.slug })
      : pathTo('home');
  const selfPath = tag || author ? `${pagePath}/feed.xml` : '/feed.xml';
  const updated = newest(posts.map(modifiedAt)) ?? now.toISOString();
  const text = (tag: string, value: string) => `<${tag}>${escapeXml(value)}</${tag}>`;
  const entry = (post: (typeof posts)[number]) => {
    const url = `${publicUrl}${pathTo('post', { id: post.id })}`;
    return [
      '<entry>',
      text('id', url),
      `<title type="text">${escapeXml(post.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      text('published', dateTime(publishedAt(post))),
      text('updated', dateTime(modifiedAt(post))),
      `<author>${text('name', post.authorName.trim() ? post.authorName : SITE_NAME)}</author>`,
      // One per tag, the primary first: the slug is the term a reader filters on, the name what it shows.
      ...(post.tags ?? []).map((tag) => `<category term="${escapeXml(tag.slug)}" label="${escapeXml(tag.name)}"/>`),
      `<summary type="text">${escapeXml(postDescription(post))}</summary>`,
      // HTML as text inside XML (Atom's type="html"): the writer's characters escaped as HTML, that HTML escaped as XML
      // text, so a reader that decodes the XML holds the HTML, with `&` written `&amp;` once.
      `<content type="html">${escapeXml(contentHtml(post, publicUrl, url))}</content>`,
      '</entry>\n',
    ].join('');
  };
  const head =
    XML_DECLARATION +
    '<feed xmlns="http://www.w3.org/2005/Atom">\n' +
    text('id', `${publicUrl}${pagePath}`) +
    text('title', feedTitle) +
    text(
      'subtitle',
      tag
        ? `${tag.name} stories, analysis and gear picks.`
        : author
          ? `Stories by ${author.name}.`
          : 'Sports stories, analysis and gear picks.',
    ) +
    // The page before the feed itself: readers that take the first link show the site, not the XML.
    `<link rel="alternate" type="text/html" href="${escapeXml(`${publicUrl}${pagePath}`)}"/>` +
    `<link rel="self" type="application/atom+xml" href="${escapeXml(`${publicUrl}${selfPath}`)}"/>` +
    text('updated', dateTime(updated)) +
    `<author>${text('name', SITE_NAME)}</author>` +
    text('icon', `${publicUrl}/favicon.svg`) +
    text('logo', `${publicUrl}/logo.png`) +
    '\n';
  const end = '</feed>\n';
  // Newest first until the next entry would pass the bound; the newest is always there (its content is bounded).
  let size = head.length + end.length;
  const entries: string[] = [];
  for (const post of posts) {
    const next = entry(post);
    if (entries.length > 0 && size + next.length > FEED_MAX_CHARS) break;
    entries.push(next);
    size += next.length;
  }
  return head + entries.join('') + end;
}

export function robotsTxt(publicUrl: string): string {
  // Pages that must stay out of search results say so with robots noindex, which a crawler can only read if it may
  // fetch them; only the JSON API is closed.
  return `User-agent: *\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
