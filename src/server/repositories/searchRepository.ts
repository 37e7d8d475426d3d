// Full-text search over public posts: the query read by search/searchQuery.ts, run on each database's own
// index (search/searchIndex.ts). Title matches first, then newer first; an offset cursor pages through the rest.
import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { SEARCH_OFFSET_MAX } from '../../contract/search';
import type { SearchAnswer } from '../../contract/types';
import type { Db } from '../db/database';
import { ftsExpression, parseQuery, postgresQuery } from '../search/searchQuery';
import { isPublic } from './visibility';
import { tagsOfPosts } from './tagsRepository';
import { shownText } from './shown';

export const SEARCH_PAGE_SIZE = 20;

type Hit = { id: number; title: string; author_name: string; publish_date: string; snippet: string };

/** Snippets as plain text on one line: the index keeps each part of a post on a line of its own. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A page of public posts matching an FTS5 expression, newest first, each with its snippet: FTS5 walks its rowids
 * downwards and stops at the page, and makes the snippets of the rows it returns only. (Asking again for the page's
 * snippets by `rowid in (…)` ran the whole match once per row: 10 ms of an 11 ms search.) A snippet marks the words of the
 * expression's phrases, so each group's expression starts with the reader's whole query.
 */
function sqlitePage(db: Db, expression: string, offset: number, limit: number, now: Date) {
  return db.kysely
    .selectFrom('post_search')
    .innerJoin('posts', 'posts.id', 'post_search.rowid')
    .select([
      'posts.id',
      'posts.title',
      'posts.author_name',
      'posts.publish_date',
      sql<string>`snippet(post_search, 1, '<mark>', '</mark>', '…', 24)`.as('snippet'),
    ])
    .where(sql<boolean>`post_search match ${expression}`)
    .where(isPublic(now))
    .orderBy('post_search.rowid', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

async function sqliteHits(db: Db, expression: string, offset: number, now: Date): Promise<Hit[]> {
  // Two groups, each newest first: posts whose title matches, then the others (the body matches, the title does not).
  // Each is read in rowid order up to the page, so a common word does not sort every post it is in. The whole post
  // must match in both: an excluded word (-card) in the body excludes a post whose title holds the rest.
  const titled = `(${expression}) AND (title : (${expression}))`;
  const bodyOnly = `(${expression}) NOT (title : (${expression}))`;
  const want = SEARCH_PAGE_SIZE + 1;
  const first = await sqlitePage(db, titled, offset, want, now);
  if (first.length === want) return first;
  // The title group ended on or before this page: how many it holds says where the second group starts.
  const titleCount =
    first.length > 0 || offset === 0
      ? offset + first.length
      : Number(
          (
            await db.kysely
              .selectFrom('post_search')
              .innerJoin('posts', 'posts.id', 'post_search.rowid')
              .select((eb) => eb.fn.countAll().as('count'))
              .where(sql<boolean>`post_search match ${titled}`)
              .where(isPublic(now))
              .executeTakeFirstOrThrow()
          ).count,
        );
  const rest = await sqlitePage(db, bodyOnly, Math.max(0, offset - titleCount), want - first.length, now);
  return [...first, ...rest];
}

/** Stand-ins for < and > while ts_headline reads a post's text. */
const BRACKETS = '\uE000\uE001';

/**
 * A page of public posts matching `where`, newest first, each with its headline. For the body group PostgreSQL walks
 * the posts by id downwards while the words are common (a word in most posts fills the page in a few rows), or reads
 * the GIN index while they are rare: its statistics of the tsvector columns choose. ts_headline reads the whole text
 * of a post, so it runs on the page's rows only.
 */
async function postgresPage(
  db: Db,
  query: RawBuilder<unknown>,
  where: RawBuilder<boolean>,
  offset: number,
  limit: number,
  now: Date,
): Promise<Hit[]> {
  const page = db.kysely
    .selectFrom('post_search')
    .innerJoin('posts', 'posts.id', 'post_search.post_id')
    .select(['posts.id', 'posts.title', 'posts.author_name', 'posts.publish_date', 'post_search.body'])
    .where(where)
    .where(isPublic(now))
    .orderBy('post_search.post_id', 'desc')
    .limit(limit)
    .offset(offset);
  // ts_headline drops anything that reads as an HTML tag ("<b>"), so angle brackets go in as two private-use
  // characters and come back out below. One fragment: words on both sides of the match (without MaxFragments,
  // ts_headline is twice as fast but starts the snippet at the match).
  const { rows } = await sql<Hit>`select page.id, page.title, page.author_name, page.publish_date,
      ts_headline('touchline_search', translate(page.body, '<>', ${BRACKETS}), ${query},
        'StartSel=<mark>, StopSel=</mark>, MaxWords=28, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "') as snippet
    from (${page}) as page order by page.id desc`.execute(db.kysely);
  return rows.map((row) => ({
    ...row,
    snippet: row.snippet.replaceAll(BRACKETS[0]!, '<').replaceAll(BRACKETS[1]!, '>'),
  }));
}

async function postgresHits(
  db: Db,
  { websearch, prefix }: { websearch: string; prefix: string | undefined },
  offset: number,
  now: Date,
): Promise<Hit[]> {
  // websearch_to_tsquery never fails on its input; an empty part (only a prefix, or only stop words) is left out.
  const query =
    prefix === undefined
      ? sql`websearch_to_tsquery('touchline_search', ${websearch})`
      : websearch === ''
        ? sql`to_tsquery('touchline_search', ${prefix})`
        : sql`(websearch_to_tsquery('touchline_search', ${websearch}) && to_tsquery('touchline_search', ${prefix}))`;
  // The two groups of sqliteHits: posts whose title matches, then those whose body does. The title group's ids come
  // from the GIN index on title_vector alone. Asked for title matches in id order, PostgreSQL estimates any prefix
  // ('sinner':*) at 2 % of posts and walked all 10,000 posts by id to find the three titles that hold it (9 ms; the
  // ids: 0.1 ms). Titles are short, so the ids stay bounded: "st", a prefix of many words, is 2,100 of 10,000 titles
  // (a one-letter word is not read as a prefix, see searchQuery.ts). The whole post must match too: an excluded word
  // (-card) in the body excludes a post whose title matches.
  const titled = sql<boolean>`post_search.title_vector @@ ${query} and post_search.document @@ ${query}`;
  const titleIds = (await db.kysely.selectFrom('post_search').select('post_id').where(titled).execute()).map(
    (row) => row.post_id,
  );
  const inTitles = sql<boolean>`post_search.post_id = any(${titleIds})`;
  const bodyOnly = sql<boolean>`post_search.document @@ ${query} and not post_search.title_vector @@ ${query}`;
  const want = SEARCH_PAGE_SIZE + 1;
  const first = titleIds.length === 0 ? [] : await postgresPage(db, query, inTitles, offset, want, now);
  if (first.length === want) return first;
  const titleCount =
    titleIds.length === 0
      ? 0
      : first.length > 0 || offset === 0
        ? offset + first.length
        : Number(
            (
              await db.kysely
                .selectFrom('posts')
                .select((eb) => eb.fn.countAll().as('count'))
                .where(sql<boolean>`posts.id = any(${titleIds})`)
                .where(isPublic(now))
                .executeTakeFirstOrThrow()
            ).count,
          );
  const rest = await postgresPage(db, query, bodyOnly, Math.max(0, offset - titleCount), want - first.length, now);
  return [...first, ...rest];
}

/** A page of public posts matching the query, or an empty page when the query leaves nothing to match. */
export async function searchPosts(
  db: Db,
  { query, offset = 0, now = new Date() }: { query: string; offset?: number; now?: Date },
): Promise<SearchAnswer> {
  const parsed = parseQuery(query);
  let hits: Hit[] = [];
  if (db.dialect === 'postgres') {
    const pg = postgresQuery(parsed);
    if (pg !== undefined) hits = await postgresHits(db, pg, offset, now);
  } else {
    const expression = ftsExpression(parsed);
    if (expression !== undefined) hits = await sqliteHits(db, expression, offset, now);
  }
  const page = hits.slice(0, SEARCH_PAGE_SIZE);
  const tags = await tagsOfPosts(
    db.kysely,
    page.map((hit) => hit.id),
  );
  const next = offset + SEARCH_PAGE_SIZE;
  return {
    items: page.map((hit) => ({
      id: hit.id,
      title: shownText(hit.title),
      authorName: shownText(hit.author_name),
      publishDate: shownText(hit.publish_date),
      tags: tags.get(hit.id) ?? [],
      snippet: oneLine(shownText(hit.snippet)),
    })),
    nextCursor: hits.length > SEARCH_PAGE_SIZE && next <= SEARCH_OFFSET_MAX ? next : null,
  };
}
