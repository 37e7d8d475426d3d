// The header image's alt text: what the photo shows, for readers who cannot see it. Existing posts get '' (their
// image stays decorative, alt=""). Frozen once landed.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/** The same on both databases; it takes the dialect as every migration does. */
export function headerImageAlt(_dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('posts')
        .addColumn('image_alt', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.alterTable('posts').dropColumn('image_alt').execute();
    },
  };
}
