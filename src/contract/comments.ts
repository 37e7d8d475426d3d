// Members' comments: the public read shape, the moderation desk's shape, the settings, every request's zod schema,
// and the text rules (commentText.ts) again for the server's one import.
import * as z from 'zod/mini';
import { COMMENT_BODY_MAX } from './commentText';
import { cursorParam, pageSizeParam, rowIdParam } from './params';
import { CONTROL_CHARS_MESSAGE, hasForbiddenChars } from './text';

/** Top-level comments on one page of a post's comments (the page shows the first page, more on demand). */
export const COMMENTS_PAGE_SIZE = 50;
/** Comments on one page of the moderation desk. */
export const MODERATION_PAGE_SIZE = 50;
/** Reports from this many members hide a comment until a moderator decides. */
export const REPORTS_TO_HIDE = 3;
/** What a deleted comment that still has replies shows instead of its text. */
export const DELETED_COMMENT = 'Comment deleted';

export const MODERATION_MODES = ['first', 'all', 'off'] as const;
/** first: a member's comments wait until one of theirs was approved; all: every comment waits; off: none does. */
export type ModerationMode = (typeof MODERATION_MODES)[number];

/** GET/PUT /api/comments/settings. */
export type CommentSettings = {
  moderation: ModerationMode;
  /** words that hold a comment for a moderator (matched as whole words, any case) */
  heldWords: string[];
  /** comments close this many days after publishing; 0: never */
  closeAfterDays: number;
};

export const DEFAULT_COMMENT_SETTINGS: CommentSettings = { moderation: 'first', heldWords: [], closeAfterDays: 30 };

/** One comment as the public reads it. A deleted comment kept for its replies has body DELETED_COMMENT, no author. */
export type PublicComment = {
  id: number;
  /** the top-level comment this replies to, or null */
  parentId: number | null;
  body: string;
  author: { name: string };
  createdAt: string;
  editedAt: string | null;
  /** the member's email is a staff account's */
  staff: boolean;
  deleted?: boolean;
};

/** The signed-in member's own comment (their writes' answers, and their pending ones). */
export type OwnComment = PublicComment & { status: 'approved' | 'pending' };

/**
 * GET /api/blogs/:id/comments: the newest `limit` threads (a top-level comment and its replies) below `before`,
 * oldest first; `count` is every approved comment of the post; `nextBefore` asks for the earlier threads (null: none).
 * With a member session, `mine` holds the member's own pending comments on the post.
 */
export type CommentPage = {
  items: PublicComment[];
  count: number;
  nextBefore: number | null;
  mine?: OwnComment[];
};

export const MODERATION_STATUSES = ['pending', 'reported', 'approved'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** One comment on the moderation desk. */
export type ModeratedComment = {
  id: number;
  postId: number;
  postTitle: string;
  body: string;
  author: { id: number | null; name: string; email: string };
  createdAt: string;
  status: 'pending' | 'approved';
  reports: { reason: string; createdAt: string }[];
};

/** GET /api/comments: oldest first. */
export type ModerationList = {
  items: ModeratedComment[];
  nextCursor: string | null;
  pending: number;
  reported: number;
};

const plain = z.refine<string>((value) => !hasForbiddenChars(value), CONTROL_CHARS_MESSAGE);

export const commentBodySchema = z.string().check(
  plain,
  z.refine((value) => value.trim().length > 0, 'must not be empty'),
  z.maxLength(COMMENT_BODY_MAX, `must be at most ${COMMENT_BODY_MAX} characters`),
);

export const newCommentSchema = z.object({
  body: commentBodySchema,
  parentId: z.optional(z.number().check(z.int(), z.positive())),
});
export type NewComment = z.infer<typeof newCommentSchema>;

export const editCommentSchema = z.object({ body: commentBodySchema });

export const reportSchema = z.object({
  reason: z.optional(z.string().check(z.maxLength(500, 'must be at most 500 characters'), plain)),
});

export const commentsQuerySchema = z.object({
  before: z.optional(cursorParam('must be a comment id taken from a previous answer')),
  limit: pageSizeParam(COMMENTS_PAGE_SIZE, COMMENTS_PAGE_SIZE),
});

export const moderationQuerySchema = z.object({
  status: z._default(z.enum(MODERATION_STATUSES), 'pending'),
  cursor: z.optional(cursorParam('must be a cursor taken from a previous answer')),
});

export const DECISIONS = ['approve', 'reject'] as const;
export type Decision = (typeof DECISIONS)[number];

export const moderateSchema = z.object({ decision: z.enum(DECISIONS) });
export const moderateManySchema = z.object({
  ids: z
    .array(z.number().check(z.int(), z.positive()))
    .check(z.minLength(1, 'must name a comment'), z.maxLength(200, 'must name at most 200 comments')),
  decision: z.enum(DECISIONS),
});

export const commentsStateSchema = z.object({ open: z.boolean() });

const heldWord = z
  .string()
  .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(100, 'must be at most 100 characters'), plain);
export const commentSettingsSchema = z.object({
  moderation: z.enum(MODERATION_MODES),
  heldWords: z.array(heldWord).check(z.maxLength(500, 'must have at most 500 words')),
  closeAfterDays: z.number().check(z.int(), z.minimum(0, 'must be 0 or more'), z.maximum(3650, 'must be at most 3650')),
});

export const commentIdParams = z.object({ id: rowIdParam });

export { COMMENT_BODY_MAX, COMMENT_EDIT_WINDOW_MS, commentHtml, hasLink, heldWordIn } from './commentText';
