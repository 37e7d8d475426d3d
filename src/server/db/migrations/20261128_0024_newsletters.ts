// Newsletters: a post says whether it is mailed to members when it first becomes public (posts.newsletter), each post's
// dispatch is one row claimed by one process (newsletter_dispatches), and each outbox row of a newsletter names its
// post and member, unique together, so a member gets a post once. Frozen once landed: add a new file to change it.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function newsletters(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
      // 0 for every existing post: only a post written after this ships is mailed unless an editor says otherwise.
      await db.schema
        .alterTable('posts')
        .addColumn('newsletter', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      // One row per post that became public since (or before) this shipped: its existence is "already dispatched".
      // state: 'queuing' (members being queued, from member_cursor on), 'done', 'off' (public with newsletter 0),
      // 'before' (public before newsletters existed: never mailed).
      await db.schema
        .createTable('newsletter_dispatches')
        .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('member_cursor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('claimed_until', 'bigint')
        .addColumn('queued', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('started_at', timestamp, (c) => c.notNull())
        .addColumn('finished_at', timestamp)
        .execute();
      const now = new Date().toISOString();
      await db
        .insertInto('newsletter_dispatches')
        .columns(['post_id', 'state', 'started_at', 'finished_at'])
        .expression(
          db
            .selectFrom('posts')
            .select((eb) => [
              'id',
              eb.val('before').as('state'),
              eb.val(now).as('started_at'),
              eb.val(now).as('finished_at'),
            ])
            .where('status', '=', 'published')
            .where((eb) => eb.or([eb('publish_at', 'is', null), eb('publish_at', '<=', now)])),
        )
        .execute();

      await db.schema.alterTable('mail_outbox').addColumn('post_id', 'integer').execute();
      await db.schema.alterTable('mail_outbox').addColumn('member_id', 'integer').execute();
      // Rows of other mail have neither (NULLs are distinct on both databases), so only a newsletter is held to one.
      await db.schema
        .createIndex('mail_outbox_newsletter')
        .on('mail_outbox')
        .columns(['post_id', 'member_id'])
        .unique()
        .execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('mail_outbox_newsletter').execute();
      await db.schema.alterTable('mail_outbox').dropColumn('member_id').execute();
      await db.schema.alterTable('mail_outbox').dropColumn('post_id').execute();
      await db.schema.dropTable('newsletter_dispatches').execute();
      await db.schema.alterTable('posts').dropColumn('newsletter').execute();
    },
  };
}
