// All SQL of the mail outbox (mail_outbox): queueing a message in the transaction of the change that causes it, and
// the sender's claim and marks (mail/outbox.ts says why they make delivery exactly-once).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db/database';
import { unflushed } from '../db/unflushed';
import type { MailMessage } from './messages';

/** A message claimed for sending, as the outbox reads it. */
export type ClaimedMail = {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
  created_at: number;
  /** a newsletter's post and member (null for every other mail): the sender composes it when it goes */
  post_id: number | null;
  member_id: number | null;
  /** JSON object of extra headers, or null */
  headers: string | null;
};

/** Queues messages for the outbox on the caller's transaction or connection: they go out once it commits. */
export async function queueMail(executor: Kysely<Database>, messages: MailMessage[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  await executor
    .insertInto('mail_outbox')
    .values(
      messages.map((message) => ({
        to_address: message.to,
        subject: message.subject,
        body: message.body,
        created_at: now.getTime(),
        next_attempt_at: now.getTime(),
      })),
    )
    .execute();
}

/** A row of mail about one topic to one person, as the gathering reads it (mail/deskMail.ts). */
export type TopicMail = { id: number; attempts: number; nextAttemptAt: number; notices: string | null };

/** The newest rows to `to` about `topic`, newest first: the unsent one, if any, and the latest sent. */
export async function latestTopicMail(
  executor: Kysely<Database>,
  to: string,
  topic: string,
  limit: number,
): Promise<TopicMail[]> {
  const rows = await executor
    .selectFrom('mail_outbox')
    .select(['id', 'attempts', 'next_attempt_at', 'notices'])
    .where('to_address', '=', to)
    .where('topic', '=', topic)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    attempts: row.attempts,
    nextAttemptAt: Number(row.next_attempt_at),
    notices: row.notices,
  }));
}

/** A message that gathers mail about a topic. The row, or undefined when `to` already has an unsent one about it. */
export async function insertTopicMail(
  executor: Kysely<Database>,
  message: MailMessage & { topic: string; notices: string },
  now: number,
  dueAt: number,
): Promise<boolean> {
  const row = await executor
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      body: message.body,
      topic: message.topic,
      notices: message.notices,
      created_at: now,
      next_attempt_at: dueAt,
    })
    // mail_outbox_pending_topic: one unsent, unclaimed row per person and topic
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Rewrites an unsent row with more notices, only while no sender has claimed it and its notices are still `seen` (so
 * a notice another transaction added meanwhile is never overwritten). Whether it was rewritten.
 */
export async function rewritePendingMail(
  executor: Kysely<Database>,
  id: number,
  seen: string | null,
  message: Pick<MailMessage, 'subject' | 'body'> & { notices: string },
): Promise<boolean> {
  const result = await executor
    .updateTable('mail_outbox')
    .set({ subject: message.subject, body: message.body, notices: message.notices })
    .where('id', '=', id)
    .where('attempts', '=', 0)
    .where('claimed_until', 'is', null)
    .where((eb) => (seen === null ? eb('notices', 'is', null) : eb('notices', '=', seen)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The ids of up to `limit` due, unclaimed messages, oldest first: the claim's choice. It reads a few index entries past
 * the rows other senders hold (mail_outbox_claim on SQLite, mail_outbox_unsent on PostgreSQL), never every unsent row.
 */
export function dueMails(db: Db, now: number, limit: number) {
  return db.kysely
    .selectFrom('mail_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('id')
    .limit(limit);
}

/**
 * Claims up to `limit` due messages, oldest first, with one lease until `now + leaseMs`, counting an attempt on each:
 * one conditional UPDATE, which skips rows another sender holds. Empty when nothing is due.
 */
export async function claimDueMails(db: Db, now: number, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
  const due = dueMails(db, now, limit);
  // SQLite: a read first. An UPDATE takes the write lock before it finds its rows, and every write wakes every sender
  // loop (five claims): each publish then met them at the lock and slept in SQLite's busy handler (1 ms and more).
  if (db.dialect === 'sqlite' && (await due.execute()).length === 0) return [];
  const rows = await unflushed(db, async (executor) => {
    // PostgreSQL: the rows are locked first in the claim's transaction, skipping any another claim holds, and the
    // UPDATE re-checks the lease on them; SQLite: one UPDATE under the database's one write lock.
    const ids =
      db.dialect === 'postgres'
        ? (
            await executor
              .with('due', () => due.modifyEnd(sql`for update skip locked`))
              .selectFrom('due')
              .select('id')
              .execute()
          ).map((row) => row.id)
        : undefined;
    if (ids !== undefined && ids.length === 0) return [];
    return executor
      .updateTable('mail_outbox')
      .set((eb) => ({ claimed_until: now + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', ids ?? due)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .returning([
        'id',
        'to_address',
        'subject',
        'body',
        'attempts',
        'created_at',
        'claimed_until',
        'post_id',
        'member_id',
        'headers',
      ])
      .execute();
  });
  return rows.map((row) => ({ ...row, created_at: Number(row.created_at) })).sort((a, b) => a.id - b.id);
}

/** The message went out: its lease ends, and its body (a reset link is a secret) is dropped. */
export async function markMailSent(db: Db, id: number, now: number): Promise<void> {
  await unflushed(db, (executor) =>
    executor
      .updateTable('mail_outbox')
      .set({ sent_at: now, claimed_until: null, body: '', last_error: null })
      .where('id', '=', id)
      .execute(),
  );
}

/** Claimed rows not tried after all (the batch stopped early): their lease ends and the attempt is not counted. */
export async function releaseMail(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await unflushed(db, (executor) =>
    executor
      .updateTable('mail_outbox')
      .set((eb) => ({ claimed_until: null, attempts: eb('attempts', '-', 1) }))
      .where('id', 'in', ids)
      .where('sent_at', 'is', null)
      .execute(),
  );
}

/** A failed try: the lease ends and the message waits until `nextAttemptAt`. */
export async function markMailRetry(db: Db, id: number, nextAttemptAt: number, error: string): Promise<void> {
  await db.kysely
    .updateTable('mail_outbox')
    .set({ next_attempt_at: nextAttemptAt, claimed_until: null, last_error: error })
    .where('id', '=', id)
    .execute();
}

/** The last failed try: the message is given up, and its body dropped. */
export async function markMailFailed(db: Db, id: number, now: number, error: string): Promise<void> {
  await db.kysely
    .updateTable('mail_outbox')
    .set({ failed_at: now, claimed_until: null, body: '', last_error: error })
    .where('id', '=', id)
    .execute();
}
