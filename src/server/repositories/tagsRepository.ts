// All SQL about tags: a post's tags written in its transaction, tags read beside posts, and tag counts.
import type { Kysely } from 'kysely';
import type { TagCount, TagRef } from '../../contract/types';
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

/**
 * Every tag with how many posts carry it, most used first (then by name): public posts at `now` only unless
 * includeHidden, so a tag used only by drafts is absent.
 */
export async function listTagCounts(
  db: Db,
  { includeHidden = false, now = new Date() }: { includeHidden?: boolean; now?: Date },
): Promise<TagCount[]> {
  let query = db.kysely
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select((eb) => ['tags.slug', 'tags.name', eb.fn.countAll().as('count')])
    .groupBy(['tags.id', 'tags.slug', 'tags.name']);
  query = query.where(includeHidden ? notTrashed : isPublic(now));
  const rows = await query.orderBy('count', 'desc').orderBy('tags.name').execute();
  // count(*) is a string on PostgreSQL.
  return rows.map((row) => ({ slug: row.slug, name: shownText(row.name), count: Number(row.count) }));
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
