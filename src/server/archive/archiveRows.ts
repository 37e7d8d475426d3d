// What import accepts of each archived row: the same rules as a write through the API (contract/schemas.ts for posts
// and their parts, URLs included; the account schemas for emails, names and roles, and for the names the server copies
// from them; the tag rule; the live and desk schemas), the stored shapes the server reads back (timestamps, hashes,
// image facts, a revision's post), and the counts a post may have. A row that breaks one is named by table, line and
// field, and the whole archive is refused.
import * as z from 'zod/mini';
import { nameSchema, newKeySchema, signInSchema, signUpSchema } from '../../contract/accountSchemas';
import { LIMITS, POST_ID_MAX } from '../../contract/limits';
import { isRecord } from '../../contract/records';
import { STAFF_ROLES } from '../../contract/roles';
import {
  blogSubmissionSchema,
  footerInputSchema,
  headerInputSchema,
  productInputSchema,
  sectionInputSchema,
  singleParagraphInputSchema,
} from '../../contract/schemas';
import { MATCH_LIMITS, MATCH_STATUSES } from '../../contract/matches';
import { entryInputSchema, matchInfoSchema } from '../../contract/liveSchemas';
import { formatIssues } from '../http/validation';
import { noteSchema, profileSchema } from '../../contract/deskSchemas';
import { MEMBER_STATUSES, memberNameSchema } from '../../contract/members';
import { commentBodySchema, reportSchema } from '../../contract/comments';
import { isSlug, POINTS_MAX, slugOf, TAG_KINDS, TAG_SHORT_NAME_MAX, TAGS_MAX } from '../../contract/tags';
import type { Database } from '../db/database';

type Row = Record<string, unknown>;
/** A column's rule: the problem with its value, or undefined when it may be stored. */
type Check = (value: unknown, row: Row) => string | undefined;

/** The first problem a schema finds in a value, as "path: message" (path relative to the value). */
function schemaProblem(schema: z.core.$ZodType, value: unknown): string | undefined {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return undefined;
  const [first] = formatIssues(parsed.error.issues);
  if (first === undefined) return 'is not valid';
  return first.path === '' ? first.message : `${first.path}: ${first.message}`;
}

/** A column checked by (part of) a write's schema; undefined is no column value, so a default never fills it. */
const bySchema =
  (schema: z.core.$ZodType): Check =>
  (value) =>
    value === undefined ? 'is missing' : schemaProblem(schema, value);

/** Like bySchema, and the value must be stored as the schema would leave it (trimmed, say). */
const exactly =
  (schema: z.core.$ZodType, normal: (value: string) => string = (s) => s): Check =>
  (value) => {
    const problem = bySchema(schema)(value, {});
    if (problem !== undefined) return problem;
    const parsed = z.parse(schema, value);
    return parsed === value && normal(value as string) === value ? undefined : 'is not stored as the API stores it';
  };

const id: Check = (value) =>
  Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= POST_ID_MAX
    ? undefined
    : 'must be a whole number from 1 to 2147483647';
const position: Check = (value) =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < 1_000
    ? undefined
    : 'must be a whole number from 0';
const count: Check = (value) =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= POST_ID_MAX
    ? undefined
    : 'must be a whole number from 0 to 2147483647';
const epochMs: Check = (value) =>
  /^\d{1,16}$/.test(String(value)) ? undefined : 'must be a time in epoch milliseconds';
const nullable =
  (check: Check): Check =>
  (value, row) =>
    value === null ? undefined : check(value, row);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const time: Check = (value) =>
  typeof value === 'string' && ISO_TIME.test(value) && Number.isFinite(Date.parse(value))
    ? undefined
    : 'must be a UTC time such as 2026-11-25T09:00:00.000Z';

const oneOf =
  (values: readonly unknown[]): Check =>
  (value) =>
    values.includes(value) ? undefined : `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
const matches =
  (pattern: RegExp, what: string): Check =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? undefined : `must be ${what}`;

// eslint-disable-next-line no-control-regex -- control characters are exactly what this must find
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Text the server writes itself (a hash): a string without control characters, of bounded size. */
const plain =
  (max: number): Check =>
  (value) =>
    typeof value === 'string' && value.length <= max && !CONTROL.test(value)
      ? undefined
      : `must be text of at most ${max} characters without control characters`;

/** Bytes as the archive writes them ({$bytes: base64}); decoded by then, so a Buffer here. */
const bytes: Check = (value) => (Buffer.isBuffer(value) ? undefined : 'must be bytes ({"$bytes": "<base64>"})');
const byteSize: Check = (value, row) =>
  Buffer.isBuffer(row.data) && value === row.data.length ? undefined : 'must be the length of data';

const HEX64 = /^[0-9a-f]{64}$/;
const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};
const contentTypeOf =
  (extOf: (row: Row) => string): Check =>
  (value, row) =>
    value === IMAGE_TYPES[extOf(row)] ? undefined : 'must be the image type its name says';

const header = headerInputSchema.shape;
const footer = footerInputSchema.shape;
const product = productInputSchema.shape;
const section = singleParagraphInputSchema.shape;

/** The types whose fields are one object in content (icon, title and paragraph stay empty). */
const OBJECT_TYPES = ['image', 'quote', 'video'];

/** Section content as stored (a list, columns, or the fields of a photo, quote or video) back in the submitted shape,
 * for the write's section schema. */
function sectionInput(row: Row): unknown {
  const { type, icon, title, paragraph, content } = row;
  if (OBJECT_TYPES.includes(type as string)) return isRecord(content) ? { ...content, type } : { type };
  return type === 'two-column'
    ? { type, icon, title, paragraph, columns: content }
    : { type, icon, title, paragraph, list: content };
}

/** icon, title and paragraph of a photo, quote or video row: always empty, as the API stores them. */
const emptyForObjects =
  (check: Check): Check =>
  (value, row) =>
    OBJECT_TYPES.includes(row.type as string)
      ? value === ''
        ? undefined
        : 'must be empty for this type'
      : check(value, row);

const listOf = (value: unknown) =>
  Array.isArray(value) ? value.map((entry) => (isRecord(entry) ? entry.item : entry)) : value;

/** A revision's post (the read shape a change replaced) as a submission, so the write's schema checks all of it. */
function revisionSubmission(post: Row): unknown {
  const sections = Array.isArray(post.sections)
    ? post.sections.map((section: unknown) =>
        isRecord(section)
          ? {
              ...section,
              list: listOf(section.list),
              columns: Array.isArray(section.columns)
                ? section.columns.map((c: unknown) => (isRecord(c) ? { ...c, list: listOf(c.list) } : c))
                : section.columns,
            }
          : section,
      )
    : post.sections;
  const tags = Array.isArray(post.tags) ? post.tags.map((tag: unknown) => (isRecord(tag) ? tag.name : tag)) : [];
  return {
    header: {
      icon: post.icon,
      title: post.title,
      image: post.imageUrl,
      publishDate: post.publishDate,
      readTime: post.readTime,
      sections,
      tags,
    },
    products: post.products,
    footer: { authorName: post.authorName, authorTitle: post.authorTitle, imageUrl: post.authorImage },
  };
}

const revisionPost: Check = (value, row) => {
  if (!isRecord(value)) return 'must be a post';
  const problem = schemaProblem(blogSubmissionSchema, revisionSubmission(value));
  if (problem !== undefined) return problem;
  if (value.id !== row.post_id) return "id: must be the id of the revision's post";
  const parts = [...(value.sections as unknown[]), ...((value.products as unknown[] | undefined) ?? [])];
  if (parts.some((part) => !isRecord(part) || id(part.id, row) !== undefined)) return 'a section or product has no id';
  return (
    oneOf(['published', 'draft', 'scheduled', 'review'])(value.status, row) ??
    nullable(time)(value.publishAt, row) ??
    time(value.createdAt, row) ??
    time(value.updatedAt, row)
  );
};

const sectionContent: Check = (value, row) => {
  const input = sectionInput(row);
  const problem = schemaProblem(sectionInputSchema, input);
  if (problem !== undefined) return problem.replace(/^(list|columns)\b/, 'content');
  // The fields a photo, quote or video stores are exactly its schema's, already normalized (a URL as serialized).
  if (OBJECT_TYPES.includes(row.type as string)) {
    // Key by key: PostgreSQL's jsonb keeps an object's keys in its own order.
    const stored = input as Row;
    const parsed = z.parse(sectionInputSchema, input) as Row;
    const keys = new Set([...Object.keys(stored), ...Object.keys(parsed)]);
    if ([...keys].some((key) => stored[key] !== parsed[key])) return 'is not stored as the API stores it';
  }
  return undefined;
};

const tagName: Check = (value) => {
  if (typeof value !== 'string') return 'must be text';
  const problem = schemaProblem(header.tags, [value]);
  if (problem !== undefined) return problem.replace(/^0: /, '');
  return value.trim() === value ? undefined : 'must be trimmed';
};

const match = matchInfoSchema.shape;
/** A match column: all five null (no match line) or all five set, each as PUT /api/blogs/:id/live stores it. */
const liveMatch =
  (schema: z.core.$ZodType): Check =>
  (value, row) => {
    const columns = ['home', 'away', 'home_score', 'away_score', 'clock'];
    if (row.home === null) return columns.every((c) => row[c] === null) ? undefined : 'must be null without a match';
    return exactly(schema)(value, row);
  };

/** A whole number from 0 to max. */
const wholeUpTo =
  (max: number): Check =>
  (value) =>
    Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= max
      ? undefined
      : `must be a whole number from 0 to ${max}`;
/** One trimmed, non-empty line of at most max characters, as the match and tag schemas store it. */
const trimmedLine =
  (max: number): Check =>
  (value) =>
    typeof value === 'string' && value !== '' && value.trim() === value && !CONTROL.test(value) && value.length <= max
      ? undefined
      : `must be one trimmed line of 1 to ${max} characters`;
/** A match's score: both set or both null. */
const bothOrNeither =
  (other: string): Check =>
  (value, row) =>
    (value === null) !== (row[other] === null)
      ? 'must be set with the other score'
      : value === null
        ? undefined
        : wholeUpTo(MATCH_LIMITS.scoreMax)(value, row);

const email = exactly(signInSchema.shape.email, (s) => s.toLowerCase());
/** Who wrote a row, as the server copied it from the account or key (the same name rule), or '' for no one. */
const copiedName: Check = (value, row) => (value === '' ? undefined : exactly(nameSchema)(value, row));
const accountName = exactly(signUpSchema.shape.name);
const keyName = exactly(newKeySchema.shape.name);
const uploadName = /^([0-9a-f]{64})\.(png|jpg|gif|webp|avif)$/;
const numberList = /^(?:[1-9]\d{0,4}(?:,[1-9]\d{0,4})*)?$/;
const formatList = /^(?:(?:avif|webp)(?:,(?:avif|webp))*)?$/;

/** Every column of every archived table, with its rule: a row must have exactly these. */
export const ROW_RULES: { [Table in keyof Database]?: Record<string, Check> } = {
  accounts: {
    id,
    email,
    name: accountName,
    role: oneOf(STAFF_ROLES),
    password_hash: (value) => plain(1_000)(value, {}) ?? matches(/^\$argon2id\$/, 'an argon2id hash')(value, {}),
    created_at: time,
    updated_at: time,
    title: bySchema(profileSchema.shape.title),
    photo: bySchema(profileSchema.shape.photo),
    ask_name: oneOf([0, 1]),
  },
  api_keys: { id, name: keyName, key_hash: matches(HEX64, 'a sha256 in hex'), created_at: time },
  posts: {
    id,
    title: bySchema(header.title),
    icon: bySchema(header.icon),
    author_name: bySchema(footer.authorName),
    author_title: bySchema(footer.authorTitle),
    author_image: bySchema(footer.imageUrl),
    publish_date: bySchema(header.publishDate),
    read_time: bySchema(header.readTime),
    image_url: bySchema(header.image),
    image_alt: bySchema(header.imageAlt),
    text_format: bySchema(header.textFormat),
    created_at: time,
    status: oneOf(['published', 'draft']),
    publish_at: nullable(time),
    comments_closed: oneOf([0, 1]),
    updated_at: time,
    created_by: nullable(id),
    updated_by: nullable(id),
    newsletter: oneOf([0, 1]),
    deleted_at: nullable(time),
    newsletter_recorded: oneOf([0, 1]),
  },
  sections: {
    id,
    post_id: id,
    position,
    type: oneOf(['single-paragraph', 'two-column', ...OBJECT_TYPES]),
    icon: emptyForObjects(bySchema(section.icon)),
    title: emptyForObjects(bySchema(section.title)),
    paragraph: emptyForObjects(bySchema(section.paragraph)),
    content: sectionContent,
  },
  products: {
    id,
    post_id: id,
    position,
    title: bySchema(product.title),
    description: bySchema(product.description),
    price: bySchema(product.price),
    image_url: bySchema(product.imageUrl),
    amazon_url: bySchema(product.amazonUrl),
  },
  tags: {
    id,
    slug: (value, row) =>
      typeof row.name === 'string' && value === slugOf(row.name) ? undefined : 'must be the slug of its name',
    name: tagName,
    kind: oneOf(TAG_KINDS),
    short_name: nullable(trimmedLine(TAG_SHORT_NAME_MAX)),
    crest: nullable(matches(/^\/uploads\/[0-9a-f]{64}\.(png|jpg|gif|webp|avif)$/, 'an upload (/uploads/<name>)')),
    points_for_win: wholeUpTo(POINTS_MAX),
    points_for_draw: wholeUpTo(POINTS_MAX),
  },
  post_tags: { post_id: id, tag_id: id, position },
  matches: {
    id,
    competition_id: id,
    home_id: id,
    away_id: (value, row) => id(value, row) ?? (value === row.home_id ? 'A team cannot play itself' : undefined),
    kickoff: time,
    venue: nullable(trimmedLine(MATCH_LIMITS.venueMax)),
    status: oneOf(MATCH_STATUSES),
    home_score: bothOrNeither('away_score'),
    away_score: bothOrNeither('home_score'),
    post_id: nullable(id),
    created_at: time,
    updated_at: time,
    sequence: wholeUpTo(POST_ID_MAX),
  },
  post_revisions: {
    id,
    post_id: id,
    saved_at: time,
    saved_by_account_id: nullable(id),
    saved_by: copiedName,
    title: bySchema(header.title),
    post: revisionPost,
  },
  live_coverage: {
    post_id: id,
    state: oneOf(['live', 'ended']),
    started_at: time,
    ended_at: nullable(time),
    home: liveMatch(match.home),
    away: liveMatch(match.away),
    home_score: liveMatch(match.homeScore),
    away_score: liveMatch(match.awayScore),
    clock: liveMatch(match.clock),
  },
  live_entries: {
    id,
    post_id: id,
    body: exactly(entryInputSchema.shape.body),
    key: oneOf([0, 1]),
    pinned: oneOf([0, 1]),
    author_account_id: nullable(id),
    author_name: copiedName,
    created_at: time,
    updated_at: time,
  },
  post_reviews: {
    post_id: id,
    submitted_at: time,
    submitted_by_account_id: nullable(id),
    submitted_by: copiedName,
    revision_id: nullable(id),
  },
  review_steps: {
    id,
    post_id: id,
    kind: oneOf(['submitted', 'withdrawn', 'approved', 'changes']),
    by_account_id: nullable(id),
    by_name: copiedName,
    at: time,
    note: nullable(bySchema(noteSchema.shape.body)),
    revision_id: nullable(id),
  },
  editorial_notes: {
    id,
    post_id: id,
    body: bySchema(noteSchema.shape.body),
    author_account_id: nullable(id),
    author_name: copiedName,
    created_at: time,
    resolved_at: nullable(time),
  },
  members: {
    id,
    email,
    name: exactly(memberNameSchema),
    status: oneOf(MEMBER_STATUSES),
    all_posts: oneOf([0, 1]),
    created_at: time,
    confirmed_at: nullable(time),
    reply_mail: oneOf([0, 1]),
    banned_at: nullable(time),
  },
  newsletter_dispatches: {
    post_id: id,
    state: oneOf(['queuing', 'done', 'off', 'before']),
    member_cursor: count,
    claimed_until: nullable(epochMs),
    queued: count,
    started_at: time,
    finished_at: nullable(time),
  },
  member_tags: {
    member_id: id,
    tag: (value) => (typeof value === 'string' && isSlug(value) ? undefined : 'must be a tag slug'),
  },
  uploads: {
    name: matches(uploadName, 'a sha256 in hex with an image extension'),
    content_type: contentTypeOf((row) => String(row.name).split('.')[1] ?? ''),
    byte_size: byteSize,
    data: bytes,
    created_at: time,
    state: oneOf(['pending', 'ready', 'failed']),
    width: nullable(id),
    height: nullable(id),
    widths: nullable(matches(numberList, 'widths separated by commas')),
    formats: nullable(matches(formatList, 'avif or webp, separated by commas')),
    fallback: oneOf([null, 'jpg', 'png']),
  },
  image_variants: {
    hash: matches(HEX64, 'a sha256 in hex'),
    width: id,
    format: oneOf(['webp', 'avif', 'jpg', 'png']),
    content_type: contentTypeOf((row) => String(row.format)),
    byte_size: byteSize,
    data: bytes,
    created_at: time,
  },
  comments: {
    id,
    post_id: id,
    member_id: nullable(id),
    parent_id: nullable(id),
    // '' once deleted (kept for its replies); else a body as a member's write stores it
    body: (value, row) =>
      row.status === 'deleted' && value === '' ? undefined : bySchema(commentBodySchema)(value, row),
    status: oneOf(['pending', 'approved', 'deleted']),
    created_at: time,
    edited_at: nullable(time),
    approved_at: nullable(time),
    reply_mailed: oneOf([0, 1]),
  },
  comment_reports: {
    comment_id: id,
    member_id: id,
    reason: bySchema(reportSchema.shape.reason),
    created_at: time,
  },
};

/** Columns a later release added, with a default: an archive from before them has none, and the default fills in. */
const ADDED_LATER: { [Table in keyof Database]?: readonly string[] } = {
  accounts: ['title', 'photo', 'ask_name'],
  // the header image's alt ('' : decorative) and the text format ('plain': as typed, exactly as before marks)
  // the newsletter choice (0: never mailed, as every post from before newsletters), comments closed (0: open),
  // whether the post has its dispatch row (0: the dispatcher looks at it once more, and finds the row the archive holds)
  posts: ['image_alt', 'text_format', 'newsletter', 'comments_closed', 'newsletter_recorded'],
  // the revision a request for changes sent back (null: a step from before it was kept)
  review_steps: ['revision_id'],
  // a tag's kind ('topic', as every tag was before kinds), a team's facts (none) and a competition's points (3 and 1)
  tags: ['kind', 'short_name', 'crest', 'points_for_win', 'points_for_draw'],
};

/** The most parts one post may have, as a write allows them. */
const PARTS_MAX: Partial<Record<keyof Database, number>> = {
  sections: LIMITS.sectionsMax,
  products: LIMITS.productsMax,
  post_tags: TAGS_MAX,
};

/** Checks rows one by one as an archive is read; counts each post's parts across rows. */
export class RowChecker {
  private readonly parts = new Map<string, number>();

  /** The problem with `row` of `table` (as decoded from the archive), or undefined when a write could have made it. */
  problem(table: keyof Database, row: Row): string | undefined {
    const rules = ROW_RULES[table];
    // A table that joined the archive without its rules here is refused, not trusted.
    if (rules === undefined) return `${table} has no import rules (src/server/archive/archiveRows.ts)`;
    for (const column of Object.keys(row)) if (!(column in rules)) return `${column}: is no column of ${table}`;
    for (const [column, check] of Object.entries(rules)) {
      if (!(column in row)) {
        if (ADDED_LATER[table]?.includes(column)) continue;
        return `${column}: is missing`;
      }
      const problem = check(row[column], row);
      if (problem !== undefined) return `${column}: ${problem}`;
    }
    const max = PARTS_MAX[table];
    if (max !== undefined) {
      const key = `${table} ${String(row.post_id)}`;
      const count = (this.parts.get(key) ?? 0) + 1;
      this.parts.set(key, count);
      if (count > max) return `post_id: post ${String(row.post_id)} has more than ${max} ${table.replace('post_', '')}`;
    }
    return undefined;
  }
}
