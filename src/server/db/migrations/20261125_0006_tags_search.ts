// Tags (a post's tags in order, the first its primary tag) and each database's full-text index of posts, filled here
// for the posts that exist already. Frozen once landed: the index is filled by the copy below of what the search index
// did when this landed, so later changes to src/server/search cannot change what this migration does.
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

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
      await fillSearchIndex(db, dialect);
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

// The index as this migration fills it: a frozen copy of search/searchIndex.ts's rebuild, on the untyped database.

/** Indexed characters of one post at most: a tsvector must stay under 1 MB, and no real article comes near. */
const BODY_INDEX_MAX = 200_000;
const REBUILD_BATCH = 500;

const clean = (text: string) => text.replaceAll('<mark>', ' ').replaceAll('</mark>', ' ');
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

type IndexedText = { title: string; body: string };
type SectionContent = string[] | { heading: string; list: string[] }[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function indexedTexts(db: Kysely<any>, ids: number[]): Promise<Map<number, IndexedText>> {
  const [posts, sections, products, tags] = await Promise.all([
    db.selectFrom('posts').select(['id', 'title', 'author_name']).where('id', 'in', ids).execute(),
    db
      .selectFrom('sections')
      .select(['post_id', 'title', 'paragraph', 'content'])
      .where('post_id', 'in', ids)
      .orderBy('post_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('products')
      .select(['post_id', 'title', 'description'])
      .where('post_id', 'in', ids)
      .orderBy('post_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('post_tags')
      .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
      .select(['post_tags.post_id', 'tags.name'])
      .where('post_tags.post_id', 'in', ids)
      .orderBy('post_tags.post_id')
      .orderBy('post_tags.position')
      .execute(),
  ]);
  const parts = new Map<number, string[]>(posts.map((post) => [post.id as number, []]));
  for (const section of sections) {
    const out = parts.get(section.post_id);
    if (!out) continue;
    out.push(section.title, section.paragraph);
    for (const entry of json(section.content) as SectionContent) {
      if (typeof entry === 'string') out.push(entry);
      else out.push(entry.heading, ...entry.list);
    }
  }
  for (const product of products) parts.get(product.post_id)?.push(product.title, product.description);
  for (const tag of tags) parts.get(tag.post_id)?.push(tag.name);
  const texts = new Map<number, IndexedText>();
  for (const post of posts) {
    const body = [...(parts.get(post.id) ?? []), post.author_name as string]
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .join('\n');
    texts.set(post.id, { title: clean(post.title), body: clean(body).slice(0, BODY_INDEX_MAX) });
  }
  return texts;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function indexPosts(db: Kysely<any>, dialect: Dialect, ids: number[]): Promise<void> {
  const texts = await indexedTexts(db, ids);
  if (dialect === 'postgres') {
    await db.deleteFrom('post_search').where('post_id', 'in', ids).execute();
    for (const [id, { title, body }] of texts) {
      await sql`insert into post_search (post_id, title, body, title_vector, document) values (${id}, ${title}, ${body},
        to_tsvector('touchline_search', ${title}),
        setweight(to_tsvector('touchline_search', ${title}), 'A') || setweight(to_tsvector('touchline_search', ${body}), 'B'))`.execute(
        db,
      );
    }
    return;
  }
  await db.deleteFrom('post_search').where('rowid', 'in', ids).execute();
  for (const [id, { title, body }] of texts) {
    await db.insertInto('post_search').values({ rowid: id, title, body }).execute();
  }
}

/** Indexes every post out of the trash, in batches, then compacts (SQLite) or analyses (PostgreSQL) the index. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function fillSearchIndex(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.deleteFrom('post_search').execute();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('posts')
      .select('id')
      .where('id', '>', after)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(REBUILD_BATCH)
      .execute();
    if (rows.length === 0) break;
    await indexPosts(
      db,
      dialect,
      rows.map((row) => row.id as number),
    );
    after = rows[rows.length - 1]!.id as number;
  }
  if (dialect === 'sqlite') await sql`insert into post_search (post_search) values ('optimize')`.execute(db);
  else await sql`analyze post_search`.execute(db);
}
