import type { Db } from '../db/database';

/** One round trip to the database, for GET /api/health. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.kysely.selectFrom('posts').select('id').limit(1).execute();
}
