// All SQL of newsletters: which posts became public and have not been dispatched, the claim of one post's dispatch,
// queueing its recipients into the outbox in batches (one row per post and member, unique together: INSERT … ON
// CONFLICT DO NOTHING, so no crash, retry or second process ever queues a member twice), the member a row is for,
// a bounce, the one-click unsubscribe and a post's figures.
import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, Db, DispatchState } from '../db/database';
import { unflushedTransaction } from '../db/unflushed';
import { isPublic } from '../repositories/visibility';

/**
 * Gives every post that is public now and has no dispatch row one: 'queuing' when it is to be mailed, else 'off'. The
 * row's existence marks the post's first public moment, so an unpublish and republish, a restore or an edit later
 * never dispatches it again. It runs after every write and every few seconds, so it looks only at the posts whose
 * newsletter_recorded is still 0 (a partial index of the drafts, scheduled and new posts, migration 0030), and takes
 * the write lock only when it found one: a look over every post was about 1 ms per 1,500 posts inside each publish.
 */
export async function recordNewlyPublic(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  // A literal 0, not a bound parameter: only then do SQLite and PostgreSQL know the query matches the partial index.
  const newlyPublic = (executor: Kysely<Database>) =>
    executor
      .selectFrom('posts')
      .select(['id', 'newsletter'])
      .where('newsletter_recorded', '=', sql.lit(0))
      .where(isPublic(now));
  if ((await newlyPublic(db.kysely).limit(1).executeTakeFirst()) === undefined) return;
  await db.kysely.transaction().execute(async (trx) => {
    const posts = await newlyPublic(trx).execute();
    // In slices: after an import from before this column, every public post is looked at once.
    for (let start = 0; start < posts.length; start += RECORD_SLICE) {
      const slice = posts.slice(start, start + RECORD_SLICE);
      // A row another process or an archive wrote stays as it is.
      await trx
        .insertInto('newsletter_dispatches')
        .values(
          slice.map((post) => ({
            post_id: post.id,
            state: post.newsletter === 1 ? 'queuing' : 'off',
            started_at: at,
          })),
        )
        .onConflict((conflict) => conflict.column('post_id').doNothing())
        .execute();
      await trx
        .updateTable('posts')
        .set({ newsletter_recorded: 1 })
        .where(
          'id',
          'in',
          slice.map((post) => post.id),
        )
        .execute();
    }
  });
}

/** Posts one statement of recordNewlyPublic writes (three bound values a row, well under SQLite's limit). */
const RECORD_SLICE = 500;

export type ClaimedDispatch = { postId: number; cursor: number; lease: number };

/**
 * Claims one post whose members are still being queued and whose lease (if any) has passed: one conditional UPDATE.
 * Like recordNewlyPublic it runs after every write: it reads the few dispatches still queuing (a partial index,
 * migration 0030) and, on SQLite, takes the write lock only when one is free to claim.
 */
export async function claimDispatch(db: Db, now: number, leaseMs: number): Promise<ClaimedDispatch | undefined> {
  const free = (eb: ExpressionBuilder<Database, 'newsletter_dispatches'>) =>
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]);
  // A literal, as the partial index newsletter_dispatches_queuing says it.
  const queuing = sql.lit<DispatchState>('queuing');
  const due = db.kysely
    .selectFrom('newsletter_dispatches')
    .select('post_id')
    .where('state', '=', queuing)
    .where(free)
    .orderBy('post_id')
    .limit(1);
  if (db.dialect === 'sqlite' && (await due.executeTakeFirst()) === undefined) return undefined;
  const lease = now + leaseMs;
  const row = await db.kysely
    .updateTable('newsletter_dispatches')
    .set({ claimed_until: lease })
    .where('post_id', '=', db.dialect === 'postgres' ? due.modifyEnd(sql`for update skip locked`) : due)
    .where('state', '=', queuing)
    .where(free)
    .returning(['post_id', 'member_cursor'])
    .executeTakeFirst();
  return row === undefined ? undefined : { postId: row.post_id, cursor: Number(row.member_cursor), lease };
}

/** The tag slugs a post carries. */
export async function postTagSlugs(db: Db, postId: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .select('tags.slug')
    .where('post_tags.post_id', '=', postId)
    .execute();
  return rows.map((row) => row.slug);
}

/** Active members who follow every story or one of `slugs`. */
const recipients = (slugs: string[]) => (eb: ExpressionBuilder<Database, 'members'>) =>
  eb.and([
    eb('members.status', '=', 'active'),
    slugs.length === 0
      ? eb('members.all_posts', '=', 1)
      : eb.or([
          eb('members.all_posts', '=', 1),
          eb.exists(
            eb
              .selectFrom('member_tags')
              .select('member_tags.member_id')
              .whereRef('member_tags.member_id', '=', 'members.id')
              .where('member_tags.tag', 'in', slugs),
          ),
        ]),
  ]);

/**
 * Queues the next batch of a claimed dispatch (members after its cursor, by id) in one transaction that also moves the
 * cursor, only while this process still holds the lease. 'done' when the batch was the last; 'lost' when another
 * process took the dispatch over.
 */
export async function queueBatch(
  db: Db,
  claim: ClaimedDispatch,
  slugs: string[],
  subject: string,
  batch: number,
  now: number,
  leaseMs: number,
): Promise<{ outcome: 'more' | 'done' | 'lost'; queued: number }> {
  // Without the disk flush: a batch lost to an OS crash takes its cursor with it, and is queued again.
  return unflushedTransaction(db, async (trx) => {
    // The lease is checked and renewed first: a write as the transaction's first statement takes SQLite's write lock
    // (waiting for it, db/sqliteBusy.ts), where a read first would fail the batch whenever another connection, the mail
    // sender's in its thread, committed after that read.
    const held = await trx
      .updateTable('newsletter_dispatches')
      .set({ claimed_until: now + leaseMs })
      .where('post_id', '=', claim.postId)
      .where('claimed_until', '=', claim.lease)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) === 0) throw new LostLease();
    // The batch's last member: the batch-th recipient after the cursor; none: this batch takes the rest.
    const last = await trx
      .selectFrom('members')
      .select('id')
      .where(recipients(slugs))
      .where('members.id', '>', claim.cursor)
      .orderBy('members.id')
      .limit(1)
      .offset(batch - 1)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('mail_outbox')
      .columns(['to_address', 'subject', 'body', 'created_at', 'next_attempt_at', 'post_id', 'member_id'])
      .expression(
        trx
          .selectFrom('members')
          .select((eb) => [
            'members.email',
            eb.val(subject).as('subject'),
            eb.val('').as('body'),
            eb.val(now).as('created_at'),
            eb.val(now).as('next_attempt_at'),
            eb.val(claim.postId).as('post_id'),
            'members.id',
          ])
          .where(recipients(slugs))
          .where('members.id', '>', claim.cursor)
          .$if(last !== undefined, (query) => query.where('members.id', '<=', last?.id ?? 0)),
      )
      .onConflict((conflict) => conflict.columns(['post_id', 'member_id']).doNothing())
      .executeTakeFirst();
    const queued = Number(inserted.numInsertedOrUpdatedRows ?? 0);
    const done = last === undefined;
    await trx
      .updateTable('newsletter_dispatches')
      .set((eb) => ({
        member_cursor: last?.id ?? claim.cursor,
        queued: eb('queued', '+', queued),
        claimed_until: done ? null : now + leaseMs,
        ...(done ? { state: 'done' as const, finished_at: new Date(now).toISOString() } : {}),
      }))
      .where('post_id', '=', claim.postId)
      .executeTakeFirst();
    claim.cursor = last?.id ?? claim.cursor;
    claim.lease = now + leaseMs;
    return { outcome: done ? ('done' as const) : ('more' as const), queued };
  }).catch((error: unknown) => {
    if (error instanceof LostLease) return { outcome: 'lost' as const, queued: 0 };
    throw error;
  });
}

class LostLease extends Error {}

export type Recipient = { email: string; status: string; all: boolean; tags: string[] };

/**
 * The members a batch of one post's outbox rows is for, as the sender needs them: whether still active, and the post's
 * tags they follow. Two queries for the whole batch; a member erased meanwhile is missing from the map.
 */
export async function recipientsOf(db: Db, memberIds: number[], postId: number): Promise<Map<number, Recipient>> {
  const found = new Map<number, Recipient>();
  if (memberIds.length === 0) return found;
  const members = await db.kysely
    .selectFrom('members')
    .select(['id', 'email', 'status', 'all_posts'])
    .where('id', 'in', memberIds)
    .execute();
  for (const member of members)
    found.set(member.id, { email: member.email, status: member.status, all: member.all_posts === 1, tags: [] });
  const byTag = members.filter((member) => member.all_posts !== 1).map((member) => member.id);
  if (byTag.length > 0) {
    const followed = await db.kysely
      .selectFrom('member_tags')
      .innerJoin('tags', 'tags.slug', 'member_tags.tag')
      .innerJoin('post_tags', 'post_tags.tag_id', 'tags.id')
      .select(['member_tags.member_id', 'member_tags.tag'])
      .where('member_tags.member_id', 'in', byTag)
      .where('post_tags.post_id', '=', postId)
      .orderBy('post_tags.position')
      .execute();
    for (const row of followed) found.get(row.member_id)?.tags.push(row.tag);
  }
  return found;
}

/** A 5xx to RCPT TO: the address does not take mail, so the member is mailed no more. */
export async function markMemberBounced(db: Db, memberId: number): Promise<void> {
  await db.kysely
    .updateTable('members')
    .set({ status: 'bounced' })
    .where('id', '=', memberId)
    .where('status', '=', 'active')
    .execute();
}

/** The one-click unsubscribe: whether the member exists (an unsubscribed or bounced one stays as it is). */
export async function unsubscribeMember(db: Db, memberId: number): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('members').select('status').where('id', '=', memberId).executeTakeFirst();
    if (member === undefined) return false;
    if (member.status === 'active' || member.status === 'pending')
      await trx.updateTable('members').set({ status: 'unsubscribed' }).where('id', '=', memberId).execute();
    return true;
  });
}

/** What an outbox row skipped (a member no longer subscribed when its turn came) says in last_error. */
export const SKIPPED = 'skipped: not subscribed';

export type NewsletterFigures = { recipients: number; sent: number; failed: number; pending: number };

/** A post's newsletter figures from its outbox rows (a row skipped because the member left counts nowhere). */
export async function newsletterFigures(db: Db, postId: number): Promise<NewsletterFigures> {
  const row = await db.kysely
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.countAll().as('rows'),
      eb.fn.count('sent_at').as('sent'),
      eb.fn.sum(eb.case().when('last_error', '=', SKIPPED).then(1).else(0).end()).as('skipped'),
      eb.fn.count('failed_at').as('ended'),
    ])
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  const rows = Number(row.rows);
  const sent = Number(row.sent);
  const skipped = Number(row.skipped ?? 0);
  const failed = Number(row.ended) - skipped;
  return { recipients: rows - skipped, sent, failed, pending: rows - skipped - sent - failed };
}
