// Staff accounts, their sessions, API keys and invitations, and who created and last changed each post.
// Frozen once landed: add a new file to change the schema.
import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function accounts(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      const key = (c: ColumnDefinitionBuilder) =>
        dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

      await db.schema
        .createTable('accounts')
        .addColumn('id', 'integer', key)
        // Stored lower-cased (the application normalizes), so the unique constraint compares case-insensitively.
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('contributor', 'author', 'editor', 'owner')`))
        // An argon2id PHC string (algorithm, cost and salt included).
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        // sha256 (hex) of the random id in the cookie: a stolen database copy holds no usable session.
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('last_used_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'integer', key)
        .addColumn('name', 'text', (c) => c.notNull())
        // sha256 (hex) of the key: shown once, never stored.
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('invitations')
        .addColumn('id', 'integer', key)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        // null: the one-time setup link of the first owner, valid only while no account exists.
        .addColumn('email', 'text')
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('contributor', 'author', 'editor', 'owner')`))
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();

      // Nullable: posts written before accounts, or through a key, name no account. A removed account's posts stay.
      for (const column of ['created_by', 'updated_by']) {
        await db.schema
          .alterTable('posts')
          .addColumn(column, 'integer', (c) => c.references('accounts.id').onDelete('set null'))
          .execute();
      }
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      for (const column of ['updated_by', 'created_by']) {
        await db.schema.alterTable('posts').dropColumn(column).execute();
      }
      for (const table of ['invitations', 'api_keys', 'sessions', 'accounts'])
        await db.schema.dropTable(table).execute();
    },
  };
}
