// Waiting for SQLite's write lock in small steps. SQLite's own busy handler (busy_timeout) sleeps 1 ms, then 2, 5,
// 10 ms… between tries, while the writes that hold the lock here take tens of microseconds: a publish that met one of
// the mail sender's marks (its own connection, in its own thread) slept a millisecond or more, a third of the
// publish, and up to 8 ms when the sender's idle-class thread was descheduled holding the lock (bench:newsletter: 65
// of 3,000 publishes during a 100,000-member newsletter). Here a statement that finds the database busy is tried
// again after 25 µs, doubling up to 1 ms, for as long as busy_timeout says (5 s). Atomics.wait sleeps the thread
// (the main thread too: Node allows it), so the holder gets the core back at once.
import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';

/** How long `patiently` waits for the lock in all by default before SQLITE_BUSY reaches its caller. */
export const BUSY_WAIT_MS = 5_000;
const FIRST_STEP_MS = 0.025;
const LONGEST_STEP_MS = 1;

const nap = new Int32Array(new SharedArrayBuffer(4));

/** Refusals that pass when the other connection is done (not SQLITE_BUSY_SNAPSHOT: a deferred read went stale). */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_RECOVERY';
}

/**
 * Runs `work`, again after short sleeps while SQLite answers SQLITE_BUSY. Only for a statement that did nothing when it
 * was refused: one outside a transaction, or the BEGIN IMMEDIATE that starts one (a statement inside an IMMEDIATE
 * transaction already holds the lock and is never refused).
 */
export function patiently<T>(work: () => T, waitMs = BUSY_WAIT_MS): T {
  let deadline: number | undefined;
  let step = FIRST_STEP_MS;
  for (;;) {
    try {
      return work();
    } catch (error) {
      if (!isBusy(error)) throw error;
      deadline ??= performance.now() + waitMs;
      if (performance.now() >= deadline) throw error;
    }
    Atomics.wait(nap, 0, 0, step);
    step = Math.min(step * 2, LONGEST_STEP_MS);
  }
}

/**
 * `sqlite.prepare` whose statements run (and are prepared) patiently, waiting as long as the connection's busy_timeout
 * said; SQLite's own handler is turned off. A `pragma busy_timeout = N` run through it sets that wait instead.
 */
export function patientPrepare(sqlite: SQLiteDatabase): (query: string) => Statement {
  let waitMs = Number(sqlite.pragma('busy_timeout', { simple: true }));
  sqlite.pragma('busy_timeout = 0');
  return (query) => {
    const setting = /^\s*pragma\s+busy_timeout\s*=\s*(\d+)\s*;?\s*$/i.exec(query);
    if (setting !== null) {
      waitMs = Number(setting[1]);
      return sqlite.prepare('pragma busy_timeout = 0');
    }
    const statement = patiently(() => sqlite.prepare(query), waitMs);
    const run = statement.run.bind(statement);
    const all = statement.all.bind(statement);
    const get = statement.get.bind(statement);
    return Object.assign(statement, {
      run: (...params: unknown[]) => patiently(() => run(...params), waitMs),
      all: (...params: unknown[]) => patiently(() => all(...params), waitMs),
      get: (...params: unknown[]) => patiently(() => get(...params), waitMs),
    });
  };
}
