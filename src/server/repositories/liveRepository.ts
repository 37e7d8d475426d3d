// All SQL about live coverage: a post's coverage state and match line, and its entries, with the mapping to the API's
// shapes (contract/live.ts). Every write records the event readers' streams deliver (liveEventsRepository.ts) and bumps
// the content revision, in its own transaction, so every process's caches and streams learn of it. An entry's write
// also re-indexes its post for search (entries are searched as part of their post).
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { EntriesAnswer, LiveCoverage, LiveEntry, MatchInfo } from '../../contract/live';
import { LIVE_LIMITS } from '../../contract/live';
import type { ValidEntryInput, ValidLiveUpdate } from '../../contract/liveSchemas';
import { POST_ID_MAX } from '../../contract/limits';
import type { PostStatus } from '../../contract/postStatus';
import { isoTime } from '../db/database';
import type { Author } from './revisionsRepository';
import type { Database, Db } from '../db/database';
import { changesAfter, latestLiveEventId, recordLiveEvent } from './liveEventsRepository';
import type { LiveEventInput, LiveWrites } from './liveEventsRepository';
import { bumpRevision } from './contentRevision';
import { isPublic, notTrashed } from './visibility';
import { indexPost } from '../search/searchIndex';
import type { TeamRef } from '../../contract/matches';
import { shownText } from './shown';

type CoverageRow = Selectable<Database['live_coverage']>;
type EntryRow = {
  id: number;
  body: string;
  key: number;
  pinned: number;
  author_name: string;
  created_at: Date | string;
  updated_at: Date | string;
};

function toCoverage(row: CoverageRow): LiveCoverage {
  const match: MatchInfo | null =
    row.home === null
      ? null
      : {
          home: row.home,
          away: row.away ?? '',
          homeScore: row.home_score ?? '',
          awayScore: row.away_score ?? '',
          clock: row.clock ?? '',
        };
  return {
    state: row.state === 'ended' ? 'ended' : 'live',
    startedAt: isoTime(row.started_at),
    endedAt: row.ended_at === null ? null : isoTime(row.ended_at),
    match,
  };
}

type Side = { slug: string | null; name: string | null; short: string | null; crest: string | null };
const team = ({ slug, name, short, crest }: Side): TeamRef | undefined =>
  slug === null || name === null
    ? undefined
    : { slug, name: shownText(name), shortName: short === null ? null : shownText(short), crest };

/** The covered match's teams and competition from coverageOf's row, undefined when no match is linked. */
function fixtureOf(
  row: Record<`${'c' | 'h' | 'a'}_${'slug' | 'name'}` | `${'h' | 'a'}_${'short' | 'crest'}`, string | null>,
) {
  const home = team({ slug: row.h_slug, name: row.h_name, short: row.h_short, crest: row.h_crest });
  const away = team({ slug: row.a_slug, name: row.a_name, short: row.a_short, crest: row.a_crest });
  if (row.c_slug === null || row.c_name === null || !home || !away) return undefined;
  return { competition: { slug: row.c_slug, name: shownText(row.c_name) }, home, away };
}

function toEntry(row: EntryRow): LiveEntry {
  return {
    id: row.id,
    body: row.body,
    // PostgreSQL answers an integer column as a number, SQLite too; 1 is the only true.
    key: Number(row.key) === 1,
    pinned: Number(row.pinned) === 1,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
    author: { name: row.author_name },
  };
}

const entryColumns = ['id', 'body', 'key', 'pinned', 'author_name', 'created_at', 'updated_at'] as const;

/**
 * The coverage of each of these posts that ever went live (the others are absent: their `live` is null), with the
 * teams and competition of the match it covers (`fixture`), read in the same query.
 */
export async function coverageOf(executor: Kysely<Database>, postIds: number[]): Promise<Map<number, LiveCoverage>> {
  const found = new Map<number, LiveCoverage>();
  if (postIds.length === 0) return found;
  const rows = await executor
    .selectFrom('live_coverage')
    .leftJoin('matches', 'matches.post_id', 'live_coverage.post_id')
    .leftJoin('tags as c', 'c.id', 'matches.competition_id')
    .leftJoin('tags as h', 'h.id', 'matches.home_id')
    .leftJoin('tags as a', 'a.id', 'matches.away_id')
    .selectAll('live_coverage')
    .select(['c.slug as c_slug', 'c.name as c_name', 'h.slug as h_slug', 'h.name as h_name', 'h.short_name as h_short'])
    .select([
      'h.crest as h_crest',
      'a.slug as a_slug',
      'a.name as a_name',
      'a.short_name as a_short',
      'a.crest as a_crest',
    ])
    .where('live_coverage.post_id', 'in', postIds)
    .execute();
  for (const row of rows) {
    const fixture = fixtureOf(row);
    found.set(row.post_id, fixture ? { ...toCoverage(row), fixture } : toCoverage(row));
  }
  return found;
}

/** The ids of the posts live now (a subquery for the landing page's "Live now"). */
export function liveNow(executor: Kysely<Database>) {
  return executor.selectFrom('live_coverage').select('live_coverage.post_id').where('live_coverage.state', '=', 'live');
}

/** What the role rules need of a post out of the trash (who created it, its status), or undefined when none is. */
export async function livePostFacts(
  db: Db,
  id: number,
): Promise<{ createdBy: number | null; status: PostStatus } | undefined> {
  const row = await db.kysely
    .selectFrom('posts')
    .select(['created_by', 'status'])
    // A post in review is a stored draft with an open submission (post_reviews).
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('post_reviews')
            .select('post_reviews.post_id')
            .whereRef('post_reviews.post_id', '=', 'posts.id'),
        )
        .as('in_review'),
    )
    .where('id', '=', id)
    .where(notTrashed)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  // in_review: true on PostgreSQL, 1 on SQLite
  const status: PostStatus = row.status === 'draft' && Boolean(row.in_review) ? 'review' : row.status;
  return { createdBy: row.created_by, status };
}

/** Whether a reader may see the post's entries: public at `now` for anyone, out of the trash for staff. */
export async function entriesVisible(db: Db, id: number, { staff, now }: { staff: boolean; now: Date }) {
  const row = await db.kysely
    .selectFrom('posts')
    .select('id')
    .where('id', '=', id)
    .where(staff ? notTrashed : isPublic(now))
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these posts are public at `now` (the live streams' check that the posts they follow still are). */
export async function publicPostIds(db: Db, ids: number[], now: Date): Promise<Set<number>> {
  const rows = await db.kysely.selectFrom('posts').select('id').where('id', 'in', ids).where(isPublic(now)).execute();
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * The first statement of every live write: a no-op update of the post's row. It takes the row's lock on PostgreSQL
 * (two writers of one post queue here, so "at most one pinned" and "startedAt only the first time" hold) and the
 * write lock on SQLite (no transaction that read first fails to upgrade), and says whether the post exists.
 */
async function lockPost(trx: Transaction<Database>, postId: number): Promise<boolean> {
  const { numUpdatedRows } = await trx
    .updateTable('posts')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** The last statement of every live write: the event its readers' streams deliver, and the content revision. */
async function announce(
  trx: Transaction<Database>,
  postId: number,
  event: LiveEventInput,
  now: Date,
  writes: LiveWrites | undefined,
) {
  await recordLiveEvent(trx, postId, event, now, writes);
  await bumpRevision(trx);
}

/**
 * PUT /api/blogs/:id/live: 'live' sets startedAt the first time and clears endedAt; 'ended' sets endedAt (once: ending
 * again keeps the first end); match omitted keeps the stored one, null clears it.
 */
export async function setCoverage(
  db: Db,
  postId: number,
  update: ValidLiveUpdate,
  now: Date,
  writes?: LiveWrites,
): Promise<LiveCoverage | 'not-found'> {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await lockPost(trx, postId))) return 'not-found';
    const stored = await trx.selectFrom('live_coverage').selectAll().where('post_id', '=', postId).executeTakeFirst();
    const before = stored === undefined ? undefined : toCoverage(stored);
    const match =
      update.match !== undefined
        ? update.match
        : (before?.match ?? (stored === undefined ? await linkedMatchLine(trx, postId) : null));
    const at = now.toISOString();
    const values = {
      state: update.state,
      started_at: before?.startedAt ?? at,
      ended_at: update.state === 'live' ? null : (before?.endedAt ?? at),
      home: match?.home ?? null,
      away: match?.away ?? null,
      home_score: match?.homeScore ?? null,
      away_score: match?.awayScore ?? null,
      clock: match?.clock ?? null,
    };
    if (stored === undefined)
      await trx
        .insertInto('live_coverage')
        .values({ post_id: postId, ...values })
        .execute();
    else await trx.updateTable('live_coverage').set(values).where('post_id', '=', postId).execute();
    const coverage: LiveCoverage = {
      state: values.state,
      startedAt: values.started_at,
      endedAt: values.ended_at,
      match,
    };
    await announce(trx, postId, { kind: 'live', data: coverage }, now, writes);
    return coverage;
  });
}

/**
 * The score line a first Start opens with when the desk gave none and the post covers a match: the teams as their tags
 * name them, 0–0, so the desk's Match form and the reader's score line begin filled in. null when no match is linked.
 */
async function linkedMatchLine(trx: Transaction<Database>, postId: number): Promise<MatchInfo | null> {
  const row = await trx
    .selectFrom('matches')
    .innerJoin('tags as h', 'h.id', 'matches.home_id')
    .innerJoin('tags as a', 'a.id', 'matches.away_id')
    .select(['h.name as home', 'a.name as away'])
    .where('matches.post_id', '=', postId)
    .executeTakeFirst();
  if (row === undefined) return null;
  const name = (text: string) => shownText(text).slice(0, LIVE_LIMITS.teamMax);
  return { home: name(row.home), away: name(row.away), homeScore: '0', awayScore: '0', clock: '' };
}

/** Unpins the post's pinned entry (but `keep`), recording the change readers must see. */
async function unpinOthers(
  trx: Transaction<Database>,
  postId: number,
  keep: number | undefined,
  at: string,
  now: Date,
  writes: LiveWrites | undefined,
) {
  let query = trx.selectFrom('live_entries').select(entryColumns).where('post_id', '=', postId).where('pinned', '=', 1);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  const pinned = await query.execute();
  for (const row of pinned) {
    await trx.updateTable('live_entries').set({ pinned: 0, updated_at: at }).where('id', '=', row.id).execute();
    const unpinned = toEntry({ ...row, pinned: 0, updated_at: at });
    await recordLiveEvent(trx, postId, { kind: 'entry', data: unpinned }, now, writes);
  }
}

/** POST /api/blogs/:id/entries: not-live while the post's coverage is not live (never started, or ended). */
export async function addEntry(
  db: Db,
  postId: number,
  input: ValidEntryInput,
  author: Author,
  now: Date,
  writes?: LiveWrites,
): Promise<LiveEntry | 'not-found' | 'not-live'> {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await lockPost(trx, postId))) return 'not-found';
    const coverage = await trx
      .selectFrom('live_coverage')
      .select('state')
      .where('post_id', '=', postId)
      .executeTakeFirst();
    if (coverage?.state !== 'live') return 'not-live';
    const at = now.toISOString();
    if (input.pinned) await unpinOthers(trx, postId, undefined, at, now, writes);
    const row = await trx
      .insertInto('live_entries')
      .values({
        post_id: postId,
        body: input.body,
        key: input.key ? 1 : 0,
        pinned: input.pinned ? 1 : 0,
        author_account_id: author.accountId,
        author_name: author.name,
        created_at: at,
        updated_at: at,
      })
      .returning(entryColumns)
      .executeTakeFirstOrThrow();
    const entry = toEntry(row);
    await indexPost(trx, db.dialect, postId);
    await announce(trx, postId, { kind: 'entry', data: entry }, now, writes);
    return entry;
  });
}

/** PUT /api/blogs/:id/entries/:entryId: the entry keeps its id, so its place; its author stays who wrote it. */
export async function editEntry(
  db: Db,
  postId: number,
  entryId: number,
  input: ValidEntryInput,
  now: Date,
  writes?: LiveWrites,
): Promise<LiveEntry | 'not-found'> {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await lockPost(trx, postId))) return 'not-found';
    const stored = await trx
      .selectFrom('live_entries')
      .select(['id', 'updated_at'])
      .where('id', '=', entryId)
      .where('post_id', '=', postId)
      .executeTakeFirst();
    if (stored === undefined) return 'not-found';
    // Strictly after the version replaced, so a reader replacing by id and comparing updatedAt sees the change.
    const at = new Date(Math.max(now.getTime(), Date.parse(isoTime(stored.updated_at)) + 1)).toISOString();
    if (input.pinned) await unpinOthers(trx, postId, entryId, at, now, writes);
    const row = await trx
      .updateTable('live_entries')
      .set({ body: input.body, key: input.key ? 1 : 0, pinned: input.pinned ? 1 : 0, updated_at: at })
      .where('id', '=', entryId)
      .returning(entryColumns)
      .executeTakeFirstOrThrow();
    const entry = toEntry(row);
    await indexPost(trx, db.dialect, postId);
    await announce(trx, postId, { kind: 'entry', data: entry }, now, writes);
    return entry;
  });
}

export async function deleteEntry(
  db: Db,
  postId: number,
  entryId: number,
  now: Date,
  writes?: LiveWrites,
): Promise<'done' | 'not-found'> {
  return db.kysely.transaction().execute(async (trx) => {
    if (!(await lockPost(trx, postId))) return 'not-found';
    const { numDeletedRows } = await trx
      .deleteFrom('live_entries')
      .where('id', '=', entryId)
      .where('post_id', '=', postId)
      .executeTakeFirst();
    if (numDeletedRows === 0n) return 'not-found';
    await indexPost(trx, db.dialect, postId); // the deleted entry's words stop matching
    await announce(trx, postId, { kind: 'delete', data: { id: entryId } }, now, writes);
    return 'done';
  });
}

export type EntriesPage = { entries: LiveEntry[]; pinned: LiveEntry | null; hasOlder: boolean };

/**
 * One page of a post's entries, newest first: the newest `limit`, or those before entry `before`, or (the polling
 * fallback) the first `limit` after entry `after`. hasOlder: whether ?before=<the last one's id> finds more.
 */
export async function readEntries(
  executor: Kysely<Database>,
  postId: number,
  { before, after, limit }: { before?: number; after?: number; limit: number },
): Promise<EntriesPage> {
  let query = executor.selectFrom('live_entries').select(entryColumns).where('post_id', '=', postId);
  // Every id is below a cursor past the integer range (such a cursor would overflow PostgreSQL's integer).
  if (before !== undefined && before <= POST_ID_MAX) query = query.where('id', '<', before);
  if (after !== undefined) query = query.where('id', '>', Math.min(after, POST_ID_MAX));
  // Newer than `after`: the oldest of them first, so a poller that gets a full page asks again from its newest.
  const rows =
    after === undefined
      ? await query
          .orderBy('id', 'desc')
          .limit(limit + 1)
          .execute()
      : (await query.orderBy('id', 'asc').limit(limit).execute()).reverse();
  const page = after === undefined ? rows.slice(0, limit) : rows;
  let hasOlder: boolean;
  if (after === undefined) hasOlder = rows.length > limit;
  else {
    const oldest = page.at(-1)?.id ?? Math.min(after + 1, POST_ID_MAX);
    const older = await executor
      .selectFrom('live_entries')
      .select('id')
      .where('post_id', '=', postId)
      .where('id', '<', oldest)
      .limit(1)
      .executeTakeFirst();
    hasOlder = older !== undefined;
  }
  const pinned = await executor
    .selectFrom('live_entries')
    .select(entryColumns)
    .where('post_id', '=', postId)
    .where('pinned', '=', 1)
    .executeTakeFirst();
  return { entries: page.map(toEntry), pinned: pinned === undefined ? null : toEntry(pinned), hasOlder };
}

/**
 * GET /api/blogs/:id/entries as the API and the page answer it. The newest event id is read first: a stream opened
 * from it replays whatever was written after, so nothing between this read and the stream's start is lost.
 */
export async function entriesAnswer(
  db: Db,
  postId: number,
  query: { before?: number; after?: number; limit: number },
): Promise<EntriesAnswer> {
  const lastEventId = await latestLiveEventId(db.kysely, postId);
  const [page, live] = await Promise.all([readEntries(db.kysely, postId, query), coverageOf(db.kysely, [postId])]);
  return { ...page, live: live.get(postId) ?? null, lastEventId };
}

/** One event of a replay: its `event:` name, its `id:` and its data (the current state of what changed). */
export type ReplayEvent = { kind: LiveEventInput['kind'] | 'reset'; seq: number; data: unknown };

/**
 * What a reader that last saw event `after` is sent to catch up: not the events themselves but the current state of
 * what they changed, so it never holds what a fresh read of the entries would not show (a deleted entry, text edited
 * away, anything written while the post was private). Each entry touched since `after` once, as its row now (an
 * `entry` event) or a `delete` if it is gone, and the coverage now if it changed; each with the seq of its last
 * event, so the ids keep increasing. More than `max` of them, or a log that cannot say what changed: one `reset`.
 */
export async function replayAfter(db: Db, postId: number, after: number, max: number): Promise<ReplayEvent[]> {
  const changes = await changesAfter(db.kysely, postId, after);
  const reset = async (): Promise<ReplayEvent[]> => [
    { kind: 'reset', seq: await latestLiveEventId(db.kysely, postId), data: {} },
  ];
  if (changes === 'reset') return reset();
  /** The seq of each entry's (0: the coverage's) last event. */
  const lastSeq = new Map<number, number>();
  for (const change of changes) {
    const key = change.kind === 'live' ? 0 : change.entryId;
    if (key === null) continue;
    lastSeq.delete(key); // re-inserted, so the map's order is that of the last events
    lastSeq.set(key, change.seq);
  }
  if (lastSeq.size > max) return reset();
  const entryIds = [...lastSeq.keys()].filter((id) => id !== 0);
  const rows =
    entryIds.length === 0
      ? []
      : await db.kysely
          .selectFrom('live_entries')
          .select(entryColumns)
          .where('post_id', '=', postId)
          .where('id', 'in', entryIds)
          .execute();
  const current = new Map(rows.map((row) => [Number(row.id), toEntry(row)]));
  const coverage = lastSeq.has(0) ? (await coverageOf(db.kysely, [postId])).get(postId) : undefined;
  const events: ReplayEvent[] = [];
  for (const [key, seq] of lastSeq) {
    if (key === 0) {
      if (coverage !== undefined) events.push({ kind: 'live', seq, data: coverage });
      continue;
    }
    const entry = current.get(key);
    events.push(entry === undefined ? { kind: 'delete', seq, data: { id: key } } : { kind: 'entry', seq, data: entry });
  }
  return events;
}
