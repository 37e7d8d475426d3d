// Guess counters shared by every process on one database (sign-in, codes, API tokens), and single-use password reset
// links. Frozen once landed: add a new file to change the schema.
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function signInAttempts(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      const key = (c: ColumnDefinitionBuilder) =>
        dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

      // One row per counter (what is counted and whose, e.g. an address or an account-and-address pair), in a fixed
      // window that starts with its first attempt. Epoch milliseconds, so both databases do the same arithmetic.
      await db.schema
        .createTable('sign_in_attempts')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_attempts_window').on('sign_in_attempts').column('window_ends_at').execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', 'integer', key)
        // sha256 (hex) of the link's code: a stolen database copy holds no usable link.
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('password_resets_account').on('password_resets').column('account_id').execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('password_resets').execute();
      await db.schema.dropTable('sign_in_attempts').execute();
    },
  };
}
