// The outbox's sender in a worker thread (mail/workerOutbox.ts starts it): the same MailOutbox, with its own database
// connection (SQLite: its own handle on the WAL file, waiting for the write lock as db/sqliteBusy.ts says; PostgreSQL:
// a small pool of its own), so the claims, the newsletters' member queries and rendering, SMTP and the sent marks
// never hold up a request. It runs at a lower priority than the requests' thread, and on SQLite it is the one that
// checkpoints the WAL. The newsletter hooks are built here from plain config (functions cannot cross a thread).
// Messages from the main thread: wake, drain, settle, stop; to it: done (a drain or settle finished), warn (a line for
// the app's logger), stopped.
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool } from 'pg';
import { openDatabase } from '../db/database';
import type { Database, Db } from '../db/database';
import { NewsletterSender } from '../newsletters/newsletterSender';
import { UnsubscribeTokens } from '../newsletters/unsubscribeToken';
import { MailOutbox } from './outbox';
import { yieldingTo } from './requestsFirst';
import type { SenderWorkerData, ToSender, FromSender } from './workerOutbox';

/**
 * The sender thread's nice value. Linux keeps one per thread, and `setPriority(0, …)` sets the calling thread's: when
 * a request and the sender both want a core, the request gets it, and the sender still has every idle cycle.
 */
const SENDER_NICE = 10;

/**
 * Linux's idle scheduling class for this thread, through util-linux's `chrt` (lowering one's own class needs no
 * privilege; Node has no call for it). A niced thread that holds a core keeps it to the end of its time slice when a
 * request's thread wakes (EEVDF: a millisecond or more, every wake-up, while both cores are busy), which is what a
 * publish's p99 paid during a newsletter; an idle-class thread gives the core up at once. `/proc/thread-self` names the
 * calling thread (a synchronous read runs on it).
 */
function idleClass(): void {
  const tid = /\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1];
  if (tid !== undefined) execFileSync('chrt', ['--idle', '--pid', '0', tid], { stdio: 'ignore', timeout: 5_000 });
}

/**
 * How often this thread checkpoints a SQLite WAL (PASSIVE: it waits for no reader or writer). The app's own connection
 * leaves checkpoints to it (app.ts), so no request's commit copies the log back.
 */
const CHECKPOINT_MS = 1_000;
/**
 * While it is sending, at most this often. Its marks rewrite the same few index pages a thousand times a second, and a
 * checkpoint a second copied them back and flushed the file each time, beside the requests' own flushes: the publish
 * p99 during a 100,000-member newsletter read +12.6, −6.1 and +16.8 % with 1 s; with 10 s, +3.8 to +5.4 % in four runs
 * of six (+14.3 and +16.8 % in the other two).
 */
const CHECKPOINT_SENDING_MS = 10_000;

/** Connections of the worker's PostgreSQL pool: a claim, a mark and a batch's two member queries at a time. */
const POOL_SIZE = 4;

function open(database: SenderWorkerData['database']): Db {
  if (database.kind === 'sqlite') return openDatabase(database);
  const pool = new Pool({ connectionString: database.url, max: POOL_SIZE });
  pool.on('error', (error) =>
    post({ type: 'warn', message: `mail sender: idle PostgreSQL connection lost: ${error.message}` }),
  );
  return {
    kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    dialect: 'postgres',
    url: database.url,
  };
}

function post(message: FromSender): void {
  parentPort!.postMessage(message);
}

try {
  // Never above what the process was started with (`nice npm start`): raising a priority needs a privilege.
  setPriority(0, Math.max(SENDER_NICE, getPriority(0)));
  idleClass();
} catch {
  // A system that refuses (no per-thread priority, no chrt, a sandbox): the sender runs niced, or at the process's
  // priority.
}

const data = workerData as SenderWorkerData;
const db = open(data.database);
const now = () => Date.now();
const newsletters =
  data.newsletter === undefined
    ? undefined
    : new NewsletterSender(db, data.newsletter.publicUrl, new UnsubscribeTokens(data.newsletter.serverSecret), now);
const outbox = new MailOutbox({
  ...data.outbox,
  db,
  now,
  warn: (message) => post({ type: 'warn', message }),
  ...(data.load && { yieldToRequests: yieldingTo(data.load) }),
  ...(newsletters && {
    compose: newsletters.compose,
    rejected: newsletters.rejected,
    skippedText: data.newsletter!.skippedText,
  }),
});

let checkpointed = performance.now();
const checkpoints =
  data.database.kind === 'sqlite'
    ? setInterval(() => {
        if (outbox.sending && performance.now() - checkpointed < CHECKPOINT_SENDING_MS) return;
        checkpointed = performance.now();
        sql`pragma wal_checkpoint(PASSIVE)`
          .execute(db.kysely)
          .catch((error: unknown) => post({ type: 'warn', message: `mail sender: WAL checkpoint: ${String(error)}` }));
      }, CHECKPOINT_MS)
    : undefined;

parentPort!.on('message', (message: ToSender) => {
  switch (message.type) {
    case 'wake':
      outbox.wake();
      return;
    case 'drain':
    case 'settle':
      void (message.type === 'drain' ? outbox.drain() : outbox.settle()).then(
        () => post({ type: 'done', id: message.id }),
        (error: unknown) => post({ type: 'done', id: message.id, error: String(error) }),
      );
      return;
    case 'stop':
      clearInterval(checkpoints);
      void outbox
        .stop()
        .then(() => db.kysely.destroy())
        .finally(() => post({ type: 'stopped' }));
      return;
  }
});
outbox.start();
