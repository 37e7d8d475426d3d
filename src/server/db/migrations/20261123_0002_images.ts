// Image processing: what the server knows of each upload once it is cleaned, and its responsive variants.
// Frozen once landed: add a new file to change the schema.
//
// Rows that exist before this migration hold the bytes exactly as uploaded (possibly with EXIF, GPS included). They
// get state 'pending' and are cleaned in place, lazily on first request or by the background backfill, never here:
// a migration that decoded every photo would hold up start-up for minutes on a large blog.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function addImages(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';

      // 'pending': raw bytes as uploaded; 'ready': data is the cleaned image and the facts below are set;
      // 'failed': the bytes cannot be decoded (or are a decompression bomb) and are never served.
      await db.schema
        .alterTable('uploads')
        .addColumn('state', 'text', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`state in ('pending', 'ready', 'failed')`),
        )
        .execute();
      for (const column of ['width', 'height']) {
        await db.schema.alterTable('uploads').addColumn(column, 'integer').execute();
      }
      // Comma-separated ascending widths ("64,128,320"), the modern formats ("webp") and the fallback ('jpg' | 'png').
      for (const column of ['widths', 'formats', 'fallback']) {
        await db.schema.alterTable('uploads').addColumn(column, 'text').execute();
      }
      await db.schema.createIndex('uploads_pending').on('uploads').column('state').execute();

      await db.schema
        .createTable('image_variants')
        // the sha256 of the uploaded bytes: the first 64 characters of uploads.name
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('byte_size', 'integer', (c) => c.notNull())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('image_variants_pk', ['hash', 'width', 'format'])
        .execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('image_variants').execute();
      await db.schema.dropIndex('uploads_pending').execute();
      for (const column of ['fallback', 'formats', 'widths', 'height', 'width', 'state']) {
        await db.schema.alterTable('uploads').dropColumn(column).execute();
      }
    },
  };
}
