// The author profile of an account (name, title, photo): what a new post's footer starts from, and its author page.
import type { AuthorProfile } from '../../contract/account';
import { authorSlug } from '../../contract/authors';
import { authorIdOf } from '../../contract/authors';
import type { AuthorRef } from '../../contract/authors';
import { isSlug } from '../../contract/tags';
import type { BlogSummary } from '../../contract/types';
import type { Db } from '../db/database';
import { listPosts } from './postsRepository';
import { shownText, shownUrl } from './shown';
import { isPublic } from './visibility';

export async function findProfile(db: Db, accountId: number): Promise<AuthorProfile | undefined> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select(['name', 'title', 'photo'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : { name: shownText(row.name), title: shownText(row.title), photo: shownUrl(row.photo) };
}

export async function saveProfile(
  db: Db,
  accountId: number,
  profile: AuthorProfile,
  now: Date,
): Promise<AuthorProfile | undefined> {
  const row = await db.kysely
    .updateTable('accounts')
    // A name saved here answers the sign-in's question for one too.
    .set({ name: profile.name, title: profile.title, photo: profile.photo, ask_name: 0, updated_at: now.toISOString() })
    .where('id', '=', accountId)
    .returning(['name', 'title', 'photo'])
    .executeTakeFirst();
  return row;
}

/** An author as their page shows them: the profile, named by their page's slug (undefined: no such account). */
export async function findAuthor(db: Db, accountId: number): Promise<AuthorRef | undefined> {
  const profile = await findProfile(db, accountId);
  return profile === undefined ? undefined : { slug: authorSlug(profile.name, accountId), ...profile };
}

/**
 * The account a page slug names and its public stories at `now` (a page of `limit` before `cursor`), or undefined:
 * no page (no such account, or no public story). Read by the author API, its feed and the rendered page alike.
 */
export async function findAuthorPage(
  db: Db,
  slug: string,
  { limit, cursor, now }: { limit: number; cursor?: number; now: Date },
): Promise<{ author: AuthorRef; posts: BlogSummary[]; nextCursor: number | undefined } | undefined> {
  const id = isSlug(slug) ? authorIdOf(slug) : undefined;
  if (id === undefined) return undefined;
  const author = await findAuthor(db, id);
  if (author === undefined) return undefined;
  const { posts, nextCursor } = await listPosts(db, { limit, author: id, beforeId: cursor, now });
  return cursor === undefined && posts.length === 0 ? undefined : { author, posts, nextCursor };
}

/** The page slugs of every account with a public post at `now` (the sitemap lists their pages), oldest account first. */
export async function publicAuthorSlugs(db: Db, now: Date): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', 'in', (eb) => eb.selectFrom('posts').select('posts.created_by').where(isPublic(now)))
    .orderBy('id')
    .execute();
  return rows.map((row) => authorSlug(shownText(row.name), row.id));
}
