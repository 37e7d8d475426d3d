// The built client: files from CLIENT_DIR (pre-compressed siblings chosen by Accept-Encoding) and index.html for client routes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute, matchRouteAt, pathTo, ROUTE_LIST } from '../../contract/routes';
import type { Route } from '../../contract/routes';
import { sendPrepared } from '../http/answers';
import type { PreparedAnswer } from '../http/answers';
import { acceptEncodingReader, sendNotAcceptable } from '../http/contentCoding';
import type { PageEncoding } from './encoding';
import type { PageRequest, RenderedPage } from './render';
import type { Shell } from './shell';
import { refuseBody } from '../http/requestLimits';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export type ClientPages = {
  /** server rendering (the SSR bundle was found): the page, or undefined to send the shell */
  render?: (request: PageRequest) => Promise<RenderedPage | undefined>;
  /** with server rendering: the cached page as sent in a coding, at once; undefined when it is not cached */
  cached?: (request: PageRequest, encoding: PageEncoding | undefined) => PreparedAnswer | undefined;
  /** the shell of a page the browser renders itself (index.html with its hints) */
  shell?: (request: PageRequest) => Promise<Shell>;
  /** whether the request carries a live staff session: admin pages answer 303 to the sign-in card without one */
  signedIn?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
};

/** Writes an answer as it is, whatever the request's If-None-Match (headers set one by one, so the log reads its length). */
function sendWhole(reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
  reply.hijack();
  for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) reply.raw.setHeader(name, value);
  reply.raw.writeHead(answer.status);
  reply.raw.end(answer.bytes);
  return reply;
}

/** /admin and every page under it. */
export const isAdminPath = (path: string) => /^\/admin(?:\/|$)/.test(path);

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
  { render, cached, shell, signedIn }: ClientPages = {},
): Promise<void> {
  const hasIndex = shell !== undefined;

  /**
   * onRequest hook of the admin pages only: without a session, 303 to /auth?next=<the page>, so the card can bring the
   * admin back. A visitor's page never runs it.
   */
  async function requireSession(request: FastifyRequest, reply: FastifyReply) {
    if (signedIn === undefined || (await signedIn(request, reply))) return;
    const next = encodeURIComponent(request.url);
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .redirect(`${pathTo('auth')}?next=${next}`, 303);
  }
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

  const acceptable = acceptEncodingReader();

  /**
   * A page: from the cache at once when it is there (no promise on that path), else rendered, else the shell. `route`:
   * the route the router chose, when it did (only its pattern is matched then).
   */
  function sendIndex(request: FastifyRequest, reply: FastifyReply, route?: Route) {
    const [path = '/', search = ''] = request.url.split('?');
    // Matched once, here: rendering, the hints and the shell all take what this found.
    const page: PageRequest = {
      path,
      query: new URLSearchParams(search),
      match: route === undefined ? matchRoute(path) : matchRouteAt(route, path),
      cookies: request.headers.cookie,
    };
    // A page is always large enough to compress.
    const coding = acceptable(request).large;
    if (coding === undefined) {
      sendNotAcceptable(reply);
      return;
    }
    const encoding = coding === 'identity' ? undefined : coding;
    const ready = cached?.(page, encoding);
    if (ready !== undefined) {
      sendPrepared(request, reply, ready);
      return;
    }
    return sendMade(request, reply, page, encoding);
  }

  async function sendMade(request: FastifyRequest, reply: FastifyReply, page: PageRequest, encoding?: PageEncoding) {
    const rendered = render ? await render(page) : undefined;
    // A member's own page is sent whole every time: it has no validator a 304 could answer.
    if (rendered?.personal) return sendWhole(reply, rendered.answer(encoding));
    // Prepared whole once per page and coding and kept with it (pages/encoding.ts).
    if (rendered) return sendPrepared(request, reply, rendered.answer(encoding));
    // HTML names hashed assets, so it is revalidated on every use (an ETag makes that a 304).
    reply.header('cache-control', 'no-cache');
    const { status, html } = await shell!(page);
    reply.code(status);
    if (html === undefined) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(html);
  }

  // Every page of the route table gets a route of its own: the root because the static handler answers a directory
  // with 403 (index: false), and all of them so that a page request is not first looked up as a file on disk (that
  // lookup cost more than a cached page itself). The router chose the route, so only its pattern is matched again (on
  // the raw path: the router's params are decoded, and /page/%31 is no post's address).
  if (hasIndex)
    for (const route of ROUTE_LIST) {
      const handler = (request: FastifyRequest, reply: FastifyReply) => sendIndex(request, reply, route);
      if (isAdminPath(route.path)) app.get(route.path, { onRequest: requireSession }, handler);
      else app.get(route.path, handler);
    }

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
    if (isAdminPath(path)) {
      await requireSession(request, reply);
      if (reply.sent) return reply;
    }
    if (!hasIndex) return reply.code(503).send({ error: 'The client is not built yet: run npm run build' });
    return sendIndex(request, reply);
  });
}
