// The full-text index of posts: what a post's indexed text is (its live entries included), writing it in the post's
// own transaction (a post's or a live entry's), and
// rebuilding it whole (an import that loaded tables raw; migration 0006 keeps its own frozen copy of this rebuild). SQLite: FTS5; PostgreSQL: tsvector
// columns with a GIN index, in the touchline_search configuration (unaccent, then the English stemmer).
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, Db, Dialect } from '../db/database';
import { plainText } from '../../contract/marksParser';
import type { TextFormat } from '../../contract/marks';
import type { SectionRow } from '../db/database';

/** Indexed characters of one post at most: a tsvector must stay under 1 MB, and no real article comes near. */
const BODY_INDEX_MAX = 200_000;

/** The marks a snippet puts around matched words; removed from indexed text, so only the engine writes them. */
export const MARK_START = '<mark>';
export const MARK_END = '</mark>';

const clean = (text: string) => text.replaceAll(MARK_START, ' ').replaceAll(MARK_END, ' ');

/** The text of one post as the index holds it: the title apart, and everything else a query matches as the body. */
export type IndexedText = { title: string; body: string };

/** Reads the indexed text of these posts (those that exist) from the tables, in one query per table. */
async function indexedTexts(
  db: Kysely<Database>,
  ids: number[],
  withEntries: boolean,
): Promise<Map<number, IndexedText>> {
  if (ids.length === 0) return new Map();
  const [posts, sections, products, tags, entries] = await Promise.all([
    // Every column rather than a list naming text_format: the same rebuild then also runs on a database from before
    // that column (an upgrade test indexes one), where every post is plain.
    db.selectFrom('posts').selectAll().where('id', 'in', ids).execute(),
    db
      .selectFrom('sections')
      .select(['post_id', 'type', 'title', 'paragraph', 'content'])
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
    // Oldest first, after everything else: migration 0020 appended the entries of existing posts in this order.
    withEntries
      ? db
          .selectFrom('live_entries')
          .select(['post_id', 'body'])
          .where('post_id', 'in', ids)
          .orderBy('post_id')
          .orderBy('id')
          .execute()
      : [],
  ]);
  const parts = new Map<number, string[]>(posts.map((post) => [post.id, []]));
  // A post's words as readers see them: marks removed, a link's text kept and its URL dropped (snippets quote this).
  const formats = new Map(posts.map((post) => [post.id, post.text_format as TextFormat | undefined]));
  const plain = (postId: number, text: string) => plainText(text, formats.get(postId));
  for (const section of sections) {
    const out = parts.get(section.post_id);
    if (!out) continue;
    out.push(...sectionWords(section, (text) => plain(section.post_id, text)));
  }
  for (const product of products)
    parts.get(product.post_id)?.push(product.title, plain(product.post_id, product.description));
  for (const tag of tags) parts.get(tag.post_id)?.push(tag.name);
  const entryParts = new Map<number, string[]>();
  for (const entry of entries) {
    const out = entryParts.get(entry.post_id) ?? [];
    out.push(plain(entry.post_id, entry.body));
    entryParts.set(entry.post_id, out);
  }
  const texts = new Map<number, IndexedText>();
  for (const post of posts) {
    const body = [...(parts.get(post.id) ?? []), post.author_name, ...(entryParts.get(post.id) ?? [])]
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .join('\n');
    texts.set(post.id, { title: clean(post.title), body: clean(body).slice(0, BODY_INDEX_MAX) });
  }
  return texts;
}

/** Replaces the index entries of these posts with their text as the tables hold it now (a missing post: none). */
async function reindex(db: Kysely<Database>, dialect: Dialect, ids: number[], withEntries = true): Promise<void> {
  if (ids.length === 0) return;
  const texts = await indexedTexts(db, ids, withEntries);
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

/** Indexes one post as just written; call inside the write's transaction, after its parts, tags or live entries. */
export async function indexPost(trx: Kysely<Database>, dialect: Dialect, id: number): Promise<void> {
  await reindex(trx, dialect, [id]);
}

/** Removes a deleted post from the index (PostgreSQL's rows cascade; an FTS5 table has no foreign keys). */
export async function unindexPost(trx: Kysely<Database>, dialect: Dialect, id: number): Promise<void> {
  if (dialect === 'sqlite') await trx.deleteFrom('post_search').where('rowid', '=', id).execute();
}

const REBUILD_BATCH = 500;

/** Empties the index and indexes every post again, in batches. */
async function rebuildSearchIndexWith(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  await db.deleteFrom('post_search').execute();
  // A database from before live coverage has no entries table (an upgrade test rebuilds one); asked once per rebuild.
  const withEntries = (await db.introspection.getTables()).some((table) => table.name === 'live_entries');
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('posts')
      .select('id')
      .where('id', '>', after)
      .where('deleted_at', 'is', null) // the trash is never searched
      .orderBy('id')
      .limit(REBUILD_BATCH)
      .execute();
    if (rows.length === 0) break;
    await reindex(
      db,
      dialect,
      rows.map((row) => row.id),
      withEntries,
    );
    after = rows[rows.length - 1]!.id;
  }
  // FTS5 keeps what each transaction wrote as a segment of its own, merged now and then; after a rebuild, merge them
  // all into one b-tree so that every query reads one doclist per word (50 ms for 10,000 posts).
  if (dialect === 'sqlite') await sql`insert into post_search (post_search) values ('optimize')`.execute(db);
  // PostgreSQL plans each search by the statistics of the tsvector columns: fresh ones for the new text.
  else await sql`analyze post_search`.execute(db);
}

/**
 * Rebuilds the whole search index from the posts, sections, products and tags tables, in one transaction: for an
 * import that loaded those tables raw (archive import), or to repair an index.
 */
export async function rebuildSearchIndex(db: Db): Promise<void> {
  await db.kysely.transaction().execute((trx) => rebuildSearchIndexWith(trx, db.dialect));
}

const stringField = (value: unknown) => (typeof value === 'string' ? value : '');

/** The words of a stored row a search matches, in reading order (alt, caption and credit; a quote and its cite). */
function sectionWords(
  row: Pick<SectionRow, 'type' | 'title' | 'paragraph' | 'content'>,
  /** the plain text of a formatted text (paragraphs, list items, a quote): its marks removed */
  plain: (text: string) => string,
): string[] {
  const content: unknown = typeof row.content === 'string' ? JSON.parse(row.content) : row.content;
  if (Array.isArray(content)) {
    const words = [row.title, plain(row.paragraph)];
    for (const entry of content as (string | { heading: string; list: string[] })[]) {
      if (typeof entry === 'string') words.push(plain(entry));
      else words.push(entry.heading, ...entry.list.map(plain));
    }
    return words;
  }
  const fields = (content !== null && typeof content === 'object' ? content : {}) as Record<string, unknown>;
  const field = (name: string) => stringField(fields[name]);
  return [field('alt'), field('caption'), field('credit'), plain(field('text')), field('cite')];
}
