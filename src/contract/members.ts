// Members: readers with an email address who follow every story or some tags. Their read shapes and the zod schemas
// of every request body and query of the members API (the reader's and the admin's).
import * as z from 'zod/mini';
import { emailSchema } from './accountSchemas';
import { cursorParam } from './params';
import { CONTROL_CHARS_MESSAGE, hasForbiddenChars, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { isSlug } from './tags';

export const MEMBER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced'] as const;
/** pending: signed up, not confirmed; active: mailed; unsubscribed: asked not to be; bounced: the address refused mail. */
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** A member as the admin's list and export show them. */
export type Member = {
  id: number;
  email: string;
  name: string;
  status: MemberStatus;
  /** every published story */
  all: boolean;
  /** tag slugs followed */
  tags: string[];
  createdAt: string;
};

/** GET /api/members/me: the signed-in member's own preferences. */
export type MemberMe = {
  email: string;
  name: string;
  status: MemberStatus;
  all: boolean;
  tags: string[];
  /** true while the member is mailed (active); false once unsubscribed or bounced */
  subscribed: boolean;
  /** whether a reply to one of their comments is mailed to them */
  replyMail: boolean;
};

/** GET /api/members: one page of members, newest first, with the count of every status over the whole list. */
export type MemberList = {
  items: Member[];
  counts: Record<MemberStatus, number>;
  /** the cursor of the next page, or null on the last */
  nextCursor: string | null;
};

/** POST /api/members/import: how many rows became members, and each row left out with its line number. */
export type MemberImportReport = { imported: number; skipped: { line: number; error: string }[] };

/** The answer of the writes that say nothing about who subscribes (subscribe, sign-in request). */
export type MemberAccepted = { ok: true };

/** Tags one member may follow. */
export const MEMBER_TAGS_MAX = 100;
/** Characters in a member's name. */
export const MEMBER_NAME_MAX = 100;
/** Members on one page of the admin's list. */
export const MEMBERS_PAGE_SIZE = 50;

const plain = z.refine<string>((value) => !hasForbiddenChars(value), CONTROL_CHARS_MESSAGE);

/** A member's name: optional, so '' is allowed; one line, trimmed. */
export const memberNameSchema = z
  .string()
  .check(z.trim(), z.maxLength(MEMBER_NAME_MAX, 'is too long'), plain, z.refine(isSingleLine, SINGLE_LINE_MESSAGE));

const tagSlug = z.string().check(plain, z.refine(isSlug, 'must be tag slugs'));
const tagSlugs = z.array(tagSlug).check(z.maxLength(MEMBER_TAGS_MAX, `must have at most ${MEMBER_TAGS_MAX} tags`));

/**
 * POST /api/members/subscribe. `website` is the honeypot a person never sees: filled, the request is answered like
 * any other and nothing is sent. Neither `all` nor a tag: every story.
 */
export const subscribeSchema = z.object({
  email: emailSchema,
  name: z.optional(memberNameSchema),
  tags: z.optional(tagSlugs),
  all: z.optional(z.boolean()),
  website: z.optional(z.string().check(z.maxLength(1000, 'is too long'))),
});
export type SubscribeBody = z.infer<typeof subscribeSchema>;

/** POST /api/members/signin: mails an active member a sign-in link. */
export const memberSignInSchema = z.object({ email: emailSchema });

/** A mailed link's token as its page posts it back (confirm, sign-in, unsubscribe). */
export const memberTokenSchema = z.object({
  token: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(200, 'is too long'), plain),
});

/**
 * PUT /api/members/me: what a member changes about themselves; `subscribed: false` unsubscribes from all,
 * `replyMail: false` stops the mail about replies to their comments.
 */
export const memberUpdateSchema = z.object({
  name: z.optional(memberNameSchema),
  tags: z.optional(tagSlugs),
  all: z.optional(z.boolean()),
  subscribed: z.optional(z.boolean()),
  replyMail: z.optional(z.boolean()),
});
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

/** GET /api/members: search by email (part of it), filter by status and tag, and the page's cursor. */
export const membersQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(254, 'is too long'), plain)),
  status: z.optional(z.enum(MEMBER_STATUSES)),
  tag: z.optional(tagSlug),
  cursor: z.optional(cursorParam('must be a cursor taken from a previous answer')),
});

/** The pages of a member's mailed links and of a form post's redirects (served by the client). */
export const MEMBER_PAGES = {
  confirm: '/members/confirm',
  signIn: '/members/signin',
  unsubscribe: '/members/unsubscribe',
  /** "Check your inbox to confirm.": where a subscribe form posted without JavaScript lands */
  subscribed: '/members/subscribed',
  account: '/account',
} as const;
