// The built client: files from CLIENT_DIR (pre-compressed siblings chosen by Accept-Encoding) and index.html for client routes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute, ROUTE_LIST } from '../contract/routes';
import { etagMatches } from './etag';
import { PAGE_ENCODINGS } from './pageEncoding';
import { refuseBody } from './requestLimits';
import type { RenderedPage } from './pages';
import type { RouteHints } from './routeHints';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export type ClientPages = {
  /** the page's preload hints (the build's manifest was found) */
  hints?: RouteHints;
  /** server rendering (the SSR bundle was found): the page, or undefined to send the shell */
  render?: (path: string, query: URLSearchParams) => Promise<RenderedPage | undefined>;
  /** head tags for the shell of a client-rendered route (/auth, /admin) */
  shellHead?: (path: string) => string;
};

/** index.html with `tags` at the end of its head. */
export function addToHead(indexHtml: string, tags: string): string {
  // A replacer function, not a string: page text may hold `$&` or `$'`, which a replacement string would expand.
  return indexHtml.replace('</head>', () => `${tags}</head>`);
}

/** index.html with the page's own head in place of its generic title and description. */
export function withHead(indexHtml: string, tags: string): string {
  return addToHead(
    indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, ''),
    tags,
  );
}

/** Reads CLIENT_DIR/index.html, or undefined when the client has not been built. */
export function readIndexHtml(clientDir: string): string | undefined {
  const file = join(clientDir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * Serves CLIENT_DIR and answers page URLs: server-rendered pages when `pages.render` is given, else index.html (the
 * shell) with the page's preload links and head; without any for a URL the pre-compressed file is sent as is.
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
  indexHtml: string | undefined,
  { hints, render, shellHead }: ClientPages = {},
): Promise<void> {
  const hasIndex = indexHtml !== undefined;
  if (existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // Vite's build manifest is read from disk for the preload hints; it maps source paths and is nobody's download.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      setHeaders(reply, path) {
        const relative = path
          .slice(clientDir.length)
          .replaceAll('\\', '/')
          .replace(/\.(br|gz)$/, '');
        if (relative.startsWith('/assets/')) reply.header('cache-control', IMMUTABLE);
        else if (relative.endsWith('.html')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const [path = '/', search = ''] = request.url.split('?');
    // HTML names hashed assets, so it is revalidated on every use (an ETag makes that a 304).
    reply.header('cache-control', 'no-cache');
    const page = render ? await render(path, new URLSearchParams(search)) : undefined;
    if (page) {
      // Compressed once per page and kept with it (pages.ts); each coding is its own representation with its own tag.
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', PAGE_ENCODINGS);
      const etag = encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
      reply.code(page.status).header('etag', etag).header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (page.status === 200 && etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      if (!encoding) return reply.send(page.body);
      return reply.header('content-encoding', encoding).send(page.encode(encoding));
    }
    // The client shows its not-found page either way; the status tells crawlers and tools the truth.
    const match = matchRoute(path);
    reply.code(match ? (match.route.shellStatus ?? 200) : 404);
    const links = hints ? await hints.links(path) : '';
    const privateHead = match?.route.render === 'client' && shellHead ? shellHead(path) : '';
    if ((!links && !privateHead) || indexHtml === undefined) return reply.sendFile('index.html');
    const html = privateHead ? withHead(indexHtml, privateHead + links) : addToHead(indexHtml, links);
    return reply.type('text/html; charset=utf-8').send(html);
  }

  // Every page of the route table gets a route of its own: the root because the static handler answers a directory
  // with 403 (index: false), and all of them so that a page request is not first looked up as a file on disk (that
  // lookup cost more than a cached page itself). Anything else still reaches the not-found handler below.
  if (hasIndex) for (const { path } of ROUTE_LIST) app.get(path, sendIndex);

  // An unmatched path or method takes no body: one that brings a body is answered before it is read. Fastify runs
  // every lifecycle hook named in these options for the not-found handler, though its types list only two.
  const notFoundOptions = { onRequest: refuseBody(404, 'Not found') } as Parameters<typeof app.setNotFoundHandler>[0];
  app.setNotFoundHandler(notFoundOptions, async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A last segment with an extension is a file request (a missing file is a JSON 404, not the app shell), unless
    // a browser is navigating to it (/page/1.5 typed into the address bar): then it gets the page.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path.split('/').pop() ?? '');
    const navigating = (request.headers.accept ?? '').includes('text/html');
    const clientRoute =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|uploads)(\/|$)/.test(path) &&
      (!looksLikeFile || navigating);
    if (!clientRoute) return reply.code(404).send({ error: 'Not found' });
    if (!hasIndex) return reply.code(503).send({ error: 'The client is not built yet: run npm run build' });
    return sendIndex(request, reply);
  });
}
