// Reads of a post's revisions (issue 22). They are written by the posts repository, inside each change's transaction.
import type { BlogPost, RevisionSummary } from '../../contract/types';
import type { Db } from '../db/database';
import { POST_ID_MAX } from '../../contract/limits';

const isoTime = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

/** The post's revisions, newest first; undefined when no post (in the trash or not) has this id. */
export async function listRevisions(db: Db, postId: number): Promise<RevisionSummary[] | undefined> {
  if (postId > POST_ID_MAX) return undefined;
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
  if (postId > POST_ID_MAX || revisionId > POST_ID_MAX) return undefined;
  const row = await db.kysely
    .selectFrom('post_revisions')
    .select('post')
    .where('post_id', '=', postId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return JSON.parse(row.post) as BlogPost;
}
