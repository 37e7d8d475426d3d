// A post's revisions: the version each change replaced, kept so nothing is lost. Stored inside the posts repository's
// write transaction (storeRevision), read by the history and restore routes.
import type { Transaction } from 'kysely';
import type { BlogPost, RevisionSummary } from '../../contract/types';
import { isoTime } from '../db/database';
import type { Database, Db } from '../db/database';
import { shownPost } from './shown';

/** Who made a change, as a revision names them (accounts/actor.ts's Actor fits). */
export type Author = { accountId: number | null; name: string };

/** Stores `version` (the read shape of the version a change replaced) as a revision of its post: its id. */
export async function storeRevision(
  trx: Transaction<Database>,
  version: BlogPost,
  by: Author | undefined,
  now: Date,
): Promise<number> {
  const { id } = await trx
    .insertInto('post_revisions')
    .values({
      post_id: version.id,
      saved_at: now.toISOString(),
      saved_by_account_id: by?.accountId ?? null,
      saved_by: by?.name ?? '',
      title: version.title,
      post: JSON.stringify(version),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The post's revisions, newest first; undefined when no post (in the trash or not) has this id. */
export async function listRevisions(db: Db, postId: number): Promise<RevisionSummary[] | undefined> {
  const post = await db.kysely.selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst();
  if (post === undefined) return undefined;
  const rows = await db.kysely
    .selectFrom('post_revisions')
    .select(['id', 'saved_at', 'saved_by', 'title'])
    .where('post_id', '=', postId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, savedAt: isoTime(row.saved_at), savedBy: row.saved_by, title: row.title }));
}

/** One revision of the post in the read shape, or undefined when the post has no such revision. */
export async function findRevision(db: Db, postId: number, revisionId: number): Promise<BlogPost | undefined> {
  const row = await db.kysely
    .selectFrom('post_revisions')
    .select('post')
    .where('post_id', '=', postId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return shownPost(JSON.parse(row.post) as BlogPost);
}
