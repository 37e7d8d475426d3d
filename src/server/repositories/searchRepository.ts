// Full-text search over public posts (issue 23): the query read by search/searchQuery.ts, run on each database's own
// index (search/searchIndex.ts). Title matches first, then newer first; an offset cursor pages through the rest.
import { sql } from 'kysely';
import type { SearchAnswer } from '../../contract/types';
import type { Db } from '../db/database';
import { ftsExpression, parseQuery, postgresQuery } from '../search/searchQuery';
import { isPublic } from './visibility';
import { tagsOfPosts } from './tagsRepository';

export const SEARCH_PAGE_SIZE = 20;
/** Past this many results a reader refines the query instead (and no offset grows without bound). */
export const SEARCH_OFFSET_MAX = 1_000;

type Hit = { id: number; title: string; author_name: string; publish_date: string; snippet: string };

/** Snippets as plain text on one line: the index keeps each part of a post on a line of its own. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Public posts matching an FTS5 expression, newest first: FTS5 walks its rowids downwards and stops at the page. */
function sqliteMatches(db: Db, expression: string, now: Date) {
  return db.kysely
    .selectFrom('post_search')
    .innerJoin('posts', 'posts.id', 'post_search.rowid')
    .where(sql<boolean>`post_search match ${expression}`)
    .where(isPublic(now));
}

async function sqliteHits(db: Db, expression: string, offset: number, now: Date): Promise<Hit[]> {
  // Two groups, each newest first: posts whose title matches, then the others (the body matches, the title does not).
  // Each is read in rowid order up to the page, so a common word does not sort every post it is in.
  const titled = `title : (${expression})`;
  const bodyOnly = `(${expression}) NOT (${titled})`;
  const columns = ['posts.id', 'posts.title', 'posts.author_name', 'posts.publish_date'] as const;
  const want = SEARCH_PAGE_SIZE + 1;
  const first = await sqliteMatches(db, titled, now)
    .select(columns)
    .orderBy('post_search.rowid', 'desc')
    .limit(want)
    .offset(offset)
    .execute();
  let page = first;
  if (first.length < want) {
    // The title group ended on or before this page: how many it holds says where the second group starts.
    const titleCount =
      first.length > 0
        ? offset + first.length
        : Number(
            (
              await sqliteMatches(db, titled, now)
                .select((eb) => eb.fn.countAll().as('count'))
                .executeTakeFirstOrThrow()
            ).count,
          );
    const rest = await sqliteMatches(db, bodyOnly, now)
      .select(columns)
      .orderBy('post_search.rowid', 'desc')
      .limit(want - first.length)
      .offset(Math.max(0, offset - titleCount))
      .execute();
    page = [...first, ...rest];
  }
  if (page.length === 0) return [];
  const snippets = await db.kysely
    .selectFrom('post_search')
    .select(['rowid', sql<string>`snippet(post_search, 1, '<mark>', '</mark>', '…', 24)`.as('snippet')])
    .where(sql<boolean>`post_search match ${expression}`)
    .where(
      'rowid',
      'in',
      page.map((hit) => hit.id),
    )
    .execute();
  const snippetOf = new Map(snippets.map((row) => [row.rowid, row.snippet]));
  return page.map((hit) => ({ ...hit, snippet: snippetOf.get(hit.id) ?? '' }));
}

/** Stand-ins for < and > while ts_headline reads a post's text. */
const BRACKETS = '\uE000\uE001';

async function postgresHits(
  db: Db,
  { websearch, prefix }: { websearch: string; prefix: string | undefined },
  offset: number,
  now: Date,
): Promise<Hit[]> {
  // websearch_to_tsquery never fails on its input; an empty part (only a prefix, or only stop words) is left out.
  const query = prefix
    ? sql`(websearch_to_tsquery('touchline_search', ${websearch}) && to_tsquery('touchline_search', ${prefix}))`
    : sql`websearch_to_tsquery('touchline_search', ${websearch})`;
  const page = db.kysely
    .selectFrom('post_search')
    .innerJoin('posts', 'posts.id', 'post_search.post_id')
    .select([
      'posts.id',
      'posts.title',
      'posts.author_name',
      'posts.publish_date',
      'post_search.body',
      sql<boolean>`post_search.title_vector @@ ${query}`.as('title_hit'),
    ])
    .where(sql<boolean>`post_search.document @@ ${query}`)
    .where(isPublic(now))
    .orderBy('title_hit', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(SEARCH_PAGE_SIZE + 1)
    .offset(offset);
  // The headline of the page's rows only (ts_headline reads the whole text). ts_headline drops anything that reads as
  // an HTML tag ("<b>"), so angle brackets go in as two private-use characters and come back out below.
  const { rows } = await sql<Hit>`select page.id, page.title, page.author_name, page.publish_date,
      ts_headline('touchline_search', translate(page.body, '<>', ${BRACKETS}), ${query},
        'StartSel=<mark>, StopSel=</mark>, MaxWords=28, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "') as snippet
    from (${page}) as page order by page.title_hit desc, page.id desc`.execute(db.kysely);
  return rows.map((row) => ({
    ...row,
    snippet: row.snippet.replaceAll(BRACKETS[0]!, '<').replaceAll(BRACKETS[1]!, '>'),
  }));
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
      title: hit.title,
      authorName: hit.author_name,
      publishDate: hit.publish_date,
      tags: tags.get(hit.id) ?? [],
      snippet: oneLine(hit.snippet),
    })),
    nextCursor: hits.length > SEARCH_PAGE_SIZE && next <= SEARCH_OFFSET_MAX ? next : null,
  };
}
