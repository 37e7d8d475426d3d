// Server-rendered pages: the route table decides which URLs the server renders (/, /blog, /page/:id, /sample and the
// not-found page), the repositories supply their data, the SSR bundle renders them into index.html, and the HTML is
// cached per URL in ContentCaches.pages (dropped by every write, like the API's lists) with an ETag for 304s.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS } from '../contract/limits';
import type { RenderInput, RenderPage } from '../contract/rendering';
import { matchRoute, parsePostId } from '../contract/routes';
import { addToHead, withHead } from './clientRoutes';
import type { ContentCaches } from './contentCaches';
import type { Db } from './db/database';
import type { InlineStyles } from './inlineStyles';
import { encoder } from './pageEncoding';
import type { PageEncoding } from './pageEncoding';
import { strongEtag } from './etag';
import { findPost, listPosts } from './repositories/postsRepository';
import type { RouteHints } from './routeHints';
import { headTags } from './seo/head';
import type { HeadPage } from './seo/head';

/** The SSR bundle `npm run build` writes beside the client build (vite build --ssr, see package.json). */
export function ssrBundleFile(clientDir: string): string {
  return join(clientDir, '..', 'ssr', 'entry-server.mjs');
}

/**
 * Loads the SSR bundle's render function, or undefined when there is none (an older build): pages are then rendered
 * in the browser from the shell, as before. Loaded at run time, not imported, so server code never imports client code.
 */
export async function loadPageRenderer(file: string): Promise<RenderPage | undefined> {
  if (!existsSync(file)) return undefined;
  const bundle = (await import(pathToFileURL(file).href)) as { render?: RenderPage };
  return bundle.render;
}

export type RenderedPage = {
  status: 200 | 404;
  body: string;
  /** the strong ETag of `body` as it is (the compressed copies have their own, see clientRoutes) */
  etag: string;
  /** the body compressed */
  encode: (encoding: PageEncoding) => Buffer;
};

export type PageServerOptions = {
  db: Db;
  caches: ContentCaches;
  indexHtml: string;
  render: RenderPage;
  hints?: RouteHints;
  /** the built stylesheets, which pages carry inline (none: they stay links) */
  styles?: InlineStyles;
  /** the site's public address, for the head's absolute URLs */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** the app's clock (epoch ms): which posts are public yet */
  now?: () => number;
};

/** What the server renders for a URL: the bundle's input and the head's description of the page. */
type PagePlan = { head: HeadPage; input: RenderInput };

/**
 * Returns the page for a GET of `path` + `query`, or undefined when the shell should be sent instead (a client-rendered
 * route such as /admin, or a render that failed: the browser then renders the page itself).
 */
export function createPageServer({
  db,
  caches,
  indexHtml,
  render,
  hints,
  styles,
  publicUrl,
  log,
  now = Date.now,
}: PageServerOptions) {
  const inlineStyles = styles?.inline ?? ((html: string) => html);
  // The template's own stylesheets are inlined once, here; each render inlines only its route's (in the hints).
  const template = inlineStyles(hints?.rendered(indexHtml) ?? indexHtml);
  const notFound = (url: string, missing: boolean): PagePlan => ({
    head: { kind: 'notFound', path: url },
    input: { url, missing },
  });

  async function plan(path: string, query: URLSearchParams): Promise<PagePlan> {
    const match = matchRoute(path);
    if (!match) return notFound(path, false);
    const { route, params } = match;
    if (route.data === 'post') {
      const post = await findPost(db, parsePostId(params.id)!, { now: new Date(now()) });
      if (!post) return notFound(path, true);
      return { head: { kind: 'post', post, path }, input: { url: path, post: { id: params.id!, post } } };
    }
    if (route.data === 'list') {
      // /blog?cursor=N is the list after post N: what 'Load more' links to, so it works without JavaScript.
      const cursorText = query.get('cursor');
      const cursor = cursorText === null ? undefined : parsePostId(cursorText);
      const url = cursorText === null ? path : `${path}?cursor=${cursorText}`;
      if (cursorText !== null && cursor === undefined) return notFound(url, true);
      const { posts, nextCursor } = await listPosts(db, {
        limit: LIMITS.pageSizeDefault,
        beforeId: cursor,
        now: new Date(now()),
      });
      const page = { posts, nextCursor: nextCursor === undefined ? null : String(nextCursor) };
      return { head: { kind: 'blog', path: url }, input: { url, list: { cursor: cursorText, page } } };
    }
    return { head: { kind: route.name === 'home' ? 'home' : 'sample', path }, input: { url: path } };
  }

  /**
   * The page for a GET of `path` + `query`, or undefined when the shell should be sent instead: a client-rendered
   * route such as /admin, or a render that failed (the browser then renders the page itself).
   */
  return async function renderPage(path: string, query: URLSearchParams): Promise<RenderedPage | undefined> {
    const route = matchRoute(path)?.route;
    if (route?.render === 'client') return undefined;
    // Only the cursor changes a page (other parameters, such as a campaign tag, do not make another copy).
    const key = route?.data === 'list' && query.has('cursor') ? `${path}?cursor=${query.get('cursor')}` : path;
    const cached = route ? caches.pages.get(key) : undefined;
    if (cached) {
      const { body, headers, encoded = {} } = cached;
      return { status: 200, body, etag: headers!.etag!, encode: encoder(body, encoded) };
    }

    const generation = caches.pages.generation;
    const { head, input } = await plan(path, query);
    let rendered;
    try {
      rendered = await render(input);
    } catch (error) {
      log.error({ err: error, url: input.url }, 'server rendering failed; sending the shell');
      return undefined;
    }
    const missing = head.kind === 'notFound';
    const links = hints ? await hints.links(path, { data: false, missing }) : '';
    // The hero image goes first, ahead of the scripts: it is what the largest paint waits for. React's own preload of
    // it (emitted at the start of the markup for an image with fetchpriority="high") is dropped: the hint names the
    // responsive candidates, and one request is enough.
    const imagePreloads = links.match(IMAGE_PRELOAD)?.join('') ?? '';
    const html = rendered.html.replace(LEADING_IMAGE_PRELOADS, '');
    const page = withHead(template, headTags(head, publicUrl) + inlineStyles(links.replace(IMAGE_PRELOAD, '')));
    const moduleScript = page.slice(0, page.indexOf('</head>')).indexOf('<script type="module"');
    // A replacer function, not a string: a post's text may hold `$&` or `$'`, which a replacement string expands.
    const body = (
      moduleScript < 0
        ? addToHead(page, imagePreloads)
        : page.slice(0, moduleScript) + imagePreloads + page.slice(moduleScript)
    ).replace('<div id="root"></div>', () => `<div id="root">${html}</div>${rendered.stateScript}`);
    const etag = strongEtag(body);
    const encoded = {};
    // A not-found page is not kept: another process may store that post a moment from now, and unknown URLs are
    // endless.
    if (!missing) caches.pages.set(key, { body, headers: { etag }, encoded }, generation);
    return { status: missing ? 404 : 200, body, etag, encode: encoder(body, encoded) };
  };
}

const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;
const LEADING_IMAGE_PRELOADS = new RegExp(`^(?:${IMAGE_PRELOAD.source})+`);
