// An author's page address: the name as a slug, then the account's id, so it is unique without a column of its own and
// an address from before a change of name still names the same person (its page answers with the current one).
import { slugOf } from './tags';
import type { BlogSummary } from './types';

/** Characters of the name kept in the slug (the whole slug stays an isSlug). */
const NAME_PART_MAX = 60;

/** 'Priya Patel', 7 → 'priya-patel-7'; a name with no Latin letter or digit → 'author-7'. */
export function authorSlug(name: string, id: number): string {
  const part = slugOf(name).slice(0, NAME_PART_MAX).replace(/-+$/, '');
  return `${part || 'author'}-${id}`;
}

/** The account id an author slug names (its last part), or undefined when it names none. */
export function authorIdOf(slug: string): number | undefined {
  const match = /-([1-9]\d{0,15})$/.exec(slug);
  const id = match ? Number(match[1]) : undefined;
  return id !== undefined && Number.isSafeInteger(id) ? id : undefined;
}

/** An author's page as GET /api/authors/:slug answers it: the profile, and the slug to link to. */
export type AuthorRef = { slug: string; name: string; title: string; photo: string };

/** GET /api/authors/:slug: who, and a page of their public stories (newest first). */
export type AuthorPageData = { author: AuthorRef; posts: BlogSummary[]; nextCursor: string | null };
