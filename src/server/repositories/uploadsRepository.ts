// All SQL about uploaded images. Kept in the database so every server process behind one PostgreSQL serves them.
import type { Db, UploadRow } from '../db/database';

export type StoredUpload = Pick<UploadRow, 'name' | 'content_type' | 'data'>;

/** Content-addressed: storing the same bytes twice keeps the first row. */
export async function saveUpload(db: Db, upload: { name: string; contentType: string; data: Buffer }): Promise<void> {
  await db.kysely
    .insertInto('uploads')
    .values({
      name: upload.name,
      content_type: upload.contentType,
      byte_size: upload.data.length,
      data: upload.data,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function findUpload(db: Db, name: string): Promise<StoredUpload | undefined> {
  return db.kysely
    .selectFrom('uploads')
    .select(['name', 'content_type', 'data'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function countUploads(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
