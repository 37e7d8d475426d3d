// Members' comments: the comments themselves, one report per member and comment, a post's own "closed" switch, the
// member's one-click "stop reply emails" token, and the headers a mail carries (the RFC 8058 one-click pair). The
// comment settings live in site_settings. Frozen once landed: add a new file to change the schema.
import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function comments(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      const key = (c: ColumnDefinitionBuilder) =>
        dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

      // 1: an editor closed the post's comments (they also close by themselves N days after publishing).
      await db.schema
        .alterTable('posts')
        .addColumn('comments_closed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('comments')
        .addColumn('id', 'integer', key)
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        // null once the member is erased: a comment with replies keeps its place as "Comment deleted".
        .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
        // A top-level comment's id: replies are one level deep.
        .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
        // Plain text as the member typed it ('' once deleted); links are made only when it is shown.
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'deleted')`))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('edited_at', timestamp)
        .addColumn('approved_at', timestamp)
        // 1 once the reply mail to the parent's author was queued: it goes once.
        .addColumn('reply_mailed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('comments_post').on('comments').columns(['post_id', 'status', 'id']).execute();
      await db.schema.createIndex('comments_member').on('comments').columns(['member_id', 'id']).execute();
      await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();
      await db.schema.createIndex('comments_status').on('comments').columns(['status', 'id']).execute();

      // One report per member and comment; a moderator's approval clears them.
      await db.schema
        .createTable('comment_reports')
        .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('comment_reports_pk', ['comment_id', 'member_id'])
        .execute();

      // sha256 (hex) of the token in a reply mail's "Stop reply emails" link: one per member, never expiring.
      await db.schema
        .createTable('comment_mail_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'integer', (c) => c.notNull().unique().references('members.id').onDelete('cascade'))
        .execute();

      // JSON object of extra headers (List-Unsubscribe and List-Unsubscribe-Post); null for most mail.
      await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.alterTable('mail_outbox').dropColumn('headers').execute();
      for (const table of ['comment_mail_tokens', 'comment_reports', 'comments'])
        await db.schema.dropTable(table).execute();
      await db.schema.alterTable('posts').dropColumn('comments_closed').execute();
    },
  };
}
