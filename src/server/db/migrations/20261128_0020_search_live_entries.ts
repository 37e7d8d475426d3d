// Search finds the words of a post's live entries: from now on the index holds them at the end of the post's body
// (search/searchIndex.ts re-indexes a post on each entry's write). This appends the entries of existing posts to their
// index rows, oldest first, as that code does. The entries go in as written (a frozen migration cannot read their
// marks): a post's next write indexes them as plain text. Frozen once landed.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/** The indexed characters of one post's body at most, as in the index code when this landed. */
const BODY_INDEX_MAX = 200_000;

const clean = (text: string) => text.replaceAll('<mark>', ' ').replaceAll('</mark>', ' ').trim();

export function searchLiveEntries(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const entries = await db
        .selectFrom('live_entries')
        .select(['post_id', 'body'])
        .orderBy('post_id')
        .orderBy('id')
        .execute();
      const byPost = new Map<number, string[]>();
      for (const entry of entries) {
        const postId = Number(entry.post_id);
        const text = clean(String(entry.body));
        if (text === '') continue;
        byPost.set(postId, [...(byPost.get(postId) ?? []), text]);
      }
      const key = dialect === 'postgres' ? 'post_id' : 'rowid';
      for (const [postId, texts] of byPost) {
        // A post without an index row (in the trash) stays without one.
        const row = await db.selectFrom('post_search').select(['body']).where(key, '=', postId).executeTakeFirst();
        if (row === undefined) continue;
        const stored = String(row.body ?? '');
        const body = [stored, ...texts]
          .filter((part) => part !== '')
          .join('\n')
          .slice(0, BODY_INDEX_MAX);
        if (dialect === 'postgres')
          await sql`update post_search set body = ${body},
            document = setweight(to_tsvector('touchline_search', title), 'A') || setweight(to_tsvector('touchline_search', ${body}), 'B')
            where post_id = ${postId}`.execute(db);
        else await db.updateTable('post_search').set({ body }).where('rowid', '=', postId).execute();
      }
    },

    // The entries' words stay in the index until each post's next write: harmless, and a rebuild removes them.
    async down() {},
  };
}
