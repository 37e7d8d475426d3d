// The outbox sender's claim walks unsent rows by id. SQLite, with no statistics, picked the older (sent_at,
// next_attempt_at) index for it over mail_outbox_unsent (the id alone) and sorted every unsent row per claim (34 ms
// with a 100,000-member newsletter waiting, on the one event loop). On SQLite this index, which matches the claim
// whole (both "unsent" equalities, then id in order, the due time and lease in the index), replaces
// mail_outbox_unsent. PostgreSQL already walks mail_outbox_unsent, and does not order by id after an IS NULL
// leading column, so it keeps that one. Frozen once landed: add a new file to change it.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function mailClaimIndex(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') return;
      await db.schema
        .createIndex('mail_outbox_claim')
        .on('mail_outbox')
        .columns(['sent_at', 'failed_at', 'id', 'next_attempt_at', 'claimed_until'])
        .where(sql.ref('sent_at'), 'is', null)
        .where(sql.ref('failed_at'), 'is', null)
        .execute();
      await db.schema.dropIndex('mail_outbox_unsent').execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      if (dialect === 'postgres') return;
      await db.schema
        .createIndex('mail_outbox_unsent')
        .on('mail_outbox')
        .column('id')
        .where(sql.ref('sent_at'), 'is', null)
        .where(sql.ref('failed_at'), 'is', null)
        .execute();
      await db.schema.dropIndex('mail_outbox_claim').execute();
    },
  };
}
