// A cached answer precomputed whole: its bytes and every header (content-length and ETag among them), so sending it
// writes what is stored, and a revalidation is one string compare and a 304 with no body.
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, strongEtag } from './etag';

export type PreparedAnswer = {
  status: number;
  /** the strong ETag of exactly these bytes */
  etag: string;
  bytes: Buffer;
  /** every header of the full answer */
  headers: OutgoingHttpHeaders;
  /** the headers of its 304: the validator and what caches key and store it by, no body or length */
  notModified: OutgoingHttpHeaders;
};

/** `body` with its headers; the ETag is computed from the bytes unless given (a compressed copy's is derived). */
export function prepareAnswer(
  body: string | Buffer,
  headers: Record<string, string>,
  { status = 200, etag }: { status?: number; etag?: string } = {},
): PreparedAnswer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const tag = etag ?? strongEtag(bytes);
  const notModified: OutgoingHttpHeaders = { etag: tag };
  for (const name of ['cache-control', 'vary'] as const) if (headers[name]) notModified[name] = headers[name];
  return { status, etag: tag, bytes, headers: { ...headers, etag: tag, 'content-length': bytes.length }, notModified };
}

/**
 * Writes a prepared answer straight to the socket (Fastify's send, serialisation and onSend hooks are skipped; the
 * onRequest headers already set on the response and the onResponse log line stay). A 200 whose tag the client holds
 * is a 304: first by plain string compare, the common case, then by RFC 9110's list and weak comparison.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
  reply.hijack();
  const response = reply.raw;
  const held = request.headers['if-none-match'];
  if (answer.status === 200 && held !== undefined && (held === answer.etag || etagMatches(held, answer.etag))) {
    response.writeHead(304, answer.notModified);
    response.end();
  } else {
    response.writeHead(answer.status, answer.headers);
    response.end(answer.bytes);
  }
  return reply;
}
