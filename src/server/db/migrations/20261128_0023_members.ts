// Members: readers with an email address who follow every story or some tags, their single-use link tokens and their
// sessions (separate from staff sessions). Their mail limits are counters in sign_in_attempts. Frozen once landed:
// add a new file to change the schema.
import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function members(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      const key = (c: ColumnDefinitionBuilder) =>
        dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
      const member = (c: ColumnDefinitionBuilder) => c.notNull().references('members.id').onDelete('cascade');

      await db.schema
        .createTable('members')
        .addColumn('id', 'integer', key)
        // Stored lower-cased (the application normalizes), so the unique constraint compares case-insensitively.
        .addColumn('email', 'text', (c) => c.notNull().unique())
        // '' when the reader gave none.
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'active', 'unsubscribed', 'bounced')`),
        )
        // 1: every published story; 0: only the tags in member_tags.
        .addColumn('all_posts', 'integer', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('confirmed_at', timestamp)
        // 1: mail the member replies to their comments.
        .addColumn('reply_mail', 'integer', (c) => c.notNull().defaultTo(1))
        // Set when the member may no longer comment.
        .addColumn('banned_at', timestamp)
        .execute();
      await db.schema.createIndex('members_status').on('members').columns(['status', 'id']).execute();

      // The tags a member follows, by slug: a tag not yet used by any post can be followed too.
      await db.schema
        .createTable('member_tags')
        .addColumn('member_id', 'integer', member)
        .addColumn('tag', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('member_tags_pk', ['member_id', 'tag'])
        .execute();
      await db.schema.createIndex('member_tags_tag').on('member_tags').columns(['tag', 'member_id']).execute();

      // The links mailed to a member: sha256 (hex) of the token, so a stolen database copy holds no usable link.
      await db.schema
        .createTable('member_tokens')
        .addColumn('id', 'integer', key)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('member_id', 'integer', member)
        .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('confirm', 'signin', 'unsubscribe')`))
        // null: never expires.
        .addColumn('expires_at', timestamp)
        .addColumn('used_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('member_tokens_member').on('member_tokens').column('member_id').execute();

      // sha256 (hex) of the random id in the member's cookie, like staff sessions.
      await db.schema
        .createTable('member_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'integer', member)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('last_used_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('member_sessions_member').on('member_sessions').column('member_id').execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      for (const table of ['member_sessions', 'member_tokens', 'member_tags', 'members'])
        await db.schema.dropTable(table).execute();
    },
  };
}
