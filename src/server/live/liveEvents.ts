// The live stream's event log: every change a reader of a live post must see (an entry new or edited, an entry
// deleted, the coverage state) is recorded here, in the transaction of the write that makes it, with an id that
// increases per post. The stream replays from it after a reconnect and every process learns of new events from it.
// (The log and its delivery land with the stream; until then recording is a no-op.)
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { LiveCoverage, LiveEntry } from '../../contract/live';

/** What one event carries: the `event:` name of the stream and its `data:`. */
export type LiveEventInput =
  { kind: 'entry'; data: LiveEntry } | { kind: 'delete'; data: { id: number } } | { kind: 'live'; data: LiveCoverage };

/**
 * Records an event of post `postId` inside the caller's transaction (`trx`), so it exists exactly when the write does.
 */
export async function recordLiveEvent(_trx: Kysely<Database>, _postId: number, _event: LiveEventInput): Promise<void> {
  // no-op until the event log lands
}

/** The id of post `postId`'s newest event (0 when it has none): what a page that read the entries opens the stream
 * from. Read it in the same transaction as the entries, or before them, so that a reconnect replays what followed. */
export async function latestLiveEventId(_db: Kysely<Database>, _postId: number): Promise<number> {
  return 0;
}
