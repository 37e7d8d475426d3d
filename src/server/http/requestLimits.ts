// What a client may cost the server before it has proved anything: body sizes per route, and how long a request's
// headers and body may take to arrive. Node's server timeouts do the server-wide part; the per-route hooks here do
// the rest, so no request pays for a hook its route does not need.
import { PassThrough } from 'node:stream';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, preParsingHookHandler } from 'fastify';
import { LIMITS } from '../../contract/limits';

export const BODY_LIMITS = {
  /** every route that does not raise it: enough for any small JSON request, far too small to cost anything */
  server: 64 * 1024,
  /** a post write (POST and PUT /api/blogs) */
  post: LIMITS.bodyMaxBytes,
  /** an upload: the largest image plus the multipart framing and the few small fields around it */
  upload: LIMITS.uploadMaxBytes + 64 * 1024,
} as const;

export type Timeouts = {
  /** A request's headers must all arrive within this, from its first byte (Node's headersTimeout). */
  headersMs: number;
  /** A whole request, body included, must arrive within this (Node's requestTimeout): an upload's 2 minutes. */
  requestMs: number;
  /** How often Node checks the two above; a slow client is cut at most this long after its deadline. */
  checkEveryMs: number;
  /** A JSON write's body must arrive within this once its headers did. */
  jsonBodyMs: number;
  /** An upload whose body sends nothing for this long is closed. */
  uploadIdleMs: number;
  /** An idle keep-alive connection stays open this long: longer than a load balancer's usual 60 s. */
  keepAliveMs: number;
  /** A closing connection reads what the client still sends at most this long (see closeLingering). */
  lingerMs: number;
};

export const DEFAULT_TIMEOUTS: Timeouts = {
  headersMs: 30_000,
  requestMs: 120_000,
  checkEveryMs: 5_000,
  jsonBodyMs: 30_000,
  uploadIdleMs: 15_000,
  keepAliveMs: 72_000,
  lingerMs: 2_000,
};

/** How many bytes a closing connection reads of what the client still sends (for at most Timeouts.lingerMs). */
export const LINGER = { bytes: 256 * 1024 } as const;

/**
 * Closes as RFC 9112 §9.6 says: after an answer with `Connection: close` (a refusal before the body, say), Node ends
 * the socket at once, and a body the client is still sending arrives at a closed socket: the kernel answers it with a
 * reset, which can throw away the answer before the client reads it. So the server half-closes, reads and drops what
 * still comes for a little while (at most lingerMs and LINGER.bytes), then closes. Only closing connections pay: a keep-alive one never
 * calls destroySoon.
 */
export function closeLingering(server: Server, lingerMs = DEFAULT_TIMEOUTS.lingerMs): void {
  server.on('connection', (socket: Socket) => {
    socket.destroySoon = function lingeringClose(this: Socket) {
      if (this.writable) this.end();
      let read = 0;
      const close = () => this.destroy();
      const timer = setTimeout(close, lingerMs).unref();
      this.once('close', () => clearTimeout(timer));
      this.once('end', close);
      this.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > LINGER.bytes) close();
      });
      this.resume();
    };
  });
}

/** Whether a request announces a body: chunked, or a Content-Length above zero. */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * An answer sent before the request's body is read: the connection closes after it, so Node does not read (and
 * throw away) the rest of the body to keep the connection alive.
 */
export function refuseAndClose(reply: FastifyReply, status: number, error: string): void {
  void reply.code(status).header('connection', 'close').send({ error });
}

/**
 * onRequest hook for a route that takes no body (DELETE, the not-found handler): a request that brings one anyway is
 * answered at once, before a byte of it is read. `status` is what the route answers such a request.
 */
export function refuseBody(status = 413, error = 'This request takes no body') {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (hasBody(request.headers)) return refuseAndClose(reply, status, error);
    done();
  };
}

/**
 * onRequest hook for a DELETE: it has no body, but clients that label every request application/json send the label
 * with nothing after it, which the JSON parser would refuse as an empty body (a 400). Without a body there is nothing
 * to parse, so the label goes.
 */
export function ignoreEmptyBody(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0'))
    delete request.headers['content-type'];
  done();
}

/** A body past its cap; the form reader ends with it (the answer, a 413, is already on its way). */
class BodyTooLarge extends Error {
  readonly statusCode = 413;
}

/**
 * Counts a body as it arrives, whatever its framing (Content-Length or chunked), for a route whose reader takes the
 * request stream itself (the multipart form): past `max` bytes the request is answered 413 at once, its connection
 * closes, and no more of it is read. Call it in the tick the reader starts, so the count sees every byte. Returns
 * the function that stops counting.
 */
export function capBody(request: FastifyRequest, reply: FastifyReply, max: number, error: string): () => void {
  const { raw } = request;
  let bytes = 0;
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes <= max) return;
    raw.off('data', count);
    raw.unpipe();
    raw.pause();
    if (!reply.sent) refuseAndClose(reply, 413, error);
    // The reader listens for the request's errors: it stops waiting for parts that will not come.
    if (raw.listenerCount('error') > 0) raw.emit('error', new BodyTooLarge(error));
  };
  raw.on('data', count);
  return () => raw.off('data', count);
}

/** A body that did not arrive in time; Fastify's body reader answers it with this status and closes the connection. */
class BodyTimeout extends Error {
  readonly statusCode = 408;
  readonly code = 'FST_BODY_TIMEOUT';
  constructor() {
    super('Request timed out');
  }
}

/**
 * preParsing hook for JSON writes: the body must arrive within `ms`. Node's requestTimeout is the same for every
 * route and has to allow an upload its 2 minutes, so a write's tighter deadline is kept here, on its own stream.
 */
export function bodyDeadline(ms: number): preParsingHookHandler {
  return (request, reply, payload, done) => {
    if (!hasBody(request.headers)) return done(null, payload);
    const guarded = new PassThrough();
    const timer = setTimeout(() => {
      if (reply.sent) return;
      payload.unpipe(guarded);
      guarded.destroy(new BodyTimeout());
    }, ms);
    const clear = () => clearTimeout(timer);
    // The whole body arrived, the request went away, or it was answered without its body (a 415): no deadline left.
    payload.once('end', clear);
    payload.once('close', clear);
    reply.raw.once('finish', clear);
    payload.once('error', (error) => guarded.destroy(error));
    // Fastify's body reader listens for the timeout error while it reads; this keeps one that comes later harmless.
    guarded.on('error', () => undefined);
    payload.pipe(guarded);
    done(null, guarded);
  };
}

/**
 * onRequest hook for uploads: a body that sends nothing for `ms` has its connection closed. Only while the body
 * arrives: once it is in, the socket's own timeout comes back, as processing the image is no idle client.
 */
export function idleBodyCut(ms: number) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const { raw } = request;
    const socket = raw.socket as Socket | null;
    // An injected request (app.inject) has no socket to go idle.
    if (!hasBody(request.headers) || raw.complete || typeof socket?.setTimeout !== 'function') return done();
    const before = socket.timeout ?? 0;
    // Node's own timeout handling closes a socket that times out with nobody listening for it.
    socket.setTimeout(ms);
    raw.once('end', () => socket.setTimeout(before));
    done();
  };
}
