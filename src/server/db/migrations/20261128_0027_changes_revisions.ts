// A request for changes keeps the revision holding the post as it was then, so a post submitted again shows what the
// writer changed since the request (not since the new submission, which is the post itself). Older steps have none.
// Frozen once landed.
import type { Kysely, Migration } from 'kysely';

export function changesRevisions(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      // the revision stored by a request for changes (the version it sent back); null for every other step
      await db.schema.alterTable('review_steps').addColumn('revision_id', 'integer').execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async down(db: Kysely<any>) {
      await db.schema.alterTable('review_steps').dropColumn('revision_id').execute();
    },
  };
}
