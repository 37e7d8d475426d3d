// The outbox's sender in a worker thread (mail/workerOutbox.ts starts it): the same MailOutbox, with its own database
// connection (SQLite: its own handle on the WAL file, with busy_timeout; PostgreSQL: a small pool of its own), so the
// claims, the newsletters' member queries and rendering, SMTP and the sent marks never hold up a request. The
// newsletter hooks are built here from plain config (functions cannot cross a thread). Messages from the main thread:
// wake, drain, settle, stop; to it: done (a drain or settle finished), warn (a line for the app's logger), stopped.
import { parentPort, workerData } from 'node:worker_threads';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import { openDatabase } from '../db/database';
import type { Database, Db } from '../db/database';
import { NewsletterSender } from '../newsletters/newsletterSender';
import { UnsubscribeTokens } from '../newsletters/unsubscribeToken';
import { MailOutbox } from './outbox';
import type { SenderWorkerData, ToSender, FromSender } from './workerOutbox';

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
  ...(newsletters && {
    compose: newsletters.compose,
    rejected: newsletters.rejected,
    skippedText: data.newsletter!.skippedText,
  }),
});

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
      void outbox
        .stop()
        .then(() => db.kysely.destroy())
        .finally(() => post({ type: 'stopped' }));
      return;
  }
});
outbox.start();
