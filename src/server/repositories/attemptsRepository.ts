// All SQL about guess counters: fixed-window counts that every process on one database shares, changed only by single
// atomic statements (and one transaction when several counters must move together).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db/database';

export type CounterSpec = { key: string; windowMs: number };
/** A counter after an attempt was added: its count and when its window ends (epoch ms). */
export type Counted = { key: string; attempts: number; windowEndsAt: number };

/**
 * One more attempt on the counter, in one statement: a window that has ended starts again at 1. On PostgreSQL the
 * upsert locks the row until the transaction ends, so concurrent callers count one after another, never both from
 * the same old value; SQLite runs one writer at a time.
 */
async function addAttempt(executor: Kysely<Database>, { key, windowMs }: CounterSpec, now: number): Promise<Counted> {
  const ended = sql<boolean>`sign_in_attempts.window_ends_at <= ${now}`;
  const row = await executor
    .insertInto('sign_in_attempts')
    .values({ key, attempts: 1, window_ends_at: now + windowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        attempts: sql<number>`case when ${ended} then 1 else sign_in_attempts.attempts + 1 end`,
        window_ends_at: sql<number>`case when ${ended} then ${now + windowMs} else sign_in_attempts.window_ends_at end`,
      }),
    )
    .returning(['attempts', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { key, attempts: Number(row.attempts), windowEndsAt: Number(row.window_ends_at) };
}

/** Thrown inside the transaction to roll the counts back. */
class Refused<R> extends Error {
  constructor(readonly reason: R) {
    super('refused');
  }
}

/**
 * Adds one attempt to every counter, in the order given, in one transaction, then asks `refuse` about the new counts:
 * a reason rolls all of them back (the attempt is not made, so it is not counted), undefined keeps them.
 * Callers give counters in one fixed order, so two transactions never wait on each other's rows in a cycle.
 */
export async function addAttempts<R>(
  db: Db,
  counters: readonly CounterSpec[],
  now: number,
  refuse: (counted: Counted[]) => R | undefined,
): Promise<{ counted: Counted[] } | { refused: R }> {
  try {
    const counted = await db.kysely.transaction().execute(async (trx) => {
      const rows: Counted[] = [];
      for (const counter of counters) rows.push(await addAttempt(trx, counter, now));
      const reason = refuse(rows);
      if (reason !== undefined) throw new Refused(reason);
      return rows;
    });
    return { counted };
  } catch (error) {
    if (error instanceof Refused) return { refused: error.reason as R };
    throw error;
  }
}

/** One more attempt on one counter (a single statement). */
export async function addOneAttempt(db: Db, counter: CounterSpec, now: number): Promise<Counted> {
  return addAttempt(db.kysely, counter, now);
}

/** Takes back attempts that succeeded, each from the window it was counted in (an ended window is left alone). */
export async function releaseAttempts(db: Db, counted: readonly Counted[]): Promise<void> {
  for (const { key, windowEndsAt } of counted) {
    await db.kysely
      .updateTable('sign_in_attempts')
      .set({ attempts: sql<number>`attempts - 1` })
      .where('key', '=', key)
      .where('window_ends_at', '=', windowEndsAt)
      .where('attempts', '>', 0)
      .execute();
  }
}

/** The counter's attempts in its current window, or undefined when it has none. */
export async function attemptsNow(db: Db, key: string, now: number): Promise<Counted | undefined> {
  const row = await db.kysely
    .selectFrom('sign_in_attempts')
    .select(['attempts', 'window_ends_at'])
    .where('key', '=', key)
    .where('window_ends_at', '>', now)
    .executeTakeFirst();
  return row && { key, attempts: Number(row.attempts), windowEndsAt: Number(row.window_ends_at) };
}

/** Counters whose window has ended count nothing: removed so the table holds only live ones. */
export async function deleteEndedAttempts(db: Db, now: number): Promise<void> {
  await db.kysely.deleteFrom('sign_in_attempts').where('window_ends_at', '<=', now).execute();
}
