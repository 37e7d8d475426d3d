// The author profile of an account (name, title, photo): what a new post's footer starts from, and its author page.
import type { AuthorProfile } from '../../contract/account';
import { authorSlug } from '../../contract/authors';
import type { AuthorRef } from '../../contract/authors';
import type { Db } from '../db/database';
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
