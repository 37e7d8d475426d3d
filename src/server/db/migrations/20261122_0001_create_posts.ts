// Posts with their sections and products, and uploaded images. Frozen once landed: add a new file to change the schema.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

export function createPosts(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      const id = (name: string) =>
        db.schema
          .createTable(name)
          .addColumn('id', 'integer', (c) =>
            dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
          );
      const text = 'text';
      const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
      const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';

      await id('posts')
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('icon', text, (c) => c.notNull())
        .addColumn('author_name', text, (c) => c.notNull())
        .addColumn('author_title', text, (c) => c.notNull())
        .addColumn('author_image', text, (c) => c.notNull())
        .addColumn('publish_date', text, (c) => c.notNull())
        .addColumn('read_time', text, (c) => c.notNull())
        .addColumn('image_url', text, (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();

      await id('sections')
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('type', text, (c) => c.notNull().check(sql`type in ('single-paragraph', 'two-column')`))
        .addColumn('icon', text, (c) => c.notNull())
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('paragraph', text, (c) => c.notNull())
        .addColumn('content', dialect === 'postgres' ? 'jsonb' : 'text', (c) => c.notNull())
        .addUniqueConstraint('sections_post_position', ['post_id', 'position'])
        .execute();

      await id('products')
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('description', text, (c) => c.notNull())
        .addColumn('price', text, (c) => c.notNull())
        .addColumn('image_url', text, (c) => c.notNull())
        .addColumn('amazon_url', text, (c) => c.notNull())
        .addUniqueConstraint('products_post_position', ['post_id', 'position'])
        .execute();

      await db.schema
        .createTable('uploads')
        .addColumn('name', text, (c) => c.primaryKey())
        .addColumn('content_type', text, (c) => c.notNull())
        .addColumn('byte_size', 'integer', (c) => c.notNull())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      for (const table of ['uploads', 'products', 'sections', 'posts']) await db.schema.dropTable(table).execute();
    },
  };
}
