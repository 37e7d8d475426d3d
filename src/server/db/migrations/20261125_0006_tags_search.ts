// Tags (issue 23: a post's tags in order, the first its primary tag) and each database's full-text index of posts,
// filled here for the posts that exist already. Frozen once landed.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { rebuildSearchIndexWith } from '../../search/searchIndex';

export function tagsSearch(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and must not follow the live Database type
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('tags')
        .addColumn('id', 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
        )
        // lowercase a-z, 0-9 and single dashes: the tag's identity (names equal but for case or accents share it)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        // the spelling the tag was first written with
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('post_tags')
        .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
        // 0 is the primary tag
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'tag_id'])
        .execute();
      // A tag's posts, newest first (tag pages, feeds, ?tag=, related stories).
      await db.schema.createIndex('post_tags_by_tag').on('post_tags').columns(['tag_id', 'post_id']).execute();

      if (dialect === 'postgres') {
        // unaccent is a trusted extension (PostgreSQL 13+): a database owner may create it. As a dictionary before the
        // English stemmer in a configuration of our own, it removes accents from documents and queries alike, and
        // ts_headline still shows the text as written.
        await sql`create extension if not exists unaccent`.execute(db);
        await sql`create text search configuration touchline_search (copy = pg_catalog.english)`.execute(db);
        await sql`alter text search configuration touchline_search
          alter mapping for hword, hword_part, word with unaccent, english_stem`.execute(db);
        await db.schema
          .createTable('post_search')
          .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          // the title alone (a post whose title matches ranks first) and title + body (what a query must match)
          .addColumn('title_vector', sql`tsvector`, (c) => c.notNull())
          .addColumn('document', sql`tsvector`, (c) => c.notNull())
          .execute();
        await sql`create index post_search_document on post_search using gin (document)`.execute(db);
      } else {
        // FTS5 over title and body, rowid = post id. unicode61 with remove_diacritics 2 folds accents (also combining
        // ones); porter stems English words, in documents and queries alike.
        await sql`create virtual table post_search using fts5(title, body,
          tokenize = 'porter unicode61 remove_diacritics 2')`.execute(db);
      }
      await rebuildSearchIndexWith(db, dialect);
    },

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
    async down(db: Kysely<any>) {
      await db.schema.dropTable('post_search').execute();
      if (dialect === 'postgres') await sql`drop text search configuration touchline_search`.execute(db);
      await db.schema.dropTable('post_tags').execute();
      await db.schema.dropTable('tags').execute();
    },
  };
}
