// Names are one line: rows stored before the API refused a tab, carriage return or line feed in a name (or a team, a
// score, the clock) get a space in its place, and names an account took from a long email are cut to a name's 100
// characters, so every archive of them imports, as the import holds them to the API's rule. Frozen once landed.
import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/** Each single-line column: the account's name and title, a key's name, the names copied from them, the score line. */
const NAME_COLUMNS: readonly (readonly [string, string])[] = [
  ['accounts', 'name'],
  ['accounts', 'title'],
  ['api_keys', 'name'],
  ['post_revisions', 'saved_by'],
  ['live_entries', 'author_name'],
  ['post_reviews', 'submitted_by'],
  ['review_steps', 'by_name'],
  ['editorial_notes', 'author_name'],
  ['live_coverage', 'home'],
  ['live_coverage', 'away'],
  ['live_coverage', 'home_score'],
  ['live_coverage', 'away_score'],
  ['live_coverage', 'clock'],
];

/** The columns holding an account's or a key's name: the names copied from an account included. */
const PERSON_COLUMNS = NAME_COLUMNS.filter(([table, column]) => table !== 'live_coverage' && column !== 'title');

/** The same on both databases (replace() and bound parameters); it takes the dialect as every migration does. */
export function singleLineNames(_dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      for (const [table, column] of NAME_COLUMNS) {
        const ref = sql.ref(column);
        // A CRLF is one break, so one space.
        await sql`update ${sql.table(table)}
          set ${ref} = replace(replace(replace(replace(${ref}, ${'\r\n'}, ' '), ${'\r'}, ' '), ${'\n'}, ' '), ${'\t'}, ' ')
          where ${ref} like ${'%\t%'} or ${ref} like ${'%\r%'} or ${ref} like ${'%\n%'}`.execute(db);
      }
      // An account given no name was named after its email, which may be longer than a name (100 characters).
      for (const [table, column] of PERSON_COLUMNS) {
        const ref = sql.ref(column);
        await sql`update ${sql.table(table)} set ${ref} = substr(${ref}, 1, 100) where length(${ref}) > 100`.execute(
          db,
        );
      }
    },

    // Nothing to undo: a space reads as the break did, a shorter name is still a name, and the old rules accept both.
    async down() {},
  };
}
