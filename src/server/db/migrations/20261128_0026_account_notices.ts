// Notifications about a person's own account (a passkey added, the authenticator app turned off, a recovery code
// used) sit in the one inbox beside the desk's: notifications.post_id may be null. PostgreSQL drops the NOT NULL in
// place; SQLite cannot, so the table is rebuilt with every row, its id sequence and its index. Frozen once landed.
import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
async function rebuildOnSqlite(db: Kysely<any>, postId: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) {
  await db.schema
    .createTable('notifications_rebuilt')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => postId(c.references('posts.id').onDelete('cascade')))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  const columns = sql.raw('id, account_id, kind, post_id, actor_name, text, created_at, read_at');
  await sql`insert into notifications_rebuilt (${columns}) select ${columns} from notifications`.execute(db);
  // The next id continues after the highest ever given, as before: a deleted notification's id is not given again.
  await sql`delete from sqlite_sequence where name = 'notifications_rebuilt'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq)
    select 'notifications_rebuilt', seq from sqlite_sequence where name = 'notifications'`.execute(db);
  await db.schema.dropTable('notifications').execute();
  await db.schema.alterTable('notifications_rebuilt').renameTo('notifications').execute();
  await db.schema.createIndex('notifications_account').on('notifications').columns(['account_id', 'id']).execute();
}

export function accountNotices(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see rebuildOnSqlite
    async up(db: Kysely<any>) {
      if (dialect === 'postgres')
        await db.schema
          .alterTable('notifications')
          .alterColumn('post_id', (c) => c.dropNotNull())
          .execute();
      else await rebuildOnSqlite(db, (c) => c);
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see rebuildOnSqlite
    async down(db: Kysely<any>) {
      // The release before has no place for a notice without a post.
      await db.deleteFrom('notifications').where('post_id', 'is', null).execute();
      if (dialect === 'postgres')
        await db.schema
          .alterTable('notifications')
          .alterColumn('post_id', (c) => c.setNotNull())
          .execute();
      else await rebuildOnSqlite(db, (c) => c.notNull());
    },
  };
}
