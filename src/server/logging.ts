// Where the request log goes. pino writes each line to stdout synchronously by default: one write(2) per request,
// which took a third of the API's throughput. This destination buffers lines and writes them asynchronously in
// batches (pino's recommendation for throughput); a timer bounds how long a line waits on a quiet server, and
// flushLog() writes whatever is left before the process exits, so no line is lost on a clean shutdown.
import pino from 'pino';

export type LogDestination = ReturnType<typeof pino.destination>;

export type LogDestinationOptions = {
  /** file descriptor or path (default 1, stdout) */
  dest?: number | string;
  /** bytes gathered before a write (default 4 KiB) */
  minLength?: number;
  /** the longest a line waits for the buffer to fill, in ms (default 1 s; 0: no timer) */
  flushIntervalMs?: number;
};

// SonicBoom throws when flushed after it closed (a broken pipe closes it); its types do not show that state.
const closed = new WeakMap<LogDestination, boolean>();

export function createLogDestination({
  dest = 1,
  minLength = 4096,
  flushIntervalMs = 1_000,
}: LogDestinationOptions = {}): LogDestination {
  const destination = pino.destination({ dest, sync: false, minLength });
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
