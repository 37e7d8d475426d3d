// All SQL about tags: a post's tags written in its transaction, tags read beside posts, and tag counts.
import type { Kysely } from 'kysely';
import type { TagCount, TagRef } from '../../contract/types';
import type { TagInfo, TagKind, TagUpdate } from '../../contract/tags';
import type { Database, Db } from '../db/database';
import { isPublic, notTrashed } from './visibility';
import { shownText } from './shown';

/**
 * Replaces a post's tags (inside its write's transaction). A tag row is created the first time its slug is used, with
 * that spelling, and kept after: the spelling a tag was first written with is its name.
 */
export async function writePostTags(trx: Kysely<Database>, postId: number, tags: TagRef[]): Promise<void> {
  await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute();
  if (tags.length === 0) return;
  await trx
    .insertInto('tags')
    .values(tags.map(({ slug, name }) => ({ slug, name })))
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .execute();
  const rows = await trx
    .selectFrom('tags')
    .select(['id', 'slug'])
    .where(
      'slug',
      'in',
      tags.map((tag) => tag.slug),
    )
    .execute();
  const idOf = new Map(rows.map((row) => [row.slug, row.id]));
  await trx
    .insertInto('post_tags')
    .values(tags.map((tag, position) => ({ post_id: postId, tag_id: idOf.get(tag.slug)!, position })))
    .execute();
}

/** The tags of each of these posts, primary first (a post without tags maps to []). */
export async function tagsOfPosts(db: Kysely<Database>, ids: number[]): Promise<Map<number, TagRef[]>> {
  const tags = new Map<number, TagRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return tags;
  const rows = await db
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .select(['post_tags.post_id', 'tags.name', 'tags.slug'])
    .where('post_tags.post_id', 'in', ids)
    .orderBy('post_tags.post_id')
    .orderBy('post_tags.position')
    .execute();
  for (const row of rows) tags.get(row.post_id)?.push({ name: shownText(row.name), slug: row.slug });
  return tags;
}

/** The tag a slug names, or undefined when none does. */
export async function findTag(db: Db, slug: string): Promise<TagRef | undefined> {
  const row = await db.kysely.selectFrom('tags').select(['name', 'slug']).where('slug', '=', slug).executeTakeFirst();
  return row === undefined ? undefined : { name: shownText(row.name), slug: row.slug };
}

type TagRow = {
  slug: string;
  name: string;
  kind: TagKind;
  short_name: string | null;
  crest: string | null;
  points_for_win: number;
  points_for_draw: number;
};

const TAG_COLUMNS = [
  'tags.slug',
  'tags.name',
  'tags.kind',
  'tags.short_name',
  'tags.crest',
  'tags.points_for_win',
  'tags.points_for_draw',
] as const;

/** A tag row as the API answers it: its kind always, a team's short name and crest, a competition's points. */
export function tagInfoOf(row: TagRow): TagInfo {
  const tag: TagInfo = { slug: row.slug, name: shownText(row.name), kind: row.kind };
  if (row.kind === 'team') {
    tag.shortName = row.short_name === null ? null : shownText(row.short_name);
    tag.crest = row.crest;
  } else if (row.kind === 'competition') {
    tag.pointsForWin = Number(row.points_for_win);
    tag.pointsForDraw = Number(row.points_for_draw);
  }
  return tag;
}

/**
 * Every tag with how many posts carry it, most used first (then by name): public posts at `now` only unless
 * includeHidden, so a tag used only by drafts is absent. With a kind: every tag of that kind, by name, with its count
 * (0 when no post carries it), so the pickers find teams and competitions no story is about yet.
 */
export async function listTagCounts(
  db: Db,
  { includeHidden = false, now = new Date(), kind }: { includeHidden?: boolean; now?: Date; kind?: TagKind },
): Promise<(TagCount & TagInfo)[]> {
  if (kind !== undefined) {
    const rows = await db.kysely
      .selectFrom('tags')
      .select(TAG_COLUMNS)
      .select((eb) =>
        eb
          .selectFrom('post_tags')
          .innerJoin('posts', 'posts.id', 'post_tags.post_id')
          .select(eb.fn.countAll().as('n'))
          .whereRef('post_tags.tag_id', '=', 'tags.id')
          .where(includeHidden ? notTrashed : isPublic(now))
          .as('count'),
      )
      .where('tags.kind', '=', kind)
      .orderBy('tags.name')
      .orderBy('tags.slug')
      .execute();
    return rows.map((row) => ({ ...tagInfoOf(row), count: Number(row.count ?? 0) }));
  }
  let query = db.kysely
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select(TAG_COLUMNS)
    .select((eb) => eb.fn.countAll().as('count'))
    .groupBy([
      'tags.id',
      'tags.slug',
      'tags.name',
      'tags.kind',
      'tags.short_name',
      'tags.crest',
      'tags.points_for_win',
      'tags.points_for_draw',
    ]);
  query = query.where(includeHidden ? notTrashed : isPublic(now));
  const rows = await query.orderBy('count', 'desc').orderBy('tags.name').execute();
  // count(*) is a string on PostgreSQL.
  return rows.map((row) => ({ ...tagInfoOf(row), count: Number(row.count) }));
}

/** The tag a slug names with its kind and facts, or undefined. */
export async function findTagInfo(db: Kysely<Database>, slug: string): Promise<(TagInfo & { id: number }) | undefined> {
  const row = await db
    .selectFrom('tags')
    .select(TAG_COLUMNS)
    .select('tags.id')
    .where('tags.slug', '=', slug)
    .executeTakeFirst();
  return row === undefined ? undefined : { ...tagInfoOf(row), id: row.id };
}

/**
 * Changes a tag (PUT /api/tags/:slug, already validated): its name keeps its slug; null clears a short name or crest.
 * Bumps nothing: the caller bumps the content revision in the same transaction.
 */
export async function updateTag(trx: Kysely<Database>, slug: string, change: TagUpdate): Promise<TagInfo | undefined> {
  const set: Partial<{
    name: string;
    kind: TagKind;
    short_name: string | null;
    crest: string | null;
    points_for_win: number;
    points_for_draw: number;
  }> = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.kind !== undefined) set.kind = change.kind;
  if (change.shortName !== undefined) set.short_name = change.shortName;
  if (change.crest !== undefined) set.crest = change.crest;
  if (change.pointsForWin !== undefined) set.points_for_win = change.pointsForWin;
  if (change.pointsForDraw !== undefined) set.points_for_draw = change.pointsForDraw;
  if (Object.keys(set).length > 0) await trx.updateTable('tags').set(set).where('slug', '=', slug).execute();
  const tag = await findTagInfo(trx, slug);
  if (tag === undefined) return undefined;
  const { id: _id, ...info } = tag;
  return info;
}

/** How many matches name the tag as a team (home or away) and as a competition. */
export async function tagMatchUses(
  trx: Kysely<Database>,
  tagId: number,
): Promise<{ team: number; competition: number }> {
  const row = await trx
    .selectFrom('matches')
    .select((eb) => [
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when(eb.or([eb('home_id', '=', tagId), eb('away_id', '=', tagId)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('team'),
      eb.fn.sum<number | string>(eb.case().when('competition_id', '=', tagId).then(1).else(0).end()).as('competition'),
    ])
    .executeTakeFirst();
  return { team: Number(row?.team ?? 0), competition: Number(row?.competition ?? 0) };
}

/** Slugs of the tags with at least one public post (the sitemap lists their pages). */
export async function publicTagSlugs(db: Db, now: Date): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('tags')
    .select('slug')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('post_tags')
          .innerJoin('posts', 'posts.id', 'post_tags.post_id')
          .select('post_tags.post_id')
          .whereRef('post_tags.tag_id', '=', 'tags.id')
          .where(isPublic(now)),
      ),
    )
    .orderBy('slug')
    .execute();
  return rows.map((row) => row.slug);
}
