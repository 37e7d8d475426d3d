// All SQL of members' comments: the public read (approved, not hidden by reports or a ban, deleted ones only as the
// place of their replies), the member's writes, reports, the moderation desk, the settings row, erasure and the
// reply mail's stop token. The rules are in comments/; this file decides nothing.
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { DEFAULT_COMMENT_SETTINGS, DELETED_COMMENT, MODERATION_MODES, REPORTS_TO_HIDE } from '../../contract/comments';
import type {
  CommentSettings,
  ModeratedComment,
  ModerationStatus,
  OwnComment,
  PublicComment,
} from '../../contract/comments';
import { isoTime } from '../db/database';
import type { CommentStatus, Database, Db } from '../db/database';
import { bumpRevision } from './contentRevision';
import { isPublic } from './visibility';

type Executor = Kysely<Database>;

/** A comment the public may read: approved, its author not banned, fewer than REPORTS_TO_HIDE reports. */
function visible(alias: string): RawBuilder<boolean> {
  const c = sql.raw(alias);
  return sql<boolean>`(${c}.status = 'approved'
    and not exists (select 1 from members bm where bm.id = ${c}.member_id and bm.banned_at is not null)
    and (select count(*) from comment_reports cr where cr.comment_id = ${c}.id) < ${REPORTS_TO_HIDE})`;
}

// ---- settings

const SETTINGS_KEY = 'comments';

export async function readCommentSettings(executor: Executor): Promise<CommentSettings> {
  const row = await executor
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', SETTINGS_KEY)
    .executeTakeFirst();
  if (row === undefined) return DEFAULT_COMMENT_SETTINGS;
  try {
    const stored = JSON.parse(row.value) as Partial<CommentSettings>;
    return {
      moderation: MODERATION_MODES.includes(stored.moderation!)
        ? stored.moderation!
        : DEFAULT_COMMENT_SETTINGS.moderation,
      heldWords: Array.isArray(stored.heldWords) ? stored.heldWords.filter((w) => typeof w === 'string') : [],
      closeAfterDays:
        typeof stored.closeAfterDays === 'number' ? stored.closeAfterDays : DEFAULT_COMMENT_SETTINGS.closeAfterDays,
    };
  } catch {
    return DEFAULT_COMMENT_SETTINGS;
  }
}

export async function writeCommentSettings(executor: Executor, settings: CommentSettings): Promise<void> {
  const value = JSON.stringify(settings);
  await executor
    .insertInto('site_settings')
    .values({ key: SETTINGS_KEY, value })
    .onConflict((c) => c.column('key').doUpdateSet({ value }))
    .execute();
}

// ---- the post

export type CommentedPost = {
  id: number;
  title: string;
  public: boolean;
  closedByEditor: boolean;
  /** when the post became public (publish_at, else created_at), epoch ms */
  publishedAt: number;
};

export async function findCommentedPost(executor: Executor, id: number, now: Date): Promise<CommentedPost | undefined> {
  const row = await executor
    .selectFrom('posts')
    .select((eb) => [
      'id',
      'title',
      'comments_closed',
      'publish_at',
      'created_at',
      eb
        .exists(
          eb
            .selectFrom('posts as p')
            .select('p.id')
            .where('p.id', '=', id)
            .where((p) => isPublic(now)(p as never)),
        )
        .as('public'),
    ])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    id: row.id,
    title: row.title,
    public: Boolean(row.public),
    closedByEditor: Number(row.comments_closed) === 1,
    publishedAt: Date.parse(isoTime(row.publish_at ?? row.created_at)),
  };
}

export async function setCommentsClosed(executor: Executor, postId: number, closed: boolean): Promise<boolean> {
  const result = await executor
    .updateTable('posts')
    .set({ comments_closed: closed ? 1 : 0 })
    .where('id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- the public read

type CommentRow = {
  id: number;
  parent_id: number | null;
  body: string;
  status: CommentStatus;
  created_at: Date | string;
  edited_at: Date | string | null;
  name: string | null;
  staff: number | boolean | null;
};

function selectComments(executor: Executor) {
  return executor
    .selectFrom('comments as c')
    .leftJoin('members as m', 'm.id', 'c.member_id')
    .select([
      'c.id',
      'c.parent_id',
      'c.body',
      'c.status',
      'c.created_at',
      'c.edited_at',
      'm.name',
      sql<boolean>`exists (select 1 from accounts a where a.email = m.email)`.as('staff'),
    ]);
}

function toPublic(row: CommentRow): PublicComment {
  if (row.status === 'deleted')
    return {
      id: row.id,
      parentId: row.parent_id,
      body: DELETED_COMMENT,
      author: { name: '' },
      createdAt: isoTime(row.created_at),
      editedAt: null,
      staff: false,
      deleted: true,
    };
  return {
    id: row.id,
    parentId: row.parent_id,
    body: row.body,
    author: { name: row.name === null || row.name === '' ? 'A member' : row.name },
    createdAt: isoTime(row.created_at),
    editedAt: row.edited_at === null ? null : isoTime(row.edited_at),
    staff: Boolean(row.staff),
  };
}

/**
 * The newest `limit` threads of the post below `before` (a visible top-level comment, or a deleted one that still has
 * a visible reply), oldest first, each followed by its visible replies; and whether earlier threads exist.
 */
export async function listPublicComments(
  executor: Executor,
  postId: number,
  { before, limit }: { before?: number; limit: number },
): Promise<{ items: PublicComment[]; nextBefore: number | null }> {
  let query = selectComments(executor)
    .where('c.post_id', '=', postId)
    .where('c.parent_id', 'is', null)
    .where(
      sql<boolean>`(${visible('c')} or (c.status = 'deleted' and exists (select 1 from comments r where r.parent_id = c.id and ${visible('r')})))`,
    );
  if (before !== undefined) query = query.where('c.id', '<', before);
  const threads = (await query
    .orderBy('c.id', 'desc')
    .limit(limit + 1)
    .execute()) as CommentRow[];
  const more = threads.length > limit;
  const page = threads.slice(0, limit).reverse();
  if (page.length === 0) return { items: [], nextBefore: null };
  const replies = (await selectComments(executor)
    .where(
      'c.parent_id',
      'in',
      page.map((t) => t.id),
    )
    .where(visible('c'))
    .orderBy('c.id', 'asc')
    .execute()) as CommentRow[];
  const byParent = new Map<number, CommentRow[]>();
  for (const reply of replies) byParent.set(reply.parent_id!, [...(byParent.get(reply.parent_id!) ?? []), reply]);
  const items: PublicComment[] = [];
  for (const thread of page) {
    items.push(toPublic(thread));
    for (const reply of byParent.get(thread.id) ?? []) items.push(toPublic(reply));
  }
  return { items, nextBefore: more ? page[0]!.id : null };
}

/** Visible comments per post (posts without any are absent). */
export async function countPublicComments(executor: Executor, postIds: number[]): Promise<Map<number, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await executor
    .selectFrom('comments as c')
    .select(['c.post_id', sql<number>`count(*)`.as('n')])
    .where('c.post_id', 'in', postIds)
    .where(visible('c'))
    .groupBy('c.post_id')
    .execute();
  return new Map(rows.map((row) => [row.post_id, Number(row.n)]));
}

/** The member's own comments on the post that wait for a moderator, oldest first. */
export async function ownPendingComments(executor: Executor, postId: number, memberId: number): Promise<OwnComment[]> {
  const rows = (await selectComments(executor)
    .where('c.post_id', '=', postId)
    .where('c.member_id', '=', memberId)
    .where('c.status', '=', 'pending')
    .orderBy('c.id', 'asc')
    .execute()) as CommentRow[];
  return rows.map((row) => ({ ...toPublic(row), status: 'pending' }));
}

export async function readOwnComment(executor: Executor, id: number): Promise<OwnComment> {
  const row = (await selectComments(executor).where('c.id', '=', id).executeTakeFirstOrThrow()) as CommentRow;
  return { ...toPublic(row), status: row.status === 'approved' ? 'approved' : 'pending' };
}

// ---- one comment

export type CommentFacts = {
  id: number;
  postId: number;
  memberId: number | null;
  parentId: number | null;
  status: CommentStatus;
  createdAt: number;
  /** the public may read it */
  visible: boolean;
};

export async function findComment(executor: Executor, id: number): Promise<CommentFacts | undefined> {
  const row = await executor
    .selectFrom('comments as c')
    .select(['c.id', 'c.post_id', 'c.member_id', 'c.parent_id', 'c.status', 'c.created_at', visible('c').as('visible')])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    id: row.id,
    postId: row.post_id,
    memberId: row.member_id,
    parentId: row.parent_id,
    status: row.status,
    createdAt: Date.parse(isoTime(row.created_at)),
    visible: Boolean(row.visible),
  };
}

export async function insertComment(
  executor: Executor,
  comment: { postId: number; memberId: number; parentId: number | null; body: string; status: 'approved' | 'pending' },
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const row = await executor
    .insertInto('comments')
    .values({
      post_id: comment.postId,
      member_id: comment.memberId,
      parent_id: comment.parentId,
      body: comment.body,
      status: comment.status,
      created_at: at,
      approved_at: comment.status === 'approved' ? at : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCommentBody(
  executor: Executor,
  id: number,
  body: string,
  status: 'approved' | 'pending' | undefined,
  now: Date,
): Promise<void> {
  await executor
    .updateTable('comments')
    .set({ body, edited_at: now.toISOString(), ...(status === undefined ? {} : { status }) })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes comments: one with replies keeps its place as "Comment deleted" (no text, no author), the others go, and a
 * deleted placeholder left without replies goes too.
 */
export async function deleteComments(executor: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const withReplies = await executor
    .selectFrom('comments')
    .select('parent_id')
    .where('parent_id', 'in', ids)
    .where('id', 'not in', ids)
    .groupBy('parent_id')
    .execute();
  const keep = withReplies.map((row) => row.parent_id!);
  const parents = await executor
    .selectFrom('comments')
    .select('parent_id')
    .where('id', 'in', ids)
    .where('parent_id', 'is not', null)
    .execute();
  if (keep.length > 0)
    await executor
      .updateTable('comments')
      .set({ status: 'deleted', body: '', member_id: null, edited_at: null })
      .where('id', 'in', keep)
      .execute();
  const gone = ids.filter((id) => !keep.includes(id));
  if (gone.length > 0) await executor.deleteFrom('comments').where('id', 'in', gone).execute();
  const orphans = parents.map((row) => row.parent_id!).filter((id) => !ids.includes(id));
  if (orphans.length > 0)
    await executor
      .deleteFrom('comments')
      .where('id', 'in', orphans)
      .where('status', '=', 'deleted')
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('comments as r').select('r.id').whereRef('r.parent_id', '=', 'comments.id'))),
      )
      .execute();
}

/** Erasure: the member's comments go (those with replies stay as "Comment deleted"). */
export async function eraseMemberComments(executor: Executor, memberId: number): Promise<void> {
  const rows = await executor.selectFrom('comments').select('id').where('member_id', '=', memberId).execute();
  if (rows.length === 0) return;
  await deleteComments(
    executor,
    rows.map((row) => row.id),
  );
  await bumpRevision(executor);
}

export async function hasApprovedComment(executor: Executor, memberId: number): Promise<boolean> {
  const row = await executor
    .selectFrom('comments')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'approved')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- reports

/** Adds the member's report; false when they had reported it already. Answers the comment's report count. */
export async function addReport(
  executor: Executor,
  commentId: number,
  memberId: number,
  reason: string,
  now: Date,
): Promise<{ added: boolean; reports: number }> {
  const result = await executor
    .insertInto('comment_reports')
    .values({ comment_id: commentId, member_id: memberId, reason, created_at: now.toISOString() })
    .onConflict((c) => c.columns(['comment_id', 'member_id']).doNothing())
    .executeTakeFirst();
  const row = await executor
    .selectFrom('comment_reports')
    .select(sql<number>`count(*)`.as('n'))
    .where('comment_id', '=', commentId)
    .executeTakeFirstOrThrow();
  return { added: Number(result.numInsertedOrUpdatedRows ?? 0n) > 0, reports: Number(row.n) };
}

// ---- the desk

/** Approves pending or reported comments (their reports are cleared): the ids that were pending before. */
export async function approveComments(executor: Executor, ids: number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const pending = await executor
    .selectFrom('comments')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();
  await executor
    .updateTable('comments')
    .set({ status: 'approved', approved_at: now.toISOString() })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();
  await executor.deleteFrom('comment_reports').where('comment_id', 'in', ids).execute();
  return pending.map((row) => row.id);
}

export async function existingCommentIds(executor: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .selectFrom('comments')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '!=', 'deleted')
    .execute();
  return rows.map((row) => row.id);
}

/** The moderation desk's page, oldest first: pending, reported (any report), or approved comments. */
export async function listModeration(
  db: Db,
  { status, cursor, limit }: { status: ModerationStatus; cursor?: number; limit: number },
): Promise<{ items: ModeratedComment[]; nextCursor: string | null }> {
  let query = db.kysely
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .leftJoin('members as m', 'm.id', 'c.member_id')
    .select([
      'c.id',
      'c.post_id',
      'p.title',
      'c.body',
      'c.created_at',
      'c.status',
      'm.id as member_id',
      'm.name',
      'm.email',
    ])
    .where('p.deleted_at', 'is', null);
  const reported = sql<boolean>`exists (select 1 from comment_reports cr where cr.comment_id = c.id)`;
  if (status === 'pending') query = query.where('c.status', '=', 'pending');
  else if (status === 'reported') query = query.where('c.status', '=', 'approved').where(reported);
  else query = query.where('c.status', '=', 'approved');
  if (cursor !== undefined) query = query.where('c.id', '>', cursor);
  const rows = await query
    .orderBy('c.id', 'asc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const reports =
    page.length === 0
      ? []
      : await db.kysely
          .selectFrom('comment_reports')
          .select(['comment_id', 'reason', 'created_at'])
          .where(
            'comment_id',
            'in',
            page.map((row) => row.id),
          )
          .orderBy('created_at', 'asc')
          .execute();
  return {
    items: page.map((row) => ({
      id: row.id,
      postId: row.post_id,
      postTitle: row.title,
      body: row.body,
      author: { id: row.member_id, name: row.name ?? '', email: row.email ?? '' },
      createdAt: isoTime(row.created_at),
      status: row.status === 'approved' ? 'approved' : 'pending',
      reports: reports
        .filter((report) => report.comment_id === row.id)
        .map((report) => ({ reason: report.reason, createdAt: isoTime(report.created_at) })),
    })),
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}

/** What the desk's navigation counts: comments waiting, and approved ones with a report. */
export async function moderationCounts(executor: Executor): Promise<{ pending: number; reported: number }> {
  const row = await executor
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select([
      sql<number>`sum(case when c.status = 'pending' then 1 else 0 end)`.as('pending'),
      sql<number>`sum(case when c.status = 'approved' and exists (select 1 from comment_reports cr where cr.comment_id = c.id) then 1 else 0 end)`.as(
        'reported',
      ),
    ])
    .where('p.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending ?? 0), reported: Number(row.reported ?? 0) };
}

// ---- bans

export async function setMemberBanned(executor: Executor, memberId: number, at: Date | null): Promise<boolean> {
  const result = await executor
    .updateTable('members')
    .set({ banned_at: at === null ? null : at.toISOString() })
    .where('id', '=', memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function isMemberBanned(executor: Executor, memberId: number): Promise<boolean> {
  const row = await executor.selectFrom('members').select('banned_at').where('id', '=', memberId).executeTakeFirst();
  return row !== undefined && row.banned_at !== null;
}

// ---- reply mail

/** The author to tell of an approved reply: the parent's member, when they take reply mail and are active. */
export async function replyRecipient(
  executor: Executor,
  replyId: number,
): Promise<{ memberId: number; email: string; postId: number; postTitle: string; body: string } | undefined> {
  const row = await executor
    .selectFrom('comments as r')
    .innerJoin('comments as c', 'c.id', 'r.parent_id')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .innerJoin('posts as p', 'p.id', 'r.post_id')
    .select([
      'm.id as member_id',
      'm.email',
      'm.reply_mail',
      'm.status',
      'p.id as post_id',
      'p.title',
      'r.body',
      'r.member_id as author',
    ])
    .where('r.id', '=', replyId)
    .where('r.status', '=', 'approved')
    .where('r.reply_mailed', '=', 0)
    .executeTakeFirst();
  if (row === undefined || Number(row.reply_mail) !== 1 || row.status !== 'active' || row.author === row.member_id)
    return undefined;
  return { memberId: row.member_id, email: row.email, postId: row.post_id, postTitle: row.title, body: row.body };
}

/** Marks the reply's mail as queued; false when another write had (it goes once). */
export async function markReplyMailed(executor: Executor, replyId: number): Promise<boolean> {
  const result = await executor
    .updateTable('comments')
    .set({ reply_mailed: 1 })
    .where('id', '=', replyId)
    .where('reply_mailed', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setReplyToken(executor: Executor, memberId: number, tokenHash: string): Promise<void> {
  await executor
    .insertInto('comment_mail_tokens')
    .values({ member_id: memberId, token_hash: tokenHash })
    .onConflict((c) => c.column('member_id').doUpdateSet({ token_hash: tokenHash }))
    .execute();
}

/** Turns reply mail off for the token's member: false for an unknown token. */
export async function stopReplyMail(executor: Executor, tokenHash: string): Promise<boolean> {
  const row = await executor
    .selectFrom('comment_mail_tokens')
    .select('member_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (row === undefined) return false;
  await executor.updateTable('members').set({ reply_mail: 0 }).where('id', '=', row.member_id).execute();
  return true;
}

/** Queues one mail with its extra headers. */
export async function queueMailWithHeaders(
  executor: Executor,
  message: { to: string; subject: string; body: string; headers: Record<string, string> },
  now: Date,
): Promise<void> {
  await executor
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      body: message.body,
      headers: JSON.stringify(message.headers),
      created_at: now.getTime(),
      next_attempt_at: now.getTime(),
    })
    .execute();
}

/** Whether a comments notice about the post was given since `since` (moderators are told once per post per hour). */
export async function commentsNoticeSince(executor: Executor, postId: number, since: Date): Promise<boolean> {
  const row = await executor
    .selectFrom('notifications')
    .select('id')
    .where('post_id', '=', postId)
    .where('kind', '=', 'comments')
    .where('created_at', '>=', since.toISOString())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether comments are open now, by the editor's switch and the days after publishing. */
export function commentsOpenAt(
  post: Pick<CommentedPost, 'closedByEditor' | 'publishedAt'>,
  closeAfterDays: number,
  now: Date,
): boolean {
  if (post.closedByEditor) return false;
  return closeAfterDays === 0 || now.getTime() < post.publishedAt + closeAfterDays * 24 * 60 * 60_000;
}

/** The read shape's two comment fields, per post. */
export async function commentFactsOf(
  executor: Executor,
  postIds: number[],
  now: Date,
): Promise<Map<number, { commentsOpen: boolean; commentCount: number }>> {
  if (postIds.length === 0) return new Map();
  const [settings, posts, counts] = await Promise.all([
    readCommentSettings(executor),
    executor
      .selectFrom('posts')
      .select(['id', 'comments_closed', 'publish_at', 'created_at'])
      .where('id', 'in', postIds)
      .execute(),
    countPublicComments(executor, postIds),
  ]);
  return new Map(
    posts.map((row) => {
      const post = {
        closedByEditor: Number(row.comments_closed) === 1,
        publishedAt: Date.parse(isoTime(row.publish_at ?? row.created_at)),
      };
      return [
        row.id,
        { commentsOpen: commentsOpenAt(post, settings.closeAfterDays, now), commentCount: counts.get(row.id) ?? 0 },
      ];
    }),
  );
}
