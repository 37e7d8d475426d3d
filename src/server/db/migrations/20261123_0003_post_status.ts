// Post status and scheduling (drafts, and posts public from publishAt on), and the content revision other processes
// watch. Frozen once landed.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function postStatus(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      // Every post that exists today was published, so the default keeps it public.
      await db.schema
        .alterTable('posts')
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('published')
            .check(sql`status in ('published', 'draft')`),
        )
        .execute();
      await db.schema.alterTable('posts').addColumn('publish_at', timestamp).execute();
      if (dialect === 'postgres') {
        await db.schema.alterTable('posts').addColumn('updated_at', timestamp).execute();
        // Millisecond precision, as the application writes it: updated_at is compared on every conditional write.
        await sql`update posts set updated_at = date_trunc('milliseconds', created_at)`.execute(db);
        await sql`alter table posts alter column updated_at set not null`.execute(db);
      } else {
        // SQLite adds a NOT NULL column only with a constant default; the application always writes the real value.
        await db.schema
          .alterTable('posts')
          .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(''))
          .execute();
        await sql`update posts set updated_at = created_at`.execute(db);
      }

      // One row, bumped in the same transaction as every write of content: each process compares it with what it
      // last saw (at most once a second) and drops its caches when it moved. The bump also serializes writers.
      await db.schema
        .createTable('content_revision')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('content_revision').values({ id: 1, revision: 0 }).execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('content_revision').execute();
      for (const column of ['updated_at', 'publish_at', 'status']) {
        await db.schema.alterTable('posts').dropColumn(column).execute();
      }
    },
  };
}
