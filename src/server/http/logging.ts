// Where the request log goes. pino writes each line to stdout synchronously by default: one write(2) per request,
// which took a third of the API's throughput. This destination buffers lines and writes them asynchronously in
// batches (pino's recommendation for throughput); a timer bounds how long a line waits on a quiet server, and
// flushLog() writes whatever is left before the process exits, so no line is lost on a clean shutdown. In a terminal
// the lines are made readable instead (createPrettyDestination).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import pretty from 'pino-pretty';
import { bodyBytes } from './answers';

export type LogDestination = ReturnType<typeof pino.destination>;

export type LogDestinationOptions = {
  /** file descriptor or path (default 1, stdout) */
  dest?: number | string;
  /** bytes gathered before a write (default 32 KiB) */
  minLength?: number;
  /** the longest a line waits for the buffer to fill, in ms (default 1 s; 0: no timer) */
  flushIntervalMs?: number;
};

// SonicBoom throws when flushed after it closed (a broken pipe closes it); its types do not show that state.
const closed = new WeakMap<LogDestination, boolean>();

export function createLogDestination({
  dest = 1,
  minLength = 32 * 1024,
  flushIntervalMs = 1_000,
}: LogDestinationOptions = {}): LogDestination {
  // Lines are kept as bytes: for text, SonicBoom measures its whole pending buffer (Buffer.byteLength) again for every
  // line it adds, which cost more than making the line; for bytes it keeps the lengths. pino writes text, so each line
  // is encoded on the way in. And each write has a fixed cost (handing it to a libuv thread and back: tens of µs on a
  // virtual machine), so writes are large. A million 170-byte request lines into /dev/null, CPU time a line: 1.7 to
  // 2.4 µs as text in 4 KiB writes, 0.75 to 0.9 µs as bytes in 8 KiB writes, 0.6 µs in 32 KiB writes.
  const destination = pino.destination({
    dest,
    sync: false,
    minLength,
    maxWrite: Math.max(4 * minLength, 16 * 1024),
    contentMode: 'buffer',
  });
  const writeBytes = destination.write.bind(destination) as unknown as (bytes: Buffer) => boolean;
  destination.write = (line: string) => writeBytes(Buffer.from(line));
  closed.set(destination, false);
  destination.on('close', () => closed.set(destination, true));
  if (flushIntervalMs > 0) {
    const timer = setInterval(() => {
      if (!closed.get(destination)) destination.flush();
    }, flushIntervalMs);
    // The timer alone must not keep the process alive.
    timer.unref();
    destination.on('close', () => clearInterval(timer));
  }
  return destination;
}

/** Resolves once every buffered line is written (call after the server stopped answering, before exit). */
export function flushLog(destination: LogDestination): Promise<void> {
  return new Promise((resolve) => {
    if (closed.get(destination) === true) return resolve();
    destination.flush((error) => {
      // An unwritable log (a closed pipe) must not keep the process from exiting.
      if (error) return resolve();
      try {
        destination.flushSync();
      } catch {
        // nothing left that can be written
      }
      resolve();
    });
  });
}

/**
 * The log for a person at a terminal: one short line per request (method, path, status, time) and the other messages
 * as text, written synchronously (a terminal is no throughput path, and nothing waits in a buffer at exit).
 */
export function createPrettyDestination(): NodeJS.WritableStream {
  return pretty({
    colorize: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,method,url,statusCode,ms',
    messageFormat: (log, messageKey) =>
      log[messageKey] === 'request'
        ? `${String(log.method)} ${String(log.url)} ${String(log.statusCode)} ${String(log.ms)} ms`
        : String(log[messageKey]),
  });
}

const { chindingsSym, lsCacheSym, messageKeySym, streamSym, timeSym } = pino.symbols;

// pino's own parts of a logger (pino.symbols): its destination, its bindings already as JSON (`,"pid":…,"reqId":…`),
// its time as JSON (`,"time":…`), and each level's opening (`{"level":30`).
type PinoParts = Record<symbol, unknown>;
const stream = (log: PinoParts) => log[streamSym] as { write(line: string): unknown } | undefined;
const bindings = (log: PinoParts) => log[chindingsSym] as string;
const time = (log: PinoParts) => (log[timeSym] as () => string)();
const infoOpening = (log: PinoParts) => (log[lsCacheSym] as Record<number, string> | undefined)?.[30];

/** Whether `log` is a pino logger whose line can be written as pino would write it (its default message key). */
function writableDirectly(log: PinoParts): boolean {
  return (
    typeof stream(log)?.write === 'function' &&
    typeof log[timeSym] === 'function' &&
    typeof log[chindingsSym] === 'string' &&
    log[messageKeySym] === 'msg' &&
    typeof infoOpening(log) === 'string'
  );
}

// The sign-in page's address however it is spelled (`/auth`, `/auth/`, `/Auth`, `//auth`), up to its query.
const AUTH_URL = /^\/+auth\/*\?/i;
const AUTH_PATH = /^\/+auth\/*$/i;
// A code wherever it is sent: invitation, setup and password-reset links carry it in one of these.
const SECRET_PARAM = /[?&](?:invite|invitation|setup|reset|code|token)=/i;

/** Whether a percent-encoded path (`/%61uth`) is the sign-in page's. */
function encodesAuth(path: string): boolean {
  try {
    return AUTH_PATH.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/**
 * A sign-up or reset link's code (setup, invitation, password reset) is a secret until used: the log keeps the page
 * and drops the query of every `/auth` address, and of any address whose query names such a code. An address
 * without a query (nearly every request) costs one search for `?`; one with a query, two anchored tests.
 */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const secret =
    AUTH_URL.test(url) ||
    SECRET_PARAM.test(url) ||
    (url.lastIndexOf('%', mark) >= 0 && encodesAuth(url.slice(0, mark)));
  return secret ? `${url.slice(0, mark)}?…` : url;
}

/**
 * The request log: one line per request at info, holding exactly what an operator reads (method, url, status, ms,
 * bytes, and the request id the request's logger carries). With pino it is the very line `log.info({...}, 'request')`
 * writes, made as one string and handed to the logger's (asynchronous) destination: no object is built and walked for
 * it. A silent log registers no hook at all.
 */
export function registerRequestLog(app: FastifyInstance): void {
  const root = app.log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  if (root.isLevelEnabled?.('info') !== true) return;
  const direct = writableDirectly(root as unknown as PinoParts);
  // Callback style: an async hook costs every request a promise.
  app.addHook('onResponse', (request, reply, done) => {
    const response = reply.raw;
    const ms = Math.round(reply.elapsedTime);
    const bytes = bodyBytes(response);
    if (direct) {
      const log = request.log as unknown as PinoParts;
      // pino's line: level, time, the logger's bindings (pid, hostname, reqId), the fields, the message.
      stream(log)!.write(
        `${infoOpening(log)!}${time(log)}${bindings(log)},"method":"${request.method}","url":${JSON.stringify(loggedUrl(request.url))},"statusCode":${response.statusCode},"ms":${ms},"bytes":${bytes},"msg":"request"}\n`,
      );
    } else {
      request.log.info(
        { method: request.method, url: loggedUrl(request.url), statusCode: response.statusCode, ms, bytes },
        'request',
      );
    }
    done();
  });
}
