// The one Database interface (snake_case tables) and the factory that opens SQLite or PostgreSQL behind Kysely.
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import { Pool } from 'pg';
// Kysely's stream() on PostgreSQL reads through a server-side cursor (the sitemap streams its posts).
import Cursor from 'pg-cursor';
import type { TextFormat } from '../../contract/marks';
import type { StaffRole } from '../../contract/roles';
import type { MatchStatus } from '../../contract/matches';
import type { TagKind } from '../../contract/tags';
import type { DatabaseConfig } from '../config';
import { ensurePrivateDir, ensurePrivateFile, makePrivateIfPresent } from './privateFiles';
import { patientPrepare } from './sqliteBusy';

/** ISO text on SQLite, timestamptz (read back as Date) on PostgreSQL; always written as an ISO string. */
type Timestamp = ColumnType<Date | string, string, never>;
/** A timestamp the application changes later (same representation as Timestamp). */
type MutableTimestamp = ColumnType<Date | string, string, string>;
/** JSON text on SQLite, jsonb (read back parsed) on PostgreSQL; always written as JSON text. */
type Json = ColumnType<unknown, string, string>;

export interface PostsTable {
  id: Generated<number>;
  title: string;
  icon: string;
  author_name: string;
  author_title: string;
  author_image: string;
  publish_date: string;
  read_time: string;
  image_url: string;
  /** the header image's alt text; '' when the writer gave none (migration 0010) */
  image_alt: ColumnType<string, string | undefined, string>;
  /** how the post's text is written: 'plain' (as typed, every post from before migration 0011) or 'marks' */
  text_format: ColumnType<TextFormat, TextFormat | undefined, TextFormat>;
  created_at: Timestamp;
  /** 'published' posts are public once publish_at (if any) has passed; 'draft' posts never are */
  status: 'published' | 'draft';
  /** UTC; written as toISOString() text so SQLite compares it as text in time order */
  publish_at: ColumnType<Date | string | null, string | null, string | null>;
  /** changes on every write of the post; PUT and DELETE compare it inside their transaction */
  updated_at: MutableTimestamp;
  /** the account that created the post; null for posts from before accounts, from a key, or whose account is gone */
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** the account that last changed the post (null as for created_by) */
  updated_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** when the post went to the trash; null: not in the trash (every read but the trash's list skips the others) */
  deleted_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** 1: mailed to members when it first becomes public (migration 0024; 0 for every post from before it) */
  newsletter: ColumnType<number, number | undefined, number>;
  /** 1: an editor closed the post's comments (migration 0028) */
  comments_closed: ColumnType<number, number | undefined, number>;
  /** 1: the post has its newsletter_dispatches row (migration 0030; a hint for the dispatcher's look, never the truth) */
  newsletter_recorded: ColumnType<number, number | undefined, number>;
}

/** A staff role as a column holds it: the contract's list (contract/roles.ts). */
export type RoleName = StaffRole;

export interface AccountsTable {
  id: Generated<number>;
  /** lower-cased */
  email: string;
  name: string;
  role: RoleName;
  /** argon2id PHC string */
  password_hash: string;
  created_at: Timestamp;
  updated_at: MutableTimestamp;
  /** the author profile a new post's footer starts from ('' when not given) */
  title: ColumnType<string, string | undefined, string>;
  photo: ColumnType<string, string | undefined, string>;
  /** 1: asked for a name at the next sign-in (an account that never gave one); 0: not (given, or answered) */
  ask_name: ColumnType<number, number | undefined, number>;
}

export interface SessionsTable {
  /** sha256 hex of the cookie's random id */
  id_hash: string;
  account_id: number;
  created_at: Timestamp;
  last_used_at: MutableTimestamp;
}

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** sha256 hex of the key */
  key_hash: string;
  created_at: Timestamp;
}

export interface InvitationsTable {
  id: Generated<number>;
  token_hash: string;
  /** lower-cased; null for the first owner's setup link */
  email: string | null;
  role: RoleName;
  expires_at: Timestamp;
  used_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** the account that sent it; null for a setup link or an invitation from before senders were recorded */
  invited_by: ColumnType<number | null, number | null | undefined, never>;
  /** set when revoked by hand, or when its sender was removed or may no longer invite its role */
  revoked_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** A guess counter (accounts/attemptLimits.ts): attempts counted in a fixed window that ends at window_ends_at. */
export interface SignInAttemptsTable {
  /** what is counted and whose, e.g. 'address:203.0.113.7' */
  key: string;
  attempts: number;
  /** epoch ms; bigint, which PostgreSQL answers as text */
  window_ends_at: ColumnType<number | string, number, number>;
}

/** A single-use link that sets a new password (npm run staff -- reset-password). */
export interface PasswordResetsTable {
  id: Generated<number>;
  /** sha256 hex of the link's code */
  code_hash: string;
  account_id: number;
  expires_at: Timestamp;
  used_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** One version of a post that a change replaced (kept so nothing is lost), in the read shape. */
export interface PostRevisionsTable {
  id: Generated<number>;
  post_id: number;
  saved_at: Timestamp;
  /** the account behind the change, or null for a key */
  saved_by_account_id: number | null;
  /** the account's or the key's name */
  saved_by: string;
  title: string;
  /** the BlogPost as GET /api/blogs/:id answered it, as JSON text (on PostgreSQL too: keys keep their order) */
  post: string;
}

/** The single row (id 1) whose revision every content write bumps; see http/contentCaches.ts. */
export interface ContentRevisionTable {
  id: number;
  revision: number;
}

export interface SectionsTable {
  id: Generated<number>;
  post_id: number;
  position: number;
  type: 'single-paragraph' | 'two-column' | 'image' | 'quote' | 'video';
  icon: string;
  title: string;
  paragraph: string;
  /** single-paragraph: string[]; two-column: {heading, list: string[]}[]; image, quote, video: their fields as one
   * object (repositories/sectionRows.ts) */
  content: Json;
}

export interface ProductsTable {
  id: Generated<number>;
  post_id: number;
  position: number;
  title: string;
  description: string;
  price: string;
  image_url: string;
  amazon_url: string;
}

export type UploadState = 'pending' | 'ready' | 'failed';

export interface UploadsTable {
  /** <sha256 hex of the uploaded bytes>.<ext>: the public file name, so equal bytes share one row */
  name: string;
  content_type: string;
  byte_size: number;
  /** 'ready': the cleaned image (upright, no metadata); 'pending': the bytes as uploaded before image processing */
  data: Buffer;
  created_at: Timestamp;
  state: ColumnType<UploadState, UploadState | undefined, UploadState>;
  /** upright intrinsic size; set when ready */
  width: number | null;
  height: number | null;
  /** comma-separated ascending variant widths, e.g. "64,128,320" */
  widths: string | null;
  /** comma-separated modern formats, best first, e.g. "webp" */
  formats: string | null;
  fallback: 'jpg' | 'png' | null;
}

export interface ImageVariantsTable {
  /** sha256 of the uploaded bytes (the upload's name without its extension) */
  hash: string;
  width: number;
  format: string;
  content_type: string;
  byte_size: number;
  data: Buffer;
  created_at: Timestamp;
}

export interface TagsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  /** what the tag names (migration 0025); every tag from before is a topic */
  kind: ColumnType<TagKind, TagKind | undefined, TagKind>;
  /** a team's short name and crest (an upload's name); null when unset */
  short_name: ColumnType<string | null, string | null | undefined, string | null>;
  crest: ColumnType<string | null, string | null | undefined, string | null>;
  /** what a competition's table gives a win and a draw (3 and 1 unless set) */
  points_for_win: ColumnType<number, number | undefined, number>;
  points_for_draw: ColumnType<number, number | undefined, number>;
}

/** A match between two team tags in a competition tag (migration 0025). */
export interface MatchesTable {
  id: Generated<number>;
  competition_id: number;
  home_id: number;
  away_id: number;
  /** UTC; written as toISOString() text so SQLite compares it in time order */
  kickoff: MutableTimestamp;
  venue: string | null;
  status: ColumnType<MatchStatus, MatchStatus | undefined, MatchStatus>;
  /** both null or both set */
  home_score: number | null;
  away_score: number | null;
  /** the story or live coverage about the match (one match per post at most) */
  post_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: MutableTimestamp;
  /** bumped on every change a calendar shows (iCalendar SEQUENCE) */
  sequence: ColumnType<number, number | undefined, number>;
}

export interface PostTagsTable {
  post_id: number;
  tag_id: number;
  /** 0: the primary tag */
  position: number;
}

/**
 * The full-text index (search/searchIndex.ts). SQLite: an FTS5 table keyed by rowid (= post id); PostgreSQL: a table
 * keyed by post_id with the title's and the whole post's tsvector. Each dialect uses only its own columns.
 */
export interface PostSearchTable {
  rowid: Generated<number>;
  post_id: Generated<number>;
  title: string;
  body: string;
}

/** A post's live coverage (one row per post that ever went live); the match columns are all null or all set. */
export interface LiveCoverageTable {
  post_id: number;
  state: 'live' | 'ended';
  started_at: MutableTimestamp;
  ended_at: ColumnType<Date | string | null, string | null, string | null>;
  home: string | null;
  away: string | null;
  home_score: string | null;
  away_score: string | null;
  clock: string | null;
}

/** One update of a live post; key and pinned are 0 or 1 on both databases. */
export interface LiveEntriesTable {
  id: Generated<number>;
  post_id: number;
  body: string;
  key: number;
  pinned: number;
  /** the account that wrote it, or null for a key */
  author_account_id: number | null;
  /** the name readers see: the account's or the key's */
  author_name: string;
  created_at: Timestamp;
  updated_at: MutableTimestamp;
}

/** The live stream's log (migration 0015): an event of a post, numbered per post by seq (the stream's id). */
export interface LiveEventsTable {
  id: Generated<number>;
  post_id: number;
  seq: number;
  kind: 'entry' | 'delete' | 'live';
  /** the event's data as JSON text, sent as it is */
  data: string;
  created_at: Timestamp;
}

/** A post's last event seq; its row lock orders the post's writers (repositories/liveEventsRepository.ts). */
export interface LiveEventCountersTable {
  post_id: number;
  seq: number;
}

export interface Database {
  posts: PostsTable;
  sections: SectionsTable;
  products: ProductsTable;
  uploads: UploadsTable;
  image_variants: ImageVariantsTable;
  content_revision: ContentRevisionTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  invitations: InvitationsTable;
  post_revisions: PostRevisionsTable;
  tags: TagsTable;
  matches: MatchesTable;
  post_tags: PostTagsTable;
  post_search: PostSearchTable;
  sign_in_attempts: SignInAttemptsTable;
  password_resets: PasswordResetsTable;
  live_coverage: LiveCoverageTable;
  live_entries: LiveEntriesTable;
  live_events: LiveEventsTable;
  live_event_counters: LiveEventCountersTable;
  post_reviews: PostReviewsTable;
  review_steps: ReviewStepsTable;
  editorial_notes: EditorialNotesTable;
  notifications: NotificationsTable;
  mail_outbox: MailOutboxTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  totp_secrets: TotpSecretsTable;
  recovery_codes: RecoveryCodesTable;
  code_steps: CodeStepsTable;
  strong_sessions: StrongSessionsTable;
  site_settings: SiteSettingsTable;
  members: MembersTable;
  member_tags: MemberTagsTable;
  member_tokens: MemberTokensTable;
  member_sessions: MemberSessionsTable;
  newsletter_dispatches: NewsletterDispatchesTable;
  comments: CommentsTable;
  comment_reports: CommentReportsTable;
  comment_mail_tokens: CommentMailTokensTable;
}

/** The desk (migration 0014): a post's open submission, its review steps, editorial notes, notifications, mail. */
type NullableTime = ColumnType<Date | string | null, string | null | undefined, string | null>;
/** Epoch milliseconds (bigint: a string on PostgreSQL). */
type EpochMs = ColumnType<number | string, number, number>;
type NullableEpochMs = ColumnType<number | string | null, number | null | undefined, number | null>;

export interface PostReviewsTable {
  post_id: number;
  submitted_at: Timestamp;
  submitted_by_account_id: number | null;
  submitted_by: string;
  revision_id: number | null;
}

export interface ReviewStepsTable {
  id: Generated<number>;
  post_id: number;
  kind: 'submitted' | 'withdrawn' | 'approved' | 'changes';
  by_account_id: number | null;
  by_name: string;
  at: Timestamp;
  note: string | null;
  /** a request for changes: the revision holding the post as it was sent back; else null */
  revision_id: ColumnType<number | null, number | null | undefined, never>;
}

export interface EditorialNotesTable {
  id: Generated<number>;
  post_id: number;
  body: string;
  author_account_id: number | null;
  author_name: string;
  created_at: Timestamp;
  resolved_at: NullableTime;
}

export interface NotificationsTable {
  id: Generated<number>;
  account_id: number;
  /** 'account': about the person's own sign-in settings (migration 0026), with no post */
  kind: 'submitted' | 'changes' | 'approved' | 'published' | 'scheduled' | 'note' | 'account' | 'comments';
  post_id: number | null;
  actor_name: string;
  text: string;
  created_at: Timestamp;
  read_at: NullableTime;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: EpochMs;
  next_attempt_at: EpochMs;
  attempts: ColumnType<number, number | undefined, number>;
  claimed_until: NullableEpochMs;
  sent_at: NullableEpochMs;
  failed_at: NullableEpochMs;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** what the message is about (`post:<id>`), for mail gathered per person and topic (migration 0018) */
  topic: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON: the notices a gathered message lists */
  notices: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON object of extra headers, e.g. the RFC 8058 one-click pair (migration 0028) */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
  /** a newsletter's post and member (migration 0024): unique together; null for every other mail */
  post_id: ColumnType<number | null, number | null | undefined, number | null>;
  member_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A post's newsletter dispatch (migration 0024): its row exists once the post has been public. */
export type DispatchState = 'queuing' | 'done' | 'off' | 'before';

export interface NewsletterDispatchesTable {
  post_id: number;
  state: DispatchState;
  /** the last member id queued: a dispatch taken over after a crash goes on from here */
  member_cursor: ColumnType<number, number | undefined, number>;
  /** a process's lease on the queuing (epoch ms) */
  claimed_until: NullableEpochMs;
  /** outbox rows this dispatch queued */
  queued: ColumnType<number, number | undefined, number>;
  started_at: Timestamp;
  finished_at: NullableTime;
}

/** Second factors (migration 0022): passkeys, their challenges, the authenticator app, recovery codes, the policy. */
export interface PasskeysTable {
  id: Generated<number>;
  account_id: number;
  /** base64url */
  credential_id: string;
  /** the COSE public key, base64url */
  public_key: string;
  counter: EpochMs;
  /** JSON array of transport names */
  transports: string;
  device_type: string;
  /** 1: the credential is backed up (synced) */
  backed_up: number;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTime;
}

export interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'sign-in';
  account_id: number | null;
  expires_at: EpochMs;
}

export interface TotpSecretsTable {
  account_id: number;
  /** the secret sealed with the server's key (accounts/secretBox.ts) */
  sealed_secret: string;
  enabled_at: NullableTime;
  /** the last time step whose code was accepted */
  last_step: NullableEpochMs;
  created_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  account_id: number;
  /** sha256 hex of the code */
  code_hash: string;
  used_at: NullableTime;
}

export interface CodeStepsTable {
  /** sha256 hex of the ticket the sign-in card holds */
  ticket_hash: string;
  account_id: number;
  wrong_codes: number;
  expires_at: EpochMs;
}

export interface StrongSessionsTable {
  id_hash: string;
  account_id: number;
}

export interface SiteSettingsTable {
  key: string;
  value: string;
}

/** Members (migration 0023): readers who follow every story or some tags; separate from staff accounts. */
export type MemberStatus = 'pending' | 'active' | 'unsubscribed' | 'bounced';

export interface MembersTable {
  id: Generated<number>;
  /** lower-cased */
  email: string;
  /** '' when the reader gave none */
  name: string;
  status: MemberStatus;
  /** 1: every published story; 0: only the tags in member_tags */
  all_posts: number;
  created_at: Timestamp;
  confirmed_at: NullableTime;
  /** 1: mail the member replies to their comments */
  reply_mail: ColumnType<number, number | undefined, number>;
  /** set when the member may no longer comment */
  banned_at: NullableTime;
}

export interface MemberTagsTable {
  member_id: number;
  /** a tag's slug (contract/tags.ts) */
  tag: string;
}

export type MemberTokenPurpose = 'confirm' | 'signin' | 'unsubscribe';

export interface MemberTokensTable {
  id: Generated<number>;
  /** sha256 hex of the link's token */
  token_hash: string;
  member_id: number;
  purpose: MemberTokenPurpose;
  /** null: never expires */
  expires_at: NullableTime;
  used_at: NullableTime;
  created_at: Timestamp;
}

export interface MemberSessionsTable {
  /** sha256 hex of the cookie's random id */
  id_hash: string;
  member_id: number;
  created_at: Timestamp;
  last_used_at: MutableTimestamp;
}

export type PostRow = Selectable<PostsTable>;
export type NewPostRow = Insertable<PostsTable>;
export type SectionRow = Selectable<SectionsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type UploadRow = Selectable<UploadsTable>;

export type Dialect = DatabaseConfig['kind'];

export type Db = {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL's URL, for a connection of one's own outside the pool (the live stream's LISTEN) */
  url?: string;
};

export function openDatabase(config: DatabaseConfig): Db {
  if (config.kind === 'postgres') {
    const pool = new Pool({ connectionString: config.url, max: 10 });
    // An idle connection that PostgreSQL closes (restart, failover, admin kill) is reported here; without a
    // listener Node treats it as an unhandled 'error' event and the process dies. pg drops that client and the next
    // query opens a new one (or fails and gets its own error answer).
    pool.on('error', (error) => console.error(`touchline: idle PostgreSQL connection lost: ${error.message}`));
    return {
      kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) }),
      dialect: 'postgres',
      url: config.url,
    };
  }
  const onDisk = config.file !== ':memory:';
  // The file holds every password hash: 0600 before SQLite opens it. SQLite gives the -wal and -shm files it makes
  // the database file's mode; ones an earlier release left readable are narrowed here, and again once WAL is on.
  const walFiles = [`${config.file}-wal`, `${config.file}-shm`];
  if (onDisk) {
    ensurePrivateDir(dirname(config.file));
    ensurePrivateFile(config.file);
    walFiles.forEach(makePrivateIfPresent);
  }
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  if (onDisk) walFiles.forEach(makePrivateIfPresent);
  // FULL: a post that got its 201 survives a power cut too, not only a killed process.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // From here on a statement waits for the write lock in steps of microseconds, not SQLite's milliseconds
  // (db/sqliteBusy.ts). Kysely begins a transaction with a deferred BEGIN: one that reads, then writes after another
  // connection (a second process, the mail sender's thread) committed, fails with SQLITE_BUSY_SNAPSHOT. IMMEDIATE
  // takes the write lock at the start, waiting for it like any statement.
  const prepare = patientPrepare(sqlite);
  const database = {
    prepare: (query: string) => prepare(query === 'begin' ? 'begin immediate' : query),
    close: () => sqlite.close(),
  };
  return { kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), dialect: 'sqlite' };
}

/** A timestamp column as the API writes it: PostgreSQL gives a Date, SQLite the ISO text it stores. */
export function isoTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

/** Members' comments (migration 0028). */
export type CommentStatus = 'pending' | 'approved' | 'deleted';

export interface CommentsTable {
  id: Generated<number>;
  post_id: number;
  /** null once the member is erased (the comment is then 'deleted', kept for its replies) */
  member_id: number | null;
  /** the top-level comment a reply belongs to */
  parent_id: number | null;
  /** plain text; '' once deleted */
  body: string;
  status: CommentStatus;
  created_at: Timestamp;
  edited_at: NullableTime;
  approved_at: NullableTime;
  /** 1 once the reply mail to the parent's author was queued */
  reply_mailed: ColumnType<number, number | undefined, number>;
}

export interface CommentReportsTable {
  comment_id: number;
  member_id: number;
  reason: string;
  created_at: Timestamp;
}

export interface CommentMailTokensTable {
  /** sha256 hex of the stop link's token */
  token_hash: string;
  member_id: number;
}
