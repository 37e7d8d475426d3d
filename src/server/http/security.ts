// Security headers for every response (helmet), with a CSP that admits the built pages' inline scripts and styles by hash.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { VIDEO_FRAME_ORIGIN } from '../../contract/videoEmbed';

/** `'sha256-…'` sources for every inline <script> (one without src) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

/**
 * The pages' headers: helmet run once with a fixed policy (no nonces), so they are the same for every answer.
 * `scriptHashes` admit index.html's inline scripts; `styleHashes` the stylesheets server-rendered pages carry inline
 * (src/server/pages/inlineStyles.ts). (@fastify/helmet builds the middleware again for every request, parsing the
 * whole policy each time: that took a third of the API's throughput in npm run bench:api.)
 */
export function pageSecurityHeaders(scriptHashes: string[], styleHashes: string[] = []): Record<string, string> {
  return Object.fromEntries(
    headersSetBy(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", ...scriptHashes],
            styleSrc: ["'self'", ...styleHashes],
            // Admins may point post images at other (https) sites; the editor previews local files as blob: URLs. No
            // http: a page served over https would show a mixed-content image, and product images come from https hosts.
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            manifestSrc: ["'self'"],
            objectSrc: ["'none'"],
            // A video plays in YouTube's privacy-enhanced player once the reader presses play; no other site frames in.
            frameSrc: [VIDEO_FRAME_ORIGIN],
            baseUri: ["'self'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
          },
        },
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        frameguard: { action: 'deny' },
      }),
    ),
  );
}

/**
 * Puts the security headers on every answer Fastify sends (routes, errors, 404s, static files). An answer prepared
 * whole (answers.ts) carries them itself and is written without Fastify's send, so no hook runs for it: a cached read
 * pays nothing here. Set on the raw response, so a header a route or the error handler sets itself still wins.
 */
export function registerSecurityHeaders(app: FastifyInstance, pageHeaders: Record<string, string>): void {
  const pageList = Object.entries(pageHeaders);
  // Callback style: an async hook costs every request a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const response = reply.raw;
    for (const [name, value] of API_PATH.test(request.url) ? API_HEADER_LIST : pageList)
      response.setHeader(name, value);
    done(null, payload);
  });
}

/** The headers a connect-style middleware sets on a response (in order), found by running it once on a stand-in. */
function headersSetBy(
  middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void,
): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let finished = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('the security headers middleware did not finish synchronously');
  return [...headers];
}

const API_PATH = /^\/api(?:[/?]|$)/;

/**
 * For answers Fastify sends before routing (a URL that is not valid percent-encoding), where no hook runs: the same
 * protections helmet gives every other answer, for a JSON body that needs no sources at all.
 */
export const PRE_ROUTING_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/**
 * The API's answers are JSON, never a document, so they get OWASP's set for REST services (REST Security Cheat Sheet,
 * "Security headers") instead of the pages' policy: a CSP that allows nothing, nosniff, no framing, HSTS, plus the
 * referrer policy and CORP the pages have. The pages' policy, with its script and style hashes and the headers that
 * only mean something to a document (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, …), was 1.2 KB on every
 * answer: more than half of a post's JSON, and a third of the API's time per request in npm run bench:api.
 */
export const API_HEADERS = {
  ...PRE_ROUTING_HEADERS,
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-resource-policy': 'same-origin',
} as const;
const API_HEADER_LIST = Object.entries(API_HEADERS);
