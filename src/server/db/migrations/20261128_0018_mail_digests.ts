// Mail about one post to one person is gathered into one message per ten minutes (mail/deskMail.ts): an outbox row
// names its topic (`post:<id>`) and keeps the notices it lists, and at most one unsent, unclaimed row per person and
// topic exists, so a new notice is added to it. Frozen once landed: add a new file to change the schema.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

export function mailDigests(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      await db.schema.alterTable('mail_outbox').addColumn('topic', 'text').execute();
      // JSON text on both databases: the notices the message lists.
      await db.schema.alterTable('mail_outbox').addColumn('notices', 'text').execute();
      await db.schema.createIndex('mail_outbox_topic').on('mail_outbox').columns(['to_address', 'topic']).execute();
      // A claim counts an attempt, so a row being sent (or sent) leaves this index and a new pending row may follow.
      await db.schema
        .createIndex('mail_outbox_pending_topic')
        .unique()
        .on('mail_outbox')
        .columns(['to_address', 'topic'])
        .where(sql.ref('topic'), 'is not', null)
        .where(sql.ref('attempts'), '=', 0)
        .execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('mail_outbox_pending_topic').execute();
      await db.schema.dropIndex('mail_outbox_topic').execute();
      await db.schema.alterTable('mail_outbox').dropColumn('notices').execute();
      await db.schema.alterTable('mail_outbox').dropColumn('topic').execute();
    },
  };
}
