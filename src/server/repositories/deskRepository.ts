// All SQL of the desk: a post's open submission and its review steps, editorial notes, notifications and the mail
// each notification queues. Every change here runs inside the transaction of the post write (or note) that causes it,
// so a step, its notifications and their mail commit together or not at all; the outbox sends after the commit.
import type { Kysely, Transaction } from 'kysely';
import type { BlogPost, PostStatus } from '../../contract/types';
import type { EditorialNote, NotificationKind, ReviewInfo, ReviewStep, StaffNotification } from '../../contract/desk';
import { pathTo } from '../../contract/routes';
import { isoTime } from '../db/database';
import type { Database, Db } from '../db/database';
import { POST_ID_MAX } from '../../contract/limits';
import type { AlsoInTransaction } from './postsRepository';
import { storeRevision } from './revisionsRepository';
import { shownPost } from './shown';

/** Who acts: a signed-in account, or a key (accountId null) acting with owner rights. */
export type DeskActor = { accountId: number | null; name: string };

/** What the desk needs to know to queue mail: whether mail is on, and the origin its links are made from. */
export type DeskMail = { enabled: boolean; publicUrl: string };

const HEADLINES: Record<NotificationKind, string> = {
  submitted: 'Submitted for review',
  changes: 'Changes requested',
  approved: 'Approved',
  published: 'Published',
  scheduled: 'Scheduled',
  note: 'New note',
};

type Notice = { kind: NotificationKind; postId: number; postTitle: string; actor: DeskActor; text: string };

/**
 * Notifies each recipient (once, never the actor), and queues one email each when mail is on: the post's title and
 * a link to its admin page. Recipients without an account (deleted meanwhile) are skipped.
 */
async function notify(trx: Transaction<Database>, mail: DeskMail, recipients: number[], notice: Notice, now: Date) {
  const ids = [...new Set(recipients)].filter((id) => id !== notice.actor.accountId);
  if (ids.length === 0) return;
  const people = await trx.selectFrom('accounts').select(['id', 'email']).where('id', 'in', ids).execute();
  if (people.length === 0) return;
  await trx
    .insertInto('notifications')
    .values(
      people.map((person) => ({
        account_id: person.id,
        kind: notice.kind,
        post_id: notice.postId,
        actor_name: notice.actor.name,
        text: notice.text,
        created_at: now.toISOString(),
      })),
    )
    .execute();
  if (!mail.enabled) return;
  const link = `${mail.publicUrl}${pathTo('adminEdit', { id: notice.postId })}`;
  const title = notice.postTitle.trim() === '' ? '(untitled)' : notice.postTitle;
  await trx
    .insertInto('mail_outbox')
    .values(
      people.map((person) => ({
        to_address: person.email,
        subject: `${HEADLINES[notice.kind]}: ${oneLine(title)}`,
        body: `${notice.text}\n\nPost: ${title}\nOpen it: ${link}\n`,
        created_at: now.getTime(),
        next_attempt_at: now.getTime(),
      })),
    )
    .execute();
}

/** A mail subject is one header line: no line breaks, and not endless. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 150);

/** Queues a message for the outbox (a reset link); the caller's transaction or connection. */
export async function queueMail(
  executor: Kysely<Database>,
  message: { to: string; subject: string; body: string },
  now: Date,
): Promise<void> {
  await executor
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      body: message.body,
      created_at: now.getTime(),
      next_attempt_at: now.getTime(),
    })
    .execute();
}

async function recordStep(
  trx: Transaction<Database>,
  postId: number,
  kind: ReviewStep['kind'],
  actor: DeskActor,
  now: Date,
  note: string | null = null,
) {
  await trx
    .insertInto('review_steps')
    .values({ post_id: postId, kind, by_account_id: actor.accountId, by_name: actor.name, at: now.toISOString(), note })
    .execute();
}

async function editorsAndOwners(trx: Transaction<Database>): Promise<number[]> {
  const rows = await trx.selectFrom('accounts').select('id').where('role', 'in', ['editor', 'owner']).execute();
  return rows.map((row) => row.id);
}

async function creatorOf(trx: Transaction<Database>, postId: number): Promise<number | null> {
  const row = await trx.selectFrom('posts').select('created_by').where('id', '=', postId).executeTakeFirst();
  return row?.created_by ?? null;
}

const isFuture = (publishAt: string | null, now: Date) => publishAt !== null && Date.parse(publishAt) > now.getTime();

/** The notification of a post made public (or scheduled) by someone other than its creator. */
async function notifyPublished(
  trx: Transaction<Database>,
  mail: DeskMail,
  post: BlogPost,
  actor: DeskActor,
  now: Date,
  approved: boolean,
) {
  const creator = await creatorOf(trx, post.id);
  if (creator === null) return;
  const scheduled = isFuture(post.publishAt, now);
  const how = approved ? 'Approved and ' : '';
  const text = scheduled
    ? `${how}${approved ? 'scheduled' : 'Scheduled'} by ${actor.name} for ${post.publishAt ?? ''}`
    : `${how}${approved ? 'published' : 'Published'} by ${actor.name}`;
  await notify(
    trx,
    mail,
    [creator],
    { kind: scheduled ? 'scheduled' : 'published', postId: post.id, postTitle: post.title, actor, text },
    now,
  );
}

/**
 * The desk's part of a save (POST or PUT /api/blogs), in its transaction: saving with 'review' submits (the version
 * submitted is kept as a revision, editors and owners are told), saving a post in review with 'draft' withdraws it,
 * with 'published' approves it; a post made public by someone else tells its creator.
 */
export function onSave(
  mail: DeskMail,
  { actor, from, requested, now }: { actor: DeskActor; from: PostStatus | 'new'; requested: string; now: Date },
): AlsoInTransaction {
  return async (trx, postId, readBack) => {
    const wasInReview = from === 'review';
    if (requested === 'review') {
      if (wasInReview) return; // an edit of a post in review: it stays submitted, as submitted then
      await trx
        .insertInto('post_reviews')
        .values({
          post_id: postId,
          submitted_at: now.toISOString(),
          submitted_by_account_id: actor.accountId,
          submitted_by: actor.name,
          revision_id: null,
        })
        .execute();
      const submitted = await readBack();
      const revisionId = await storeRevision(trx, submitted, actor, now);
      await trx.updateTable('post_reviews').set({ revision_id: revisionId }).where('post_id', '=', postId).execute();
      await recordStep(trx, postId, 'submitted', actor, now);
      await notify(
        trx,
        mail,
        await editorsAndOwners(trx),
        {
          kind: 'submitted',
          postId,
          postTitle: submitted.title,
          actor,
          text: `Submitted for review by ${actor.name}`,
        },
        now,
      );
      return;
    }
    if (wasInReview) {
      await trx.deleteFrom('post_reviews').where('post_id', '=', postId).execute();
      await recordStep(trx, postId, requested === 'draft' ? 'withdrawn' : 'approved', actor, now);
    }
    if (requested === 'published' && (from === 'draft' || from === 'review'))
      await notifyPublished(trx, mail, await readBack(), actor, now, wasInReview);
  };
}

/**
 * The desk's part of a review decision (POST /api/blogs/:id/review), in the transaction that moves the post: the
 * submission closes, the step is stored, a request for changes keeps its note as an editorial note, and the creator
 * (and, for the note, everyone who wrote a note on the post) hears of it.
 */
export function onDecision(
  mail: DeskMail,
  { actor, decision, note, now }: { actor: DeskActor; decision: 'approve' | 'changes'; note?: string; now: Date },
): AlsoInTransaction {
  return async (trx, postId, readBack) => {
    await trx.deleteFrom('post_reviews').where('post_id', '=', postId).execute();
    const post = await readBack();
    if (decision === 'approve') {
      await recordStep(trx, postId, 'approved', actor, now);
      await notifyPublished(trx, mail, post, actor, now, true);
      return;
    }
    const body = note ?? '';
    await recordStep(trx, postId, 'changes', actor, now, body);
    const creator = await creatorOf(trx, postId);
    const writers = await noteWriters(trx, postId);
    await insertNote(trx, postId, body, actor, now);
    const notice = { postId, postTitle: post.title, actor };
    if (creator !== null)
      await notify(
        trx,
        mail,
        [creator],
        { ...notice, kind: 'changes', text: `Changes requested by ${actor.name}: ${body}` },
        now,
      );
    const others = writers.filter((id) => id !== creator);
    await notify(trx, mail, others, { ...notice, kind: 'note', text: `Note by ${actor.name}: ${body}` }, now);
  };
}

async function noteWriters(trx: Transaction<Database>, postId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('editorial_notes')
    .select('author_account_id')
    .distinct()
    .where('post_id', '=', postId)
    .where('author_account_id', 'is not', null)
    .execute();
  return rows.map((row) => row.author_account_id).filter((id): id is number => id !== null);
}

async function insertNote(trx: Transaction<Database>, postId: number, body: string, actor: DeskActor, now: Date) {
  return trx
    .insertInto('editorial_notes')
    .values({
      post_id: postId,
      body,
      author_account_id: actor.accountId,
      author_name: actor.name,
      created_at: now.toISOString(),
    })
    .returning(['id', 'body', 'author_name', 'created_at', 'resolved_at'])
    .executeTakeFirstOrThrow();
}

type NoteRow = { id: number; body: string; author_name: string; created_at: Date | string; resolved_at: unknown };
const toNote = (row: NoteRow): EditorialNote => ({
  id: row.id,
  body: row.body,
  author: { name: row.author_name },
  createdAt: isoTime(row.created_at),
  resolved: row.resolved_at !== null,
});

/** Whether a post with this id exists out of the trash (notes and reviews are for posts staff can open). */
async function postExists(executor: Kysely<Database>, postId: number): Promise<{ title: string } | undefined> {
  if (postId > POST_ID_MAX) return undefined;
  return executor
    .selectFrom('posts')
    .select('title')
    .where('id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The post's notes, newest last; undefined when there is no such post. */
export async function listNotes(db: Db, postId: number): Promise<EditorialNote[] | undefined> {
  if ((await postExists(db.kysely, postId)) === undefined) return undefined;
  const rows = await db.kysely
    .selectFrom('editorial_notes')
    .select(['id', 'body', 'author_name', 'created_at', 'resolved_at'])
    .where('post_id', '=', postId)
    .orderBy('id')
    .execute();
  return rows.map(toNote);
}

/**
 * Adds a note and tells the post's creator and everyone who wrote a note on it, except the note's writer. undefined
 * when there is no such post.
 */
export async function addNote(
  db: Db,
  mail: DeskMail,
  postId: number,
  body: string,
  actor: DeskActor,
  now: Date,
): Promise<EditorialNote | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    const post = await postExists(trx, postId);
    if (post === undefined) return undefined;
    const creator = await creatorOf(trx, postId);
    const writers = await noteWriters(trx, postId);
    const row = await insertNote(trx, postId, body, actor, now);
    const recipients = creator === null ? writers : [creator, ...writers];
    await notify(
      trx,
      mail,
      recipients,
      { kind: 'note', postId, postTitle: post.title, actor, text: `Note by ${actor.name}: ${body}` },
      now,
    );
    return toNote(row);
  });
}

/** Marks a note resolved or not: the note, or undefined when the post has no such note. */
export async function resolveNote(
  db: Db,
  postId: number,
  noteId: number,
  resolved: boolean,
  now: Date,
): Promise<EditorialNote | undefined> {
  if (postId > POST_ID_MAX || noteId > POST_ID_MAX) return undefined;
  const row = await db.kysely
    .updateTable('editorial_notes')
    .set({ resolved_at: resolved ? now.toISOString() : null })
    .where('id', '=', noteId)
    .where('post_id', '=', postId)
    .returning(['id', 'body', 'author_name', 'created_at', 'resolved_at'])
    .executeTakeFirst();
  return row === undefined ? undefined : toNote(row);
}

/** The post's review steps, newest first; undefined when there is no such post. */
export async function listReviewSteps(db: Db, postId: number): Promise<ReviewStep[] | undefined> {
  if ((await postExists(db.kysely, postId)) === undefined) return undefined;
  const rows = await db.kysely
    .selectFrom('review_steps')
    .select(['id', 'kind', 'by_name', 'at', 'note'])
    .where('post_id', '=', postId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, kind: row.kind, by: row.by_name, at: isoTime(row.at), note: row.note }));
}

/** What a version says, apart from when and how it was stored: what the writer changed. */
const content = (post: BlogPost) => {
  const { updatedAt: _u, status: _s, publishAt: _p, images: _i, ...rest } = post;
  return JSON.stringify(rest);
};

/** GET /api/blogs/:id/review: the open submission and whether the post changed since (current: the post now). */
export async function reviewInfo(db: Db, current: BlogPost): Promise<ReviewInfo> {
  const row = await db.kysely
    .selectFrom('post_reviews')
    .selectAll()
    .where('post_id', '=', current.id)
    .executeTakeFirst();
  if (row === undefined)
    return { submittedAt: null, submittedBy: null, changedSince: false, submittedRevisionId: null };
  const revision =
    row.revision_id === null
      ? undefined
      : await db.kysely
          .selectFrom('post_revisions')
          .select('post')
          .where('id', '=', row.revision_id)
          .executeTakeFirst();
  const submitted = revision === undefined ? undefined : shownPost(JSON.parse(revision.post) as BlogPost);
  const changedSince = submitted !== undefined && content(submitted) !== content(current);
  return {
    submittedAt: isoTime(row.submitted_at),
    submittedBy: { id: row.submitted_by_account_id, name: row.submitted_by },
    changedSince,
    submittedRevisionId: changedSince ? row.revision_id : null,
  };
}

/** The ids of the posts in review (out of the trash), the oldest submission first; at most `limit`. */
export async function postsInReview(db: Db, limit: number): Promise<number[]> {
  const rows = await db.kysely
    .selectFrom('post_reviews')
    .innerJoin('posts', 'posts.id', 'post_reviews.post_id')
    .select('post_reviews.post_id')
    .where('posts.deleted_at', 'is', null)
    .orderBy('post_reviews.submitted_at')
    .orderBy('post_reviews.post_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.post_id);
}

/** The person's notifications, newest first (the latest 200), and how many are unread. */
export async function listNotifications(
  db: Db,
  accountId: number,
): Promise<{ items: StaffNotification[]; unread: number }> {
  const [rows, unread] = await Promise.all([
    db.kysely
      .selectFrom('notifications')
      .innerJoin('posts', 'posts.id', 'notifications.post_id')
      .select([
        'notifications.id',
        'notifications.kind',
        'notifications.post_id',
        'posts.title',
        'notifications.actor_name',
        'notifications.text',
        'notifications.created_at',
        'notifications.read_at',
      ])
      .where('notifications.account_id', '=', accountId)
      .orderBy('notifications.id', 'desc')
      .limit(200)
      .execute(),
    db.kysely
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('account_id', '=', accountId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      postId: row.post_id,
      postTitle: row.title,
      actor: { name: row.actor_name },
      text: row.text,
      createdAt: isoTime(row.created_at),
      read: row.read_at !== null,
    })),
    unread: Number(unread.count),
  };
}

/** Marks the person's notifications read: these ids, or all of them. */
export async function markNotificationsRead(
  db: Db,
  accountId: number,
  ids: number[] | undefined,
  now: Date,
): Promise<void> {
  if (ids !== undefined && ids.length === 0) return;
  let update = db.kysely
    .updateTable('notifications')
    .set({ read_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null);
  if (ids !== undefined) update = update.where('id', 'in', ids);
  await update.execute();
}
