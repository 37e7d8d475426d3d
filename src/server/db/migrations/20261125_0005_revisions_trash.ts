// Revisions and the trash: every version a change replaced, and a deletion time instead of a deletion.
// Frozen once landed. Existing posts start with no history and out of the trash.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function revisionsTrash(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      // null: not in the trash. Every read but the trash's own list treats a post with a deletion time as gone.
      await db.schema.alterTable('posts').addColumn('deleted_at', timestamp).execute();
      await db.schema.createIndex('posts_deleted_at').on('posts').column('deleted_at').execute();

      await db.schema
        .createTable('post_revisions')
        .addColumn('id', 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
        )
        // A permanent delete takes the post's history with it.
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('saved_at', timestamp, (c) => c.notNull())
        // The account that made the change (no foreign key: accounts may be removed, their history stays), or null
        // for a key; saved_by is the name shown either way.
        .addColumn('saved_by_account_id', 'integer')
        .addColumn('saved_by', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        // The whole version in the read shape (GET /api/blogs/:id), so a restore needs nothing else. Text on both
        // databases, not jsonb: a revision is answered byte for byte as it was read, keys in their order.
        .addColumn('post', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('post_revisions_post').on('post_revisions').columns(['post_id', 'id']).execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('post_revisions').execute();
      await db.schema.dropIndex('posts_deleted_at').execute();
      await db.schema.alterTable('posts').dropColumn('deleted_at').execute();
    },
  };
}
