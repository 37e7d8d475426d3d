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
