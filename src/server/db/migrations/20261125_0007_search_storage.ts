// PostgreSQL's search index, made faster to read. Search reads the posts whose title matches first: that
// group comes from a GIN index on the title's tsvector. And a document vector is kept in its row: a phrase ("marathon
// record") or a common word is checked row by row, and each vector was fetched from the TOAST table (35 ms over 10,000
// posts, 5 in the row). STORAGE MAIN moves the body text (read for a page's 20 snippets only) out of the row first; a
// vector is compressed in its row only when the row would still pass about 2 KB (a long post), with lz4 where the
// server has it (several times faster to decompress than pglz). SQLite's FTS5 table needs none of this. Frozen once
// landed.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function searchStorage(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`alter table post_search alter column document set storage main`.execute(db);
      const lz4 = await sql<{ lz4: boolean }>`select 'lz4' = any(enumvals) as lz4 from pg_settings
        where name = 'default_toast_compression'`.execute(db);
      if (lz4.rows[0]?.lz4) await sql`alter table post_search alter column document set compression lz4`.execute(db);
      // Existing vectors written again: concatenation always builds a new value, stored the new way (an unchanged
      // value would keep its old TOAST pointer). Before the index, so the update does not maintain it too.
      await sql`update post_search set document = document || ''::tsvector`.execute(db);
      await sql`create index post_search_title_vector on post_search using gin (title_vector)`.execute(db);
      // Fresh statistics of both tsvector columns: the planner chooses between an index and a walk by id with them.
      await sql`analyze post_search`.execute(db);
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`alter table post_search alter column document set storage extended`.execute(db);
      await sql`alter table post_search alter column document set compression default`.execute(db);
      await sql`drop index post_search_title_vector`.execute(db);
    },
  };
}
