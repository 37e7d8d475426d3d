// The desk: review submissions and their steps, editorial notes, notifications, the mail outbox, and an author
// profile (title, photo) on accounts. posts.status keeps its CHECK (published|draft): a post in review is stored as a
// draft with an open post_reviews row, so it is never public by construction, and posts is not rebuilt (on SQLite a
// rebuild would cascade-delete its sections, products and revisions). Frozen once landed.
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function desk(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      const key = (c: ColumnDefinitionBuilder) =>
        dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
      const post = (c: ColumnDefinitionBuilder) => c.notNull().references('posts.id').onDelete('cascade');
      const account = (c: ColumnDefinitionBuilder) => c.references('accounts.id').onDelete('set null');

      // ADD COLUMN with a default rewrites nothing on either database.
      await db.schema
        .alterTable('accounts')
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('accounts')
        .addColumn('photo', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      // The open submission of a post (at most one): its presence is what makes a stored draft read as 'review'.
      await db.schema
        .createTable('post_reviews')
        .addColumn('post_id', 'integer', (c) => post(c).primaryKey())
        .addColumn('submitted_at', timestamp, (c) => c.notNull())
        .addColumn('submitted_by_account_id', 'integer', account)
        .addColumn('submitted_by', 'text', (c) => c.notNull())
        // the revision holding the version submitted, for the word diff against the post as it is now
        .addColumn('revision_id', 'integer')
        .execute();

      await db.schema
        .createTable('review_steps')
        .addColumn('id', 'integer', key)
        .addColumn('post_id', 'integer', post)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('by_account_id', 'integer', account)
        .addColumn('by_name', 'text', (c) => c.notNull())
        .addColumn('at', timestamp, (c) => c.notNull())
        .addColumn('note', 'text')
        .execute();
      await db.schema.createIndex('review_steps_post').on('review_steps').column('post_id').execute();

      await db.schema
        .createTable('editorial_notes')
        .addColumn('id', 'integer', key)
        .addColumn('post_id', 'integer', post)
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('author_account_id', 'integer', account)
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('resolved_at', timestamp)
        .execute();
      await db.schema.createIndex('editorial_notes_post').on('editorial_notes').column('post_id').execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', 'integer', key)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('post_id', 'integer', post)
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('read_at', timestamp)
        .execute();
      await db.schema.createIndex('notifications_account').on('notifications').columns(['account_id', 'id']).execute();

      // Mail to send after the change that caused it commits. Times in epoch milliseconds, so both databases do the
      // same arithmetic. claimed_until: a sender's lease; body is emptied once the message is sent or given up.
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'integer', key)
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_until', 'bigint')
        .addColumn('sent_at', 'bigint')
        .addColumn('failed_at', 'bigint')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('mail_outbox_due')
        .on('mail_outbox')
        .columns(['sent_at', 'next_attempt_at'])
        .execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      for (const table of ['mail_outbox', 'notifications', 'editorial_notes', 'review_steps', 'post_reviews'])
        await db.schema.dropTable(table).execute();
      await db.schema.alterTable('accounts').dropColumn('photo').execute();
      await db.schema.alterTable('accounts').dropColumn('title').execute();
    },
  };
}
