// Writes that may skip the disk flush: each stays atomic and survives a killed process, and only an OS crash or a power
// cut can lose the last of them. Used where losing the last such writes only repeats work: the mail outbox's claims and
// sent marks (a message sent again, mail/outbox.ts) and the newsletter dispatcher's queueing batches (the rows and the
// cursor roll back together, and the batch is queued again).
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from './database';

/**
 * Runs `work` without waiting for the disk: SQLite with synchronous NORMAL on its one connection (held for the call, so
 * no other write runs with it), each statement its own transaction; PostgreSQL in one transaction with
 * synchronous_commit off. For single statements: on SQLite the write lock is held inside one statement only, never
 * across an await, so the sender's idle-class thread can never be descheduled holding it while a request waits. A disk
 * flush per commit (6 ms here) would cap the outbox at about 80 messages a second.
 */
export async function unflushed<T>(db: Db, work: (executor: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres')
    return db.kysely.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return work(trx);
    });
  return onSqliteUnflushed(db, work);
}

/** `work` as one transaction that commits without waiting for the disk (SQLite and PostgreSQL alike). */
export async function unflushedTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') return unflushed(db, (trx) => work(trx as Transaction<Database>));
  return onSqliteUnflushed(db, (connection) => connection.transaction().execute(work));
}

async function onSqliteUnflushed<T>(db: Db, work: (connection: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.kysely.connection().execute(async (connection) => {
    const before = await sql<{ synchronous: number }>`pragma synchronous`.execute(connection);
    const level = before.rows[0]?.synchronous ?? 2;
    await sql`pragma synchronous = normal`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql.raw(`pragma synchronous = ${Number(level)}`).execute(connection);
    }
  });
}
