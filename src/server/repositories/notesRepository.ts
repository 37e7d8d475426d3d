// All SQL of editorial notes: staff-only notes on a post, written on their own or with a request for changes.
import type { Transaction } from 'kysely';
import type { EditorialNote } from '../../contract/desk';
import { isoTime } from '../db/database';
import type { Database, Db } from '../db/database';
import type { Author } from './revisionsRepository';
import { deskPost } from './reviewsRepository';

type NoteRow = { id: number; body: string; author_name: string; created_at: Date | string; resolved_at: unknown };
const toNote = (row: NoteRow): EditorialNote => ({
  id: row.id,
  body: row.body,
  author: { name: row.author_name },
  createdAt: isoTime(row.created_at),
  resolved: row.resolved_at !== null,
});

/** The accounts that wrote a note on the post. */
export async function noteWriters(trx: Transaction<Database>, postId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('editorial_notes')
    .select('author_account_id')
    .distinct()
    .where('post_id', '=', postId)
    .where('author_account_id', 'is not', null)
    .execute();
  return rows.map((row) => row.author_account_id).filter((id): id is number => id !== null);
}

export async function insertNote(
  trx: Transaction<Database>,
  postId: number,
  body: string,
  actor: Author,
  now: Date,
): Promise<EditorialNote> {
  const row = await trx
    .insertInto('editorial_notes')
    .values({
      post_id: postId,
      body,
      author_account_id: actor.accountId,
      author_name: actor.name,
      created_at: now.toISOString(),
    })
    .returning(['id', 'body', 'author_name', 'created_at', 'resolved_at'])
    .executeTakeFirstOrThrow();
  return toNote(row);
}

/** The post's notes, newest last; undefined when there is no such post. */
export async function listNotes(db: Db, postId: number): Promise<EditorialNote[] | undefined> {
  if ((await deskPost(db.kysely, postId)) === undefined) return undefined;
  const rows = await db.kysely
    .selectFrom('editorial_notes')
    .select(['id', 'body', 'author_name', 'created_at', 'resolved_at'])
    .where('post_id', '=', postId)
    .orderBy('id')
    .execute();
  return rows.map(toNote);
}

/** Marks a note resolved or not: the note, or undefined when the post has no such note. */
export async function resolveNote(
  db: Db,
  postId: number,
  noteId: number,
  resolved: boolean,
  now: Date,
): Promise<EditorialNote | undefined> {
  const row = await db.kysely
    .updateTable('editorial_notes')
    .set({ resolved_at: resolved ? now.toISOString() : null })
    .where('id', '=', noteId)
    .where('post_id', '=', postId)
    .returning(['id', 'body', 'author_name', 'created_at', 'resolved_at'])
    .executeTakeFirst();
  return row === undefined ? undefined : toNote(row);
}
