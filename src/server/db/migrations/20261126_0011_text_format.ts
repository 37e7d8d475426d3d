// How a post's text is written: 'plain' (as typed) or 'marks' (bold, italic, links). Every existing post is 'plain',
// so it renders exactly as before. Frozen once landed.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/** The same on both databases; it takes the dialect as every migration does. */
export function textFormat(_dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('posts')
        .addColumn('text_format', 'text', (c) =>
          c
            .notNull()
            .defaultTo('plain')
            .check(sql`text_format in ('plain', 'marks')`),
        )
        .execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.alterTable('posts').dropColumn('text_format').execute();
    },
  };
}
