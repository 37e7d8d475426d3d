// The <head> of every server-rendered page: title, description, canonical URL, Open Graph, Twitter card, JSON-LD, the
// feed link and, for pages that must stay out of search results, robots noindex. Absolute URLs come from PUBLIC_URL
// only (never the Host header, which any client can set and a cache would then serve to everyone).
import { parsePostId, pathTo } from '../../contract/routes';
import { jsonForScript, pageTitle, SITE_NAME } from '../../contract/site';
import type { BlogPost, TagRef } from '../../contract/types';
import type { AuthorRef } from '../../contract/authors';
import { LIVE_LIMITS } from '../../contract/live';
import type { LiveEntry } from '../../contract/live';
import { plainText } from '../../contract/marksParser';
import { escapeHtml } from '../../contract/html';
import {
  absoluteUrl,
  DEFAULT_IMAGE,
  LOGO,
  modifiedAt,
  parsePrice,
  postDescription,
  publishedAt,
  shareImage,
} from './text';
import type { ShareImage } from './text';
import type { Match } from '../../contract/matches';
import { sportsEvent } from './sportsEvents';

export type HeadPage =
  | {
      kind: 'post';
      post: BlogPost;
      path: string;
      /** a live post's newest entries (LIVE_LIMITS.jsonLdEntries of them), newest first */
      entries?: readonly LiveEntry[];
    }
  | { kind: 'tag'; tag: TagRef; path: string }
  | { kind: 'author'; author: AuthorRef; path: string }
  /** /matches: a day's matches, each a SportsEvent; `name` is the heading ("Today" or the day) */
  | { kind: 'matches'; path: string; name: string; matches: readonly Match[] }
  | { kind: 'home' | 'blog' | 'sample' | 'notFound' | 'private'; path: string };

const SITE_DESCRIPTION =
  'Match analysis, training know-how and honest gear picks for players, coaches and everyone who loves the game.';

/** The pages whose text is fixed. Titles match what the client sets (useDocumentTitle), so hydration changes none. */
const FIXED = {
  home: { title: SITE_NAME, description: SITE_DESCRIPTION, crumb: undefined },
  blog: {
    title: pageTitle('Blog'),
    description: `Latest sports stories on ${SITE_NAME}: match analysis, training know-how and honest gear picks.`,
    crumb: 'Blog',
  },
  sample: {
    title: pageTitle('How to Create a Video Channel in 5 Steps'),
    description:
      'A sample article: find your niche, set up your gear, film, edit and publish your first videos, and grow a community around your sport.',
    crumb: 'How to Create a Video Channel in 5 Steps',
  },
} as const;

const PRIVATE_TITLES: Record<string, string> = {
  [pathTo('auth')]: 'Sign In',
  [pathTo('admin')]: 'Create New Blog Post',
  [pathTo('search')]: 'Search',
};

const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;
const link = (rel: string, href: string, extra = '') => `<link rel="${rel}" href="${escapeHtml(href)}"${extra}>`;

function pathname(path: string): string {
  const end = path.search(/[?#]/);
  const bare = end === -1 ? path : path.slice(0, end);
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/** /blog?cursor=N is a page of its own (a crawler follows Load more through it); any other query is not. */
function blogCanonical(path: string, base = pathTo('blog')): string {
  const query = path.includes('?') ? path.slice(path.indexOf('?') + 1).split('#')[0] : '';
  const cursor = new URLSearchParams(query).get('cursor');
  return cursor !== null && parsePostId(cursor) !== undefined ? `${base}?cursor=${cursor}` : base;
}

function organization(publicUrl: string) {
  return {
    '@type': 'Organization',
    '@id': `${publicUrl}/#organization`,
    name: SITE_NAME,
    url: `${publicUrl}/`,
    logo: { '@type': 'ImageObject', url: `${publicUrl}${LOGO.path}`, width: LOGO.width, height: LOGO.height },
  };
}

function website(publicUrl: string) {
  return {
    '@type': 'WebSite',
    '@id': `${publicUrl}/#website`,
    name: SITE_NAME,
    url: `${publicUrl}/`,
    description: SITE_DESCRIPTION,
    publisher: { '@id': `${publicUrl}/#organization` },
  };
}

function breadcrumbs(publicUrl: string, trail: { name: string; path: string }[]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${publicUrl}${crumb.path}`,
    })),
  };
}

/** The share image as schema.org's ImageObject: whole-pixel width and height, and the writer's alt text as caption. */
function imageObject(image: ShareImage, caption: string | undefined) {
  return {
    '@type': 'ImageObject',
    url: image.url,
    ...(image.width !== undefined && image.height !== undefined
      ? { width: Math.round(image.width), height: Math.round(image.height) }
      : {}),
    ...(caption ? { caption } : {}),
  };
}

/**
 * What makes a live post's BlogPosting a LiveBlogPosting (what Google reads for its LIVE badge): the coverage's start,
 * its end once ended, and the newest entries as BlogPostings of their own; nothing for a post that never went live.
 */
function liveFacts(post: BlogPost, canonical: string, entries: readonly LiveEntry[]) {
  if (!post.live) return {};
  return {
    coverageStartTime: post.live.startedAt,
    ...(post.live.endedAt !== null ? { coverageEndTime: post.live.endedAt } : {}),
    liveBlogUpdate: entries.slice(0, LIVE_LIMITS.jsonLdEntries).map((entry) => {
      const text = plainText(entry.body, post.textFormat);
      return {
        '@type': 'BlogPosting',
        headline: Array.from(text).slice(0, LIVE_LIMITS.headlineMax).join(''),
        articleBody: text,
        datePublished: entry.createdAt,
        dateModified: entry.updatedAt,
        url: `${canonical}#entry-${entry.id}`,
      };
    }),
  };
}

function postGraph(
  post: BlogPost,
  publicUrl: string,
  canonical: string,
  description: string,
  image: ShareImage,
  imageAlt: string | undefined,
  entries: readonly LiveEntry[] = [],
) {
  // A post an account wrote links its author's page; another's author has none of their own: the site's.
  const author = post.authorName.trim()
    ? {
        '@type': 'Person',
        name: post.authorName,
        url: post.authorSlug ? `${publicUrl}${pathTo('author', { slug: post.authorSlug })}` : `${publicUrl}/`,
        ...(post.authorTitle.trim() ? { jobTitle: post.authorTitle } : {}),
      }
    : { '@id': `${publicUrl}/#organization` };
  const products = post.products.flatMap((product) => {
    const offer = parsePrice(product.price);
    if (offer === undefined || !product.title.trim()) return [];
    const productImage = absoluteUrl(product.imageUrl, publicUrl);
    const offerUrl = /^https?:\/\//i.test(product.amazonUrl) ? absoluteUrl(product.amazonUrl, publicUrl) : undefined;
    const description = plainText(product.description, post.textFormat).trim();
    return [
      {
        '@type': 'Product',
        name: product.title,
        ...(description ? { description } : {}),
        ...(productImage ? { image: productImage } : {}),
        // Price and link only: the editor asks for no availability, and an offer claims none it was not given.
        offers: { '@type': 'Offer', ...offer, ...(offerUrl ? { url: offerUrl } : {}) },
      },
    ];
  });
  return [
    {
      '@type': post.live ? 'LiveBlogPosting' : 'BlogPosting',
      '@id': `${canonical}#article`,
      headline: post.title,
      description,
      image: imageObject(image, imageAlt),
      datePublished: publishedAt(post),
      dateModified: modifiedAt(post as BlogPost & { updatedAt?: string }),
      ...(post.tags && post.tags.length > 0
        ? { keywords: post.tags.map((tag) => tag.name), articleSection: post.tags[0]!.name }
        : {}),
      author,
      publisher: { '@id': `${publicUrl}/#organization` },
      mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
      isPartOf: { '@id': `${publicUrl}/#website` },
      ...(post.commentCount === undefined ? {} : { commentCount: post.commentCount }),
      ...liveFacts(post, canonical, entries),
    },
    breadcrumbs(publicUrl, [
      { name: 'Home', path: pathTo('home') },
      { name: 'Blog', path: pathTo('blog') },
      { name: post.title, path: pathTo('post', { id: post.id }) },
    ]),
    organization(publicUrl),
    website(publicUrl),
    ...products,
  ];
}

/**
 * The tags for one page's <head>, every value escaped. `publicUrl` is PUBLIC_URL without a trailing slash (as
 * config.publicUrl holds it). The caller puts them in place of the shell's own <title> and description
 * (pages/template.ts, withHead).
 */
export function headTags(page: HeadPage, publicUrl: string): string {
  const feed = link('alternate', `${publicUrl}/feed.xml`, ` type="application/atom+xml" title="${SITE_NAME}"`);

  if (page.kind === 'private' || page.kind === 'notFound') {
    const name = page.kind === 'private' ? PRIVATE_TITLES[pathname(page.path)] : 'Page not found';
    return [
      `<title>${escapeHtml(pageTitle(name))}</title>`,
      meta('description', SITE_DESCRIPTION),
      // Nothing here belongs in search results (a 404 says so with its status too; the meta is for the rendered page).
      meta('robots', 'noindex'),
      feed,
    ].join('');
  }

  let title: string;
  let ogTitle: string;
  let description: string;
  let canonical: string;
  let image: ShareImage = {
    url: `${publicUrl}${DEFAULT_IMAGE.path}`,
    width: DEFAULT_IMAGE.width,
    height: DEFAULT_IMAGE.height,
  };
  let graph: object[];
  let tagFeed = '';
  /** what the share image shows, when it is the post's own photo and the writer said */
  let imageAlt: string | undefined;
  if (page.kind === 'tag') {
    const { tag } = page;
    const base = pathTo('tag', { slug: tag.slug });
    title = pageTitle(tag.name);
    ogTitle = tag.name;
    description = `${tag.name} stories on ${SITE_NAME}: the latest reports, analysis and gear picks tagged ${tag.name}.`;
    canonical = `${publicUrl}${blogCanonical(page.path, base)}`;
    tagFeed = link(
      'alternate',
      `${publicUrl}${base}/feed.xml`,
      ` type="application/atom+xml" title="${escapeHtml(title)}"`,
    );
    graph = [
      {
        '@type': 'CollectionPage',
        '@id': canonical,
        url: canonical,
        name: tag.name,
        description,
        isPartOf: { '@id': `${publicUrl}/#website` },
      },
      website(publicUrl),
      organization(publicUrl),
      breadcrumbs(publicUrl, [
        { name: 'Home', path: pathTo('home') },
        { name: 'Blog', path: pathTo('blog') },
        { name: tag.name, path: base },
      ]),
    ];
  } else if (page.kind === 'author') {
    const { author } = page;
    const base = pathTo('author', { slug: author.slug });
    title = pageTitle(author.name);
    ogTitle = author.name;
    description = `${author.name}${author.title ? `, ${author.title}` : ''}: stories by ${author.name} on ${SITE_NAME}.`;
    // The slug as the name reads now: an address from before a change of name points here.
    canonical = `${publicUrl}${base}`;
    // The photo describes the person; the share image stays the site's (a profile photo may be an SVG, which no
    // social site shows).
    const photo = author.photo ? absoluteUrl(author.photo, publicUrl) : undefined;
    tagFeed = link(
      'alternate',
      `${publicUrl}${base}/feed.xml`,
      ` type="application/atom+xml" title="${escapeHtml(title)}"`,
    );
    graph = [
      {
        '@type': 'ProfilePage',
        '@id': canonical,
        url: canonical,
        name: author.name,
        description,
        isPartOf: { '@id': `${publicUrl}/#website` },
        mainEntity: {
          '@type': 'Person',
          '@id': `${canonical}#person`,
          name: author.name,
          url: canonical,
          ...(author.title ? { jobTitle: author.title } : {}),
          ...(photo ? { image: photo } : {}),
        },
      },
      website(publicUrl),
      organization(publicUrl),
      breadcrumbs(publicUrl, [
        { name: 'Home', path: pathTo('home') },
        { name: 'Blog', path: pathTo('blog') },
        { name: author.name, path: base },
      ]),
    ];
  } else if (page.kind === 'matches') {
    title = pageTitle('Matches');
    ogTitle = `Matches: ${page.name}`;
    description = `Fixtures, live scores and results on ${SITE_NAME}: ${page.name}.`;
    canonical = `${publicUrl}${page.path}`;
    graph = [
      {
        '@type': 'CollectionPage',
        '@id': canonical,
        url: canonical,
        name: ogTitle,
        description,
        isPartOf: { '@id': `${publicUrl}/#website` },
      },
      website(publicUrl),
      organization(publicUrl),
      breadcrumbs(publicUrl, [
        { name: 'Home', path: pathTo('home') },
        { name: 'Matches', path: pathTo('matches') },
      ]),
      ...page.matches.map((match) => sportsEvent(match, publicUrl, canonical)),
    ];
  } else if (page.kind === 'post') {
    const { post } = page;
    title = pageTitle(post.title);
    ogTitle = post.title || SITE_NAME;
    description = postDescription(post);
    canonical = `${publicUrl}${pathTo('post', { id: post.id })}`;
    image = shareImage(post.imageUrl, post.images, publicUrl);
    const ownImage = image.url !== `${publicUrl}${DEFAULT_IMAGE.path}`;
    imageAlt = ownImage && post.imageAlt?.trim() ? post.imageAlt : undefined;
    graph = postGraph(post, publicUrl, canonical, description, image, imageAlt, page.entries);
  } else {
    const fixed = FIXED[page.kind];
    title = fixed.title;
    ogTitle = fixed.crumb ?? SITE_NAME;
    description = fixed.description;
    const path =
      page.kind === 'home' ? pathTo('home') : page.kind === 'blog' ? blogCanonical(page.path) : pathTo('sample');
    canonical = `${publicUrl}${path}`;
    const webPage = {
      '@type': page.kind === 'blog' ? 'CollectionPage' : 'WebPage',
      '@id': canonical,
      url: canonical,
      name: ogTitle,
      description,
      isPartOf: { '@id': `${publicUrl}/#website` },
    };
    graph = [webPage, website(publicUrl), organization(publicUrl)];
    if (fixed.crumb !== undefined)
      graph.push(
        breadcrumbs(publicUrl, [
          { name: 'Home', path: pathTo('home') },
          { name: fixed.crumb, path: pathTo(page.kind) },
        ]),
      );
  }

  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('description', description),
    link('canonical', canonical),
    property('og:type', page.kind === 'post' ? 'article' : page.kind === 'author' ? 'profile' : 'website'),
    property('og:site_name', SITE_NAME),
    property('og:title', ogTitle),
    property('og:description', description),
    property('og:url', canonical),
    property('og:image', image.url),
  ];
  if (image.width !== undefined && image.height !== undefined)
    tags.push(
      property('og:image:width', String(Math.round(image.width))),
      property('og:image:height', String(Math.round(image.height))),
    );
  if (imageAlt !== undefined) tags.push(property('og:image:alt', imageAlt));
  if (page.kind === 'post') {
    const published = publishedAt(page.post);
    // og's article:published_time is a full date-time; a display date is that day.
    tags.push(property('article:published_time', published.length === 10 ? `${published}T00:00:00Z` : published));
  }
  tags.push(
    meta('twitter:card', 'summary_large_image'),
    meta('twitter:title', ogTitle),
    meta('twitter:description', description),
    meta('twitter:image', image.url),
    ...(imageAlt !== undefined ? [meta('twitter:image:alt', imageAlt)] : []),
    tagFeed,
    feed,
    `<script type="application/ld+json">${jsonForScript({ '@context': 'https://schema.org', '@graph': graph })}</script>`,
  );
  return tags.join('');
}
