// Security headers for every response (helmet), with a CSP that admits the built pages' inline scripts and styles by hash.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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
 * `scriptHashes` admit index.html's inline scripts; `styleHashes` the stylesheets server-rendered pages carry inline
 * (src/server/inlineStyles.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  scriptHashes: string[],
  styleHashes: string[] = [],
): void {
  // helmet itself, built once. (@fastify/helmet builds the middleware again for every request, parsing the whole
  // policy each time: that took a third of the API's throughput in npm run bench:api.)
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", ...styleHashes],
        // Admins may point post images at other sites; the editor previews local files as blob: URLs.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
  // Headers set on the raw response here are kept by Fastify whatever the route or error handler sends later.
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
  );
}

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
