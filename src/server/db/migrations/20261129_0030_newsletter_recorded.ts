// The newsletter dispatcher looks, after every write and every few seconds, for posts that became public and have no
// dispatch row yet, and for a dispatch still queuing. Both read every row: an anti-join over every post (about 1 ms
// per 1,500 posts on SQLite, on the request thread, inside each publish), and every dispatch. posts.newsletter_recorded
// says a post has its dispatch row, and two partial indexes hold the posts that have not (drafts, scheduled and new
// posts) and the dispatches still queuing: each look reads one of them only. The dispatch row stays the truth
// (newsletters/newsletterRepository.ts): a post whose column is 0 when its row exists is only looked at once more.
// Frozen once landed: add a new file to change it.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

export function newsletterRecorded(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('posts')
        .addColumn('newsletter_recorded', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db
        .updateTable('posts')
        .set({ newsletter_recorded: 1 })
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('newsletter_dispatches')
              .select('newsletter_dispatches.post_id')
              .whereRef('newsletter_dispatches.post_id', '=', 'posts.id'),
          ),
        )
        .execute();
      await db.schema
        .createIndex('posts_newsletter_unrecorded')
        .on('posts')
        // The look's own terms, so SQLite (which has no statistics here) prefers it to posts_deleted_at.
        .columns(['deleted_at', 'status', 'publish_at'])
        .where(sql.ref('newsletter_recorded'), '=', 0)
        .execute();
      // The dispatches still queuing, which the dispatcher's claim looks for as often: not one row per public post.
      await db.schema
        .createIndex('newsletter_dispatches_queuing')
        .on('newsletter_dispatches')
        .column('post_id')
        .where(sql.ref('state'), '=', 'queuing')
        .execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('newsletter_dispatches_queuing').execute();
      await db.schema.dropIndex('posts_newsletter_unrecorded').execute();
      await db.schema.alterTable('posts').dropColumn('newsletter_recorded').execute();
    },
  };
}
