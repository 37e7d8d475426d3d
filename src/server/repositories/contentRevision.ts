// The content revision: the one row every public write bumps, which other processes watch to drop their caches
// (http/contentCaches.ts). Post writes and live coverage writes share it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/**
 * Last statement of every write transaction: other processes watch the revision to drop their caches. Last, so the
 * row lock it takes (PostgreSQL) is held only until the commit and writers are not queued behind each other.
 */
export async function bumpRevision(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('content_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}
