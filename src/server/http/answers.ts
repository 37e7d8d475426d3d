// A cached answer precomputed whole: its bytes and every header (content-length, ETag and the security headers among
// them), so sending it writes what is stored, and a revalidation is one string compare and a 304 with no body.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientHolds, strongEtag } from './etag';

export type PreparedAnswer = {
  status: number;
  /** the strong ETag of exactly these bytes */
  etag: string;
  bytes: Buffer;
  /** every header of the full answer */
  headers: OutgoingHttpHeaders;
  /** the headers of its 304: the validator, what caches key and store it by, and the security headers; no length */
  notModified: OutgoingHttpHeaders;
};

export type PrepareOptions = {
  status?: number;
  /** the tag, when known (a compressed copy's is derived from the body's); computed from the bytes otherwise */
  etag?: string;
  /**
   * The security headers of the answer (security.ts): no hook adds them to a prepared answer, so it carries them,
   * on its 304 too.
   */
  security: Readonly<Record<string, string>>;
};

/** `body` with its headers, ready to be written as it is. */
export function prepareAnswer(
  body: string | Buffer,
  headers: Record<string, string>,
  { status = 200, etag, security }: PrepareOptions,
): PreparedAnswer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const tag = etag ?? strongEtag(bytes);
  const notModified: OutgoingHttpHeaders = { ...security, etag: tag };
  for (const name of ['cache-control', 'vary'] as const) if (headers[name]) notModified[name] = headers[name];
  return {
    status,
    etag: tag,
    bytes,
    headers: { ...security, ...headers, etag: tag, 'content-length': bytes.length },
    notModified,
  };
}

// The body length of each prepared answer being sent, for the log line: writeHead with a whole header object keeps
// the headers only in the bytes it writes, so the response's getHeader() no longer knows them.
const preparedLengths = new WeakMap<ServerResponse, number>();

/** The body bytes a response declared (its content-length), prepared answers included; 0 for none (a 304). */
export function bodyBytes(response: ServerResponse): number {
  const declared = response.getHeader('content-length');
  return declared === undefined ? (preparedLengths.get(response) ?? 0) : Number(declared);
}

/**
 * Writes a prepared answer straight to the socket: Fastify's send, serialisation and onSend hooks are skipped (the
 * onResponse log line stays). A 200 whose tag the client holds (clientHolds) is a 304.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
  reply.hijack();
  const response = reply.raw;
  if (answer.status === 200 && clientHolds(request.headers['if-none-match'], answer.etag)) {
    response.writeHead(304, answer.notModified);
    response.end();
  } else {
    preparedLengths.set(response, answer.bytes.length);
    response.writeHead(answer.status, answer.headers);
    response.end(answer.bytes);
  }
  return reply;
}

/** A token holder's answer: never kept by a shared cache, and never mistaken for the anonymous one. */
export function markPrivate(reply: FastifyReply): void {
  void reply.header('cache-control', 'private, no-store');
}
