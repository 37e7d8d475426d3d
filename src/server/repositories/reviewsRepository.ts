// All SQL of review: a post's open submission (post_reviews), its review steps, what changed since it was submitted
// (or since changes were requested), and the review queue. Writes run inside the transaction of the post write that
// causes them (desk/desk.ts).
import type { Kysely, Transaction } from 'kysely';
import type { BlogPost } from '../../contract/types';
import type { ReviewInfo, ReviewQueueEntry, ReviewStep } from '../../contract/desk';
import { isoTime } from '../db/database';
import type { Database, Db } from '../db/database';
import { postStaff } from './accountsRepository';
import { findPosts } from './postsRepository';
import type { Author } from './revisionsRepository';
import { shownPost } from './shown';

/** What the desk needs of a post out of the trash (notes and reviews are for posts staff can open); undefined: none. */
export async function deskPost(
  executor: Kysely<Database>,
  postId: number,
): Promise<{ title: string; createdBy: number | null } | undefined> {
  const row = await executor
    .selectFrom('posts')
    .select(['title', 'created_by'])
    .where('id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row === undefined ? undefined : { title: row.title, createdBy: row.created_by };
}

/** Opens the post's submission, by `actor` now; the submitted version's revision is set once it is stored. */
export async function openSubmission(trx: Transaction<Database>, postId: number, actor: Author, now: Date) {
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
}

export async function setSubmittedRevision(trx: Transaction<Database>, postId: number, revisionId: number) {
  await trx.updateTable('post_reviews').set({ revision_id: revisionId }).where('post_id', '=', postId).execute();
}

/** Closes the post's submission (withdrawn or decided). */
export async function closeSubmission(trx: Transaction<Database>, postId: number) {
  await trx.deleteFrom('post_reviews').where('post_id', '=', postId).execute();
}

export async function recordStep(
  trx: Transaction<Database>,
  postId: number,
  kind: ReviewStep['kind'],
  actor: Author,
  now: Date,
  note: string | null = null,
  revisionId: number | null = null,
) {
  await trx
    .insertInto('review_steps')
    .values({
      post_id: postId,
      kind,
      by_account_id: actor.accountId,
      by_name: actor.name,
      at: now.toISOString(),
      note,
      revision_id: revisionId,
    })
    .execute();
}

/** The post's newest revision: inside a decision's transaction, the version the decision replaced. */
export async function newestRevisionId(trx: Transaction<Database>, postId: number): Promise<number | null> {
  const row = await trx
    .selectFrom('post_revisions')
    .select('id')
    .where('post_id', '=', postId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The post's review steps, newest first; undefined when there is no such post. */
export async function listReviewSteps(db: Db, postId: number): Promise<ReviewStep[] | undefined> {
  if ((await deskPost(db.kysely, postId)) === undefined) return undefined;
  const rows = await db.kysely
    .selectFrom('review_steps')
    .select(['id', 'kind', 'by_name', 'at', 'note'])
    .where('post_id', '=', postId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, kind: row.kind, by: row.by_name, at: isoTime(row.at), note: row.note }));
}

/** A submission with the version that was submitted (its revision's stored JSON, when there is one). */
function submissions(executor: Kysely<Database>) {
  return executor
    .selectFrom('post_reviews')
    .leftJoin('post_revisions', 'post_revisions.id', 'post_reviews.revision_id')
    .select([
      'post_reviews.post_id',
      'post_reviews.submitted_at',
      'post_reviews.submitted_by_account_id',
      'post_reviews.submitted_by',
      'post_reviews.revision_id',
      'post_revisions.post as submitted',
    ]);
}
type SubmissionRow = Awaited<ReturnType<ReturnType<typeof submissions>['executeTakeFirstOrThrow']>>;

/** What a version says, apart from when and how it was stored (a save numbers its parts anew): what the writer changed. */
const content = (post: BlogPost) => {
  const { updatedAt: _u, status: _s, publishAt: _p, images: _i, sections, products, ...rest } = post;
  const unnumbered = <Part extends { id?: number }>(parts: Part[]) => parts.map(({ id: _id, ...part }) => part);
  return JSON.stringify({ ...rest, sections: unnumbered(sections), products: unnumbered(products) });
};

const NOT_IN_REVIEW: ReviewInfo = {
  submittedAt: null,
  submittedBy: null,
  changedSince: false,
  submittedRevisionId: null,
  sinceChanges: null,
};

type ChangesRequest = { at: string; by: string; revisionId: number | null; sentBack: BlogPost | undefined };

/**
 * The request for changes each post's submission follows, when the last decision on the post asked for changes: who
 * and when, and the version sent back (its revision). One read for all the posts.
 */
async function changesRequests(executor: Kysely<Database>, postIds: number[]): Promise<Map<number, ChangesRequest>> {
  if (postIds.length === 0) return new Map();
  const rows = await executor
    .selectFrom('review_steps')
    .leftJoin('post_revisions', 'post_revisions.id', 'review_steps.revision_id')
    .select([
      'review_steps.post_id',
      'review_steps.kind',
      'review_steps.by_name',
      'review_steps.at',
      'review_steps.revision_id',
      'post_revisions.post as sent_back',
    ])
    .where('review_steps.id', 'in', (eb) =>
      eb
        .selectFrom('review_steps as decision')
        .select((inner) => inner.fn.max('decision.id').as('id'))
        .where('decision.post_id', 'in', postIds)
        .where('decision.kind', 'in', ['approved', 'changes'])
        .groupBy('decision.post_id'),
    )
    .execute();
  return new Map(
    rows
      .filter((row) => row.kind === 'changes')
      .map((row) => [
        row.post_id,
        {
          at: isoTime(row.at),
          by: row.by_name,
          revisionId: row.revision_id,
          sentBack: row.sent_back === null ? undefined : shownPost(JSON.parse(row.sent_back) as BlogPost),
        },
      ]),
  );
}

function reviewInfoOf(row: SubmissionRow, current: BlogPost, request: ChangesRequest | undefined): ReviewInfo {
  const submitted = row.submitted === null ? undefined : shownPost(JSON.parse(row.submitted) as BlogPost);
  const changedSince = submitted !== undefined && content(submitted) !== content(current);
  // A version kept by the request: compare with it. None kept (a step from before): say nothing changed rather than guess.
  const sentBackChanged = request?.sentBack !== undefined && content(request.sentBack) !== content(current);
  return {
    submittedAt: isoTime(row.submitted_at),
    submittedBy: { id: row.submitted_by_account_id, name: row.submitted_by },
    changedSince,
    submittedRevisionId: changedSince ? row.revision_id : null,
    sinceChanges:
      request === undefined
        ? null
        : {
            at: request.at,
            by: request.by,
            changedSince: sentBackChanged,
            revisionId: sentBackChanged ? request.revisionId : null,
          },
  };
}

/** GET /api/blogs/:id/review: the open submission and whether the post changed since (current: the post now). */
export async function reviewInfo(db: Db, current: BlogPost): Promise<ReviewInfo> {
  const row = await submissions(db.kysely).where('post_reviews.post_id', '=', current.id).executeTakeFirst();
  if (row === undefined) return { ...NOT_IN_REVIEW };
  return reviewInfoOf(row, current, (await changesRequests(db.kysely, [current.id])).get(current.id));
}

/**
 * GET /api/reviews: the posts in review (out of the trash) with what changed since each was submitted, the oldest
 * submission first, at most `limit`: one read of the submissions, one of their posts.
 */
export async function reviewQueue(db: Db, limit: number, now: Date): Promise<ReviewQueueEntry[]> {
  const rows = await submissions(db.kysely)
    .innerJoin('posts', 'posts.id', 'post_reviews.post_id')
    .where('posts.deleted_at', 'is', null)
    .orderBy('post_reviews.submitted_at')
    .orderBy('post_reviews.post_id')
    .limit(limit)
    .execute();
  const posts = await findPosts(
    db,
    rows.map((row) => row.post_id),
    { includeHidden: true, now },
  );
  const staff = await postStaff(
    db,
    posts.map((post) => post.id),
  );
  const byId = new Map(posts.map((post) => [post.id, post]));
  const requests = await changesRequests(
    db.kysely,
    posts.map((post) => post.id),
  );
  return rows.flatMap((row) => {
    const post = byId.get(row.post_id);
    if (post === undefined) return [];
    const { createdBy = null, updatedBy = null } = staff.get(post.id) ?? {};
    return [{ post: { ...post, createdBy, updatedBy }, review: reviewInfoOf(row, post, requests.get(post.id)) }];
  });
}
