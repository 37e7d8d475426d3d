// The desk's workflow: what a save, a review decision or a note does besides the post write, and who hears of it.
// Each runs inside the transaction of the change that causes it, so a step, its notifications and their mail commit
// together or not at all; the outbox sends after the commit (the caller wakes it). SQL is in the repositories.
import type { Transaction } from 'kysely';
import type { EditorialNote, NotificationKind } from '../../contract/desk';
import { mayManageAll, STAFF_ROLES } from '../../contract/roles';
import type { PostStatus } from '../../contract/postStatus';
import type { BlogPost } from '../../contract/types';
import type { Database, Db } from '../db/database';
import { queueDeskNotice } from '../mail/deskMail';
import type { Mailer } from '../mail/mailer';
import { insertNote, noteWriters } from '../repositories/notesRepository';
import { accountsWithRoles, insertNotifications, settleNotifications } from '../repositories/notificationsRepository';
import type { AlsoInTransaction } from '../repositories/postsRepository';
import {
  closeSubmission,
  deskPost,
  newestRevisionId,
  openSubmission,
  recordStep,
  setSubmittedRevision,
} from '../repositories/reviewsRepository';
import { storeRevision } from '../repositories/revisionsRepository';
import type { Author } from '../repositories/revisionsRepository';

type Notice = { kind: NotificationKind; postId: number; postTitle: string; actor: Author; text: string };

/** Who is told of a submission: everyone who may review it. */
const REVIEWERS = STAFF_ROLES.filter((role) => mayManageAll(role));

/**
 * Notifies each recipient (once, never the actor), and queues an email each when mail is on, gathered per post and
 * person (mail/deskMail.ts): the post's title and a link to its admin page. Recipients without an account (deleted
 * meanwhile) are skipped.
 */
async function notify(trx: Transaction<Database>, mailer: Mailer, recipients: number[], notice: Notice, now: Date) {
  const ids = [...new Set(recipients)].filter((id) => id !== notice.actor.accountId);
  const { kind, postId, postTitle, actor, text } = notice;
  const people = await insertNotifications(trx, ids, { kind, postId, actorName: actor.name, text }, now);
  if (!mailer.enabled) return;
  for (const person of people)
    await queueDeskNotice(trx, person.email, { kind, postId, postTitle, text }, mailer.publicUrl, now, mailer.digestMs);
}

async function creatorOf(trx: Transaction<Database>, postId: number): Promise<number | null> {
  return (await deskPost(trx, postId))?.createdBy ?? null;
}

const isFuture = (publishAt: string | null, now: Date) => publishAt !== null && Date.parse(publishAt) > now.getTime();

/** The notification of a post made public (or scheduled) by someone other than its creator. */
async function notifyPublished(
  trx: Transaction<Database>,
  mailer: Mailer,
  post: BlogPost,
  actor: Author,
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
    mailer,
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
  mailer: Mailer,
  { actor, from, requested, now }: { actor: Author; from: PostStatus | 'new'; requested: string; now: Date },
): AlsoInTransaction {
  return async (trx, postId, readBack) => {
    const wasInReview = from === 'review';
    if (requested === 'review') {
      if (wasInReview) return; // an edit of a post in review: it stays submitted, as submitted then
      await openSubmission(trx, postId, actor, now);
      const submitted = await readBack();
      await setSubmittedRevision(trx, postId, await storeRevision(trx, submitted, actor, now));
      await recordStep(trx, postId, 'submitted', actor, now);
      await notify(
        trx,
        mailer,
        await accountsWithRoles(trx, REVIEWERS),
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
      await closeSubmission(trx, postId);
      await recordStep(trx, postId, requested === 'draft' ? 'withdrawn' : 'approved', actor, now);
    }
    const published = requested === 'published' && (from === 'draft' || from === 'review');
    // Withdrawn or made public: the inbox's items about it are done (a new notice of the publication follows).
    if (published || (wasInReview && requested === 'draft')) await settleNotifications(trx, postId, now);
    if (published) await notifyPublished(trx, mailer, await readBack(), actor, now, wasInReview);
  };
}

/**
 * The desk's part of a review decision (POST /api/blogs/:id/review), in the transaction that moves the post: the
 * submission closes, the step is stored, a request for changes keeps its note as an editorial note, and the creator
 * (and, for the note, everyone who wrote a note on the post) hears of it.
 */
export function onDecision(
  mailer: Mailer,
  { actor, decision, note, now }: { actor: Author; decision: 'approve' | 'changes'; note?: string; now: Date },
): AlsoInTransaction {
  return async (trx, postId, readBack) => {
    await closeSubmission(trx, postId);
    const post = await readBack();
    if (decision === 'approve') {
      await recordStep(trx, postId, 'approved', actor, now);
      await settleNotifications(trx, postId, now);
      await notifyPublished(trx, mailer, post, actor, now, true);
      return;
    }
    const body = note ?? '';
    // The version sent back, for the diff its resubmission shows: the revision this decision's write just stored.
    await recordStep(trx, postId, 'changes', actor, now, body, await newestRevisionId(trx, postId));
    const creator = await creatorOf(trx, postId);
    const writers = await noteWriters(trx, postId);
    await insertNote(trx, postId, body, actor, now);
    const notice = { postId, postTitle: post.title, actor };
    if (creator !== null)
      await notify(
        trx,
        mailer,
        [creator],
        { ...notice, kind: 'changes', text: `Changes requested by ${actor.name}: ${body}` },
        now,
      );
    const others = writers.filter((id) => id !== creator);
    await notify(trx, mailer, others, { ...notice, kind: 'note', text: `Note by ${actor.name}: ${body}` }, now);
  };
}

/**
 * Adds a note and tells the post's creator and everyone who wrote a note on it, except the note's writer. undefined
 * when there is no such post.
 */
export async function addNote(
  db: Db,
  mailer: Mailer,
  postId: number,
  body: string,
  actor: Author,
  now: Date,
): Promise<EditorialNote | undefined> {
  return db.kysely.transaction().execute(async (trx) => {
    const post = await deskPost(trx, postId);
    if (post === undefined) return undefined;
    const writers = await noteWriters(trx, postId);
    const note = await insertNote(trx, postId, body, actor, now);
    const recipients = post.createdBy === null ? writers : [post.createdBy, ...writers];
    await notify(
      trx,
      mailer,
      recipients,
      { kind: 'note', postId, postTitle: post.title, actor, text: `Note by ${actor.name}: ${body}` },
      now,
    );
    return note;
  });
}
