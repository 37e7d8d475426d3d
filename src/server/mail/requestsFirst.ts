// Requests first: the mail sender's worker thread slows down while the requests' thread is busy. The main thread
// measures its own event loop's utilization (the share of time it ran code rather than waited) every 100 ms and
// writes it into memory shared with the worker; before each message the worker reads it and, when the requests' thread
// was busy, waits a moment. On 2 cores the sender, the SMTP server or relay it talks to and the requests share the
// machine: in `npm run bench:newsletter` (100,000 members) the publish p99 read +6.6 and +15.5 % over the quiet set
// with the newsletter sending at full speed, and +1.2 and +2.5 % with it capped at 20 messages a second (the bound is
// 10 %; docs/performance.md has the runs). A bulk mail is not in a hurry; a request is.
// The wait is a pause, not a stop: under load that never ends, mail still goes out at a floor rate.
import { performance } from 'node:perf_hooks';

/** How often the main thread measures itself. */
export const LOAD_SAMPLE_MS = 100;
/** From this event loop utilization (per mille) on, the requests' thread counts as busy: it ran code half the time. */
export const BUSY_PERMILLE = 500;
/**
 * A sender loop's wait before each message while the requests' thread is busy: with MAIL_CONNECTIONS loops, at most
 * connections × 1,000 / PAUSE_MS messages a second (100 with the default 5) until it is not.
 */
export const PAUSE_MS = 50;

/** The shared memory: one Int32, the main thread's last event loop utilization in per mille. */
export const loadMemory = (): SharedArrayBuffer => new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);

/**
 * Starts measuring this thread's event loop into `memory` every LOAD_SAMPLE_MS (an unref'd timer: it never keeps a
 * process alive); returns the function that stops it.
 */
export function measureLoad(memory: SharedArrayBuffer): () => void {
  const load = new Int32Array(memory);
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    Atomics.store(load, 0, Math.round(performance.eventLoopUtilization(now, last).utilization * 1_000));
    last = now;
  }, LOAD_SAMPLE_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    Atomics.store(load, 0, 0);
  };
}

/** The worker's side: resolves after PAUSE_MS while the thread measuring into `memory` is busy, at once otherwise. */
export function yieldingTo(memory: SharedArrayBuffer): () => Promise<void> {
  const load = new Int32Array(memory);
  return () =>
    Atomics.load(load, 0) >= BUSY_PERMILLE
      ? new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
      : Promise.resolve();
}
