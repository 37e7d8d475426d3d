// The built client: files from CLIENT_DIR (pre-compressed siblings chosen by Accept-Encoding) and index.html for client routes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteHints } from './routeHints';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The client's routes (src/client/app/router.tsx); any other path gets the shell with a 404 status. */
const CLIENT_ROUTES = [
  /^\/$/,
  /^\/blog\/?$/,
  /^\/sample\/?$/,
  /^\/page\/[^/]+\/?$/,
  /^\/auth\/?$/,
  /^\/admin\/?$/,
  /^\/admin\/(posts|edit\/[^/]+|preview\/[^/]+)\/?$/,
];

/** Reads CLIENT_DIR/index.html, or undefined when the client has not been built. */
export function readIndexHtml(clientDir: string): string | undefined {
  const file = join(clientDir, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * Serves CLIENT_DIR and answers client routes with index.html. With `hints` (the build's manifest was found) the page's
 * preload links go into its head; without any for a URL the pre-compressed file is sent as is.
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
  indexHtml: string | undefined,
  hints?: RouteHints,
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

  async function sendIndex(path: string, reply: FastifyReply) {
    // The client shows its not-found page either way; the status tells crawlers and tools the truth.
    reply.code(CLIENT_ROUTES.some((route) => route.test(path)) ? 200 : 404).header('cache-control', 'no-cache');
    const links = hints ? await hints(path) : '';
    if (!links || indexHtml === undefined) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(indexHtml.replace('</head>', `${links}</head>`));
  }

  // The static handler answers a directory with 403 (index: false), so the root gets the shell explicitly.
  if (hasIndex) app.get('/', async (_request, reply) => sendIndex('/', reply));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
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
    return sendIndex(path, reply);
  });
}
