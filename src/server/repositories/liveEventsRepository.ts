// The live stream's event log: every change a reader of a live post must see (an entry new or edited, an entry
// deleted, the coverage state) is recorded here, in the transaction of the write that makes it, with an id (seq) that
// increases per post. The stream replays from it after a reconnect and every process learns of new events from it
// (live/liveHub.ts): on PostgreSQL by a NOTIFY sent in the same transaction, so it fires on commit; on SQLite by
// polling for rows newer than the last one seen, and at once for the app's own writes (LiveWrites).
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { LiveCoverage, LiveEntry } from '../../contract/live';

/** What one event carries: the `event:` name of the stream and its `data:`. */
export type LiveEventInput =
  { kind: 'entry'; data: LiveEntry } | { kind: 'delete'; data: { id: number } } | { kind: 'live'; data: LiveCoverage };

/** An event as the log holds it; `data` is the JSON text the stream sends. */
export type LiveEventRow = { postId: number; seq: number; kind: LiveEventInput['kind']; data: string };

/** How many events of a post are kept for replay: a reader away longer than this many events gets a reset. */
export const LIVE_HISTORY = 1_000;

/** The PostgreSQL channel every process LISTENs on; the payload is the post's id. */
export const LIVE_CHANNEL = 'touchline_live';

/**
 * How an app's hub hears of the events its own writes record: told (with the post's id) before the transaction
 * commits, a hub on SQLite polls at once, and its query waits for the connection the transaction holds, so it reads
 * the committed row. The app makes one and hands it to its live writes and its hub, so apps never hear each other.
 */
export class LiveWrites {
  private readonly listeners = new Set<(postId: number) => void>();

  written(postId: number): void {
    for (const listener of this.listeners) listener(postId);
  }

  /** Calls `listener` on each write from now on; the answer stops it. */
  listen(listener: (postId: number) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}

const onPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Records an event of post `postId` inside the caller's transaction (`trx`), so it exists exactly when the write does,
 * and tells `writes` (the app's; none where no hub of this process listens, as in a script).
 */
export async function recordLiveEvent(
  trx: Kysely<Database>,
  postId: number,
  event: LiveEventInput,
  now: Date,
  writes?: LiveWrites,
): Promise<void> {
  // The counter row's lock is held until commit: a second writer of the same post waits here, so seqs commit in order.
  const counted = await trx
    .insertInto('live_event_counters')
    .values({ post_id: postId, seq: 1 })
    .onConflict((oc) => oc.column('post_id').doUpdateSet({ seq: sql`live_event_counters.seq + 1` }))
    .returning('seq')
    .executeTakeFirstOrThrow();
  const seq = Number(counted.seq);
  await trx
    .insertInto('live_events')
    .values({
      post_id: postId,
      seq,
      kind: event.kind,
      data: JSON.stringify(event.data),
      created_at: now.toISOString(),
    })
    .execute();
  // Bounded history, trimmed as it grows: one indexed delete, and only once every 100 events.
  if (seq > LIVE_HISTORY && seq % 100 === 0)
    await trx
      .deleteFrom('live_events')
      .where('post_id', '=', postId)
      .where('seq', '<=', seq - LIVE_HISTORY)
      .execute();
  if (onPostgres(trx)) await sql`select pg_notify(${LIVE_CHANNEL}, ${String(postId)})`.execute(trx);
  writes?.written(postId);
}

/** The id of post `postId`'s newest event (0 when it has none): what a page that read the entries opens the stream
 * from. Read it in the same transaction as the entries, or before them, so that a reconnect replays what followed. */
export async function latestLiveEventId(db: Kysely<Database>, postId: number): Promise<number> {
  const row = await db.selectFrom('live_event_counters').select('seq').where('post_id', '=', postId).executeTakeFirst();
  return row === undefined ? 0 : Number(row.seq);
}

const toRow = (row: { post_id: number; seq: number; kind: string; data: string }): LiveEventRow => ({
  postId: Number(row.post_id),
  seq: Number(row.seq),
  kind: row.kind as LiveEventRow['kind'],
  data: row.data,
});

/**
 * Post `postId`'s events after `after`, in order: what a reader that last saw `after` missed (a replay), or what the
 * hub has not delivered yet. 'reset' when the log cannot say: `after` is older than what is kept, or ahead of the newest.
 */
export async function eventsAfter(
  db: Kysely<Database>,
  postId: number,
  after: number,
): Promise<LiveEventRow[] | 'reset'> {
  const rows = await db
    .selectFrom('live_events')
    .select(['post_id', 'seq', 'kind', 'data'])
    .where('post_id', '=', postId)
    .where('seq', '>', after)
    .orderBy('seq')
    .execute();
  const kept = await unbroken(db, postId, after, rows);
  return kept === 'reset' ? kept : kept.map(toRow);
}

/** `rows`, post `postId`'s events after `after` in seq order, if none is missing; else 'reset' (see eventsAfter). */
async function unbroken<Row extends { seq: unknown }>(
  db: Kysely<Database>,
  postId: number,
  after: number,
  rows: Row[],
): Promise<Row[] | 'reset'> {
  if (rows.length === 0) return after > (await latestLiveEventId(db, postId)) ? 'reset' : [];
  // Every seq from after+1 on must be there; a trimmed one means the reader is too far behind.
  return Number(rows[0]!.seq) === after + 1 ? rows : 'reset';
}

/** What one event after a reader's Last-Event-ID changed: the coverage, or entry `entryId`; its data is not read. */
export type LiveChange = { seq: number; kind: LiveEventRow['kind']; entryId: number | null };

/**
 * What post `postId`'s events after `after` changed, in order, without their text (a replay sends the current state
 * of each, not what the events carried). 'reset' when the log cannot say, as for eventsAfter.
 */
export async function changesAfter(
  db: Kysely<Database>,
  postId: number,
  after: number,
): Promise<LiveChange[] | 'reset'> {
  // Both kinds of entry event carry the entry's id at the top of their JSON.
  const entryId = onPostgres(db)
    ? sql<number | null>`(data::json->>'id')::integer`
    : sql<number | null>`json_extract(data, '$.id')`;
  const rows = await db
    .selectFrom('live_events')
    .select(['seq', 'kind', entryId.as('entry_id')])
    .where('post_id', '=', postId)
    .where('seq', '>', after)
    .orderBy('seq')
    .execute();
  const kept = await unbroken(db, postId, after, rows);
  if (kept === 'reset') return kept;
  return kept.map((row) => ({
    seq: Number(row.seq),
    kind: row.kind as LiveEventRow['kind'],
    entryId: row.kind === 'live' || row.entry_id === null ? null : Number(row.entry_id),
  }));
}

/** Which posts have events stored after row `afterId` (SQLite's poll; rows commit in id order there), oldest first. */
export async function rowsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<{ id: number; postId: number }[]> {
  const rows = await db
    .selectFrom('live_events')
    .select(['id', 'post_id'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), postId: Number(row.post_id) }));
}

/** The newest row id (0: none), where SQLite's poll starts. */
export async function lastRowId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
