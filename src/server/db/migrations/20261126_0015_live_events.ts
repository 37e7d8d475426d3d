// The live stream's event log: each change a reader of a live post must see, numbered per post (seq), so a reader
// that reconnects is replayed exactly what it missed. Frozen once landed: add a new file to change the schema.
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function liveEvents(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      const key = (c: ColumnDefinitionBuilder) =>
        dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

      // One row per post with events: its last seq. A writer takes the next seq by updating this row, which holds the
      // row's lock until the write commits, so seq N+1 of a post is never handed out while N is still uncommitted.
      await db.schema
        .createTable('live_event_counters')
        .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .execute();

      // id orders every event of the database: on SQLite (writes serialized) it is also commit order, which is what
      // a process polling for rows newer than the last it saw needs.
      await db.schema
        .createTable('live_events')
        .addColumn('id', 'integer', key)
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        // JSON text on both databases: sent as it is stored.
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addUniqueConstraint('live_events_post_seq', ['post_id', 'seq'])
        .execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('live_events').execute();
      await db.schema.dropTable('live_event_counters').execute();
    },
  };
}
