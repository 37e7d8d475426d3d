// Two small additions. A request for changes keeps the revision holding the post as it was then, so a post submitted
// again shows what the writer changed since the request (older steps have none). And an account that never gave a
// name (its name is empty or its email's local part, which bylines showed) is asked for one at its next sign-in: the
// flag says so until the person saves a name or declines. Frozen once landed.
import type { Kysely, Migration } from 'kysely';

/** A name's length when this landed, and how an account given no name was named: its email's local part, cut. */
const NAME_MAX = 100;
function nameFromEmail(email: string): string {
  const cut = (email.split('@')[0] ?? '').slice(0, NAME_MAX);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

export function changesAndNames(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      // the revision stored by a request for changes (the version it sent back); null for every other step
      await db.schema.alterTable('review_steps').addColumn('revision_id', 'integer').execute();

      // 1: ask this account for its name at its next sign-in; 0: never (a name given, or the question answered)
      await db.schema
        .alterTable('accounts')
        .addColumn('ask_name', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      const accounts = await db.selectFrom('accounts').select(['id', 'email', 'name']).execute();
      const nameless = accounts
        .filter((row) => {
          const name = String(row.name).trim();
          return name === '' || name === nameFromEmail(String(row.email));
        })
        .map((row) => Number(row.id));
      if (nameless.length > 0)
        await db.updateTable('accounts').set({ ask_name: 1 }).where('id', 'in', nameless).execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async down(db: Kysely<any>) {
      await db.schema.alterTable('accounts').dropColumn('ask_name').execute();
      await db.schema.alterTable('review_steps').dropColumn('revision_id').execute();
    },
  };
}
