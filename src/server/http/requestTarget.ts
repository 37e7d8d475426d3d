// The request line and Host as RFC 9112 reads them, before Fastify sees the request: a target in absolute form is
// served as its origin-form twin, and a request with more than one Host line is a 400.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { PRE_ROUTING_HEADERS } from './security';

/** `http://authority/path?query` (any case of the scheme); the authority without userinfo, the rest as sent. */
const ABSOLUTE_FORM = /^https?:\/\/([^/?#@]+)([/?][^#]*)?$/i;

/**
 * Rewrites an absolute-form target to origin form (RFC 9112 §3.2.2) and takes its authority as Host, as §7.2 asks of an
 * origin server (PUBLIC_URL, not Host, builds every URL the app writes). False for an absolute target that names no
 * usable http(s) host (no authority, or userinfo, which RFC 9110 §4.2.4 says to treat as an error).
 */
export function toOriginForm(request: IncomingMessage): boolean {
  const match = ABSOLUTE_FORM.exec(request.url ?? '');
  if (match === null) return false;
  const [, authority = '', rest = '/'] = match;
  request.url = rest.startsWith('?') ? `/${rest}` : rest;
  request.headers.host = authority;
  return true;
}

/** Whether the request carried more than one Host field line (Node keeps the first in request.headers). */
export function hasTwoHosts(rawHeaders: string[]): boolean {
  let seen = false;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length !== 4 || name.toLowerCase() !== 'host') continue;
    if (seen) return true;
    seen = true;
  }
  return false;
}

/** A 400 in the API's error shape with the pre-routing security headers; the connection closes after it. */
function badRequest(response: ServerResponse, message: string): void {
  const body = JSON.stringify({ error: message });
  response.writeHead(400, {
    ...PRE_ROUTING_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}

/**
 * Puts the checks in front of the server's request handler (Fastify's). An origin-form request pays one character
 * compare and a walk over its raw header names.
 */
export function checkRequestLine(server: Server): void {
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // '/' is 47: every origin-form target starts with it. Others (absolute form, or `*` for OPTIONS) are looked at.
    if (request.url?.charCodeAt(0) !== 47 && /^https?:/i.test(request.url ?? '') && !toOriginForm(request)) {
      badRequest(response, 'Malformed request target: an absolute URL needs an http(s) host and no userinfo');
      return;
    }
    if (hasTwoHosts(request.rawHeaders)) {
      badRequest(response, 'A request carries one Host header line');
      return;
    }
    for (const handler of handlers) handler(request, response);
  });
}
