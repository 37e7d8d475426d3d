// Live coverage of a match: a post's coverage state and score line, and its entries (short updates, newest first).
// Frozen once landed. Existing posts have no coverage (their `live` reads null).
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function liveCoverage(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      // One row per post that ever went live; a permanent delete takes it along, the trash keeps it.
      await db.schema
        .createTable('live_coverage')
        .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('started_at', timestamp, (c) => c.notNull())
        .addColumn('ended_at', timestamp)
        // The match line: all five null, or all five set (home and away 1-60 characters, the rest 0-40).
        .addColumn('home', 'text')
        .addColumn('away', 'text')
        .addColumn('home_score', 'text')
        .addColumn('away_score', 'text')
        .addColumn('clock', 'text')
        .execute();
      // The partial index below finds the posts live now for the landing page.
      await sql`create index live_coverage_live on live_coverage (post_id) where state = 'live'`.execute(db);

      await db.schema
        .createTable('live_entries')
        .addColumn('id', 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
        )
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        // 0 or 1 on both databases (better-sqlite3 binds no booleans), so one mapping reads both.
        .addColumn('key', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        // No foreign key: an account may be removed, the entries it wrote stay under the name they showed.
        .addColumn('author_account_id', 'integer')
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      // Newest first per post, for ?before= and ?after= pages: an edited entry keeps its id and so its place.
      await db.schema.createIndex('live_entries_post').on('live_entries').columns(['post_id', 'id']).execute();
      // At most one pinned entry per post, whatever a writer races (the write unpins the one before first).
      await sql`create unique index live_entries_one_pinned on live_entries (post_id) where pinned = 1`.execute(db);
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('live_entries').execute();
      await db.schema.dropTable('live_coverage').execute();
    },
  };
}
