// PostgreSQL's search index, made faster to read (issue 23). Search reads the posts whose title matches first: that
// group comes from a GIN index on the title's tsvector. And a document vector is kept in its row, not compressed into
// the TOAST table: a phrase ("marathon record") or a common word is checked row by row, and fetching and decompressing
// each vector cost 35 ms over 10,000 posts where reading it in place costs 5 (the body text, needed only for the 20
// snippets of a page, goes out of the row instead). SQLite's FTS5 table needs neither. Frozen once landed.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function searchStorage(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`create index post_search_title_vector on post_search using gin (title_vector)`.execute(db);
      // MAIN: compressed or moved out only when nothing else makes the row fit. Existing vectors are written again
      // (a new value, so it is stored the new way).
      await sql`alter table post_search alter column document set storage main`.execute(db);
      await sql`update post_search set document = document || ''::tsvector`.execute(db);
      // Fresh statistics of both tsvector columns: the planner chooses between an index and a walk by id with them.
      await sql`analyze post_search`.execute(db);
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`alter table post_search alter column document set storage extended`.execute(db);
      await sql`drop index post_search_title_vector`.execute(db);
    },
  };
}
