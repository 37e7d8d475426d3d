// Three more section types: a photo, a pull quote and a video inside the story. Their fields live in the existing
// content JSON column, so only the type check widens. PostgreSQL swaps the constraint; SQLite cannot alter a CHECK,
// so it rebuilds the sections table with the same columns, rows, ids and unique (post, position) constraint. Nothing
// references sections, and the migrator runs this in a transaction: a failure leaves the old table as it was.
// Frozen once landed.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

const NEW_TYPES = sql`type in ('single-paragraph', 'two-column', 'image', 'quote', 'video')`;
const OLD_TYPES = sql`type in ('single-paragraph', 'two-column')`;

/** PostgreSQL named 0001's column check sections_type_check; asked rather than assumed, in case it was renamed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
async function typeChecks(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'sections'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%type%'`.execute(db);
  return rows.map((row) => row.name);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see typeChecks
async function rebuildSqlite(db: Kysely<any>, check: typeof NEW_TYPES): Promise<void> {
  await db.schema
    .createTable('sections_rebuilt')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(check))
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('paragraph', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addUniqueConstraint('sections_post_position', ['post_id', 'position'])
    .execute();
  await sql`insert into sections_rebuilt (id, post_id, position, type, icon, title, paragraph, content)
    select id, post_id, position, type, icon, title, paragraph, content from sections`.execute(db);
  // AUTOINCREMENT never hands out an id again, and a restored revision brings its sections back with their ids: the
  // new table continues the old one's counter, not its highest surviving id.
  await sql`update sqlite_sequence set seq = max(seq, coalesce((select seq from sqlite_sequence where name = 'sections'), 0))
    where name = 'sections_rebuilt'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq) select 'sections_rebuilt', seq from sqlite_sequence
    where name = 'sections' and not exists (select 1 from sqlite_sequence where name = 'sections_rebuilt')`.execute(db);
  await db.schema.dropTable('sections').execute();
  await db.schema.alterTable('sections_rebuilt').renameTo('sections').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see typeChecks
async function swapPostgres(db: Kysely<any>, check: typeof NEW_TYPES): Promise<void> {
  for (const name of await typeChecks(db)) await db.schema.alterTable('sections').dropConstraint(name).execute();
  await db.schema.alterTable('sections').addCheckConstraint('sections_type_check', check).execute();
}

export function sectionTypes(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see typeChecks
    async up(db: Kysely<any>) {
      await (dialect === 'postgres' ? swapPostgres(db, NEW_TYPES) : rebuildSqlite(db, NEW_TYPES));
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see typeChecks
    async down(db: Kysely<any>) {
      // The old check refuses the new types: their rows go first.
      await db.deleteFrom('sections').where('type', 'in', ['image', 'quote', 'video']).execute();
      await (dialect === 'postgres' ? swapPostgres(db, OLD_TYPES) : rebuildSqlite(db, OLD_TYPES));
    },
  };
}
