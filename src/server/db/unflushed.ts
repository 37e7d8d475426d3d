// Writes that may skip the disk flush: each is one transaction that stays atomic and survives a killed process, and
// only an OS crash or a power cut can lose the last of them. Used where losing the last such writes only repeats work:
// the mail outbox's claims and sent marks (a message sent again, mail/outbox.ts) and the newsletter dispatcher's
// queueing batches (the rows and the cursor roll back together, and the batch is queued again).
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database, Db } from './database';

/**
 * Runs `work` in one transaction that commits without waiting for the disk: SQLite with synchronous NORMAL on its one
 * connection (held for the call, so no other write runs with it), PostgreSQL with synchronous_commit off for the
 * transaction. A disk flush per commit (6 ms here) would cap the outbox at about 80 messages a second.
 */
export async function unflushed<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres')
    return db.kysely.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return work(trx);
    });
  return db.kysely.connection().execute(async (connection) => {
    const before = await sql<{ synchronous: number }>`pragma synchronous`.execute(connection);
    const level = before.rows[0]?.synchronous ?? 2;
    await sql`pragma synchronous = normal`.execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      await sql.raw(`pragma synchronous = ${Number(level)}`).execute(connection);
    }
  });
}
