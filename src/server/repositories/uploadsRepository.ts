// All SQL about uploaded images and their variants. Kept in the database so every server process behind one
// PostgreSQL serves them.
import type { ImageFacts, ImageMap, ModernImageFormat } from '../../contract/images';
import type { Kysely } from 'kysely';
import type { Database, Db, UploadRow, UploadState } from '../db/database';

export type StoredUpload = Pick<
  UploadRow,
  'name' | 'content_type' | 'data' | 'state' | 'width' | 'height' | 'widths' | 'formats' | 'fallback'
>;

const UPLOAD_EXTS = ['png', 'jpg', 'gif', 'webp', 'avif'] as const;

const list = (text: string | null) => (text === null || text === '' ? [] : text.split(','));

/** The facts of a ready upload; undefined while it is pending or when it failed. */
export function factsOf(row: Pick<UploadRow, 'state' | 'width' | 'height' | 'widths' | 'formats' | 'fallback'>) {
  if (row.state !== 'ready' || row.width === null || row.height === null || row.fallback === null) return undefined;
  const facts: ImageFacts = {
    width: row.width,
    height: row.height,
    widths: list(row.widths).map(Number),
    formats: list(row.formats) as ModernImageFormat[],
    fallback: row.fallback,
  };
  return facts;
}

export type ProcessedUpload = {
  name: string;
  contentType: string;
  /** the cleaned image */
  data: Buffer;
  facts: ImageFacts;
  variants: { width: number; format: string; contentType: string; data: Buffer }[];
};

type VariantInput = { hash: string; width: number; format: string; contentType: string; data: Buffer };

/** One variant row; a variant another request or process stored first is kept. */
async function insertVariant(executor: Kysely<Database>, variant: VariantInput): Promise<void> {
  await executor
    .insertInto('image_variants')
    .values({
      hash: variant.hash,
      width: variant.width,
      format: variant.format,
      content_type: variant.contentType,
      byte_size: variant.data.length,
      data: variant.data,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['hash', 'width', 'format']).doNothing())
    .execute();
}

/**
 * Stores a processed upload and all its variants in one transaction, so a reader sees either nothing or all of it.
 * Content-addressed: a row stored before (by another request or process) is completed, never duplicated.
 */
export async function saveProcessedUpload(db: Db, upload: ProcessedUpload): Promise<void> {
  const hash = upload.name.slice(0, 64);
  const facts = {
    state: 'ready' as const,
    data: upload.data,
    byte_size: upload.data.length,
    width: upload.facts.width,
    height: upload.facts.height,
    widths: upload.facts.widths.join(','),
    formats: upload.facts.formats.join(','),
    fallback: upload.facts.fallback,
  };
  await db.kysely.transaction().execute(async (trx) => {
    for (const variant of upload.variants) await insertVariant(trx, { hash, ...variant });
    await trx
      .insertInto('uploads')
      .values({ name: upload.name, content_type: upload.contentType, created_at: new Date().toISOString(), ...facts })
      .onConflict((oc) => oc.column('name').doUpdateSet(facts))
      .execute();
  });
}

/** An upload whose bytes can never become an image: remembered, so it is not decoded again on every request. */
export async function markUploadFailed(db: Db, name: string): Promise<void> {
  await db.kysely.updateTable('uploads').set({ state: 'failed' }).where('name', '=', name).execute();
}

export async function findUpload(db: Db, name: string): Promise<StoredUpload | undefined> {
  return db.kysely
    .selectFrom('uploads')
    .select(['name', 'content_type', 'data', 'state', 'width', 'height', 'widths', 'formats', 'fallback'])
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The upload's state and facts without its bytes. */
export async function findUploadFacts(db: Db, name: string) {
  return db.kysely
    .selectFrom('uploads')
    .select(['name', 'state', 'width', 'height', 'widths', 'formats', 'fallback'])
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The name of the upload with this content hash, whatever its extension. */
export async function findUploadNameByHash(db: Db, hash: string): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('uploads')
    .select('name')
    .where(
      'name',
      'in',
      UPLOAD_EXTS.map((ext) => `${hash}.${ext}`),
    )
    .executeTakeFirst();
  return row?.name;
}

export async function findVariant(
  db: Db,
  hash: string,
  width: number,
  format: string,
): Promise<{ content_type: string; data: Buffer } | undefined> {
  return db.kysely
    .selectFrom('image_variants')
    .select(['content_type', 'data'])
    .where('hash', '=', hash)
    .where('width', '=', width)
    .where('format', '=', format)
    .executeTakeFirst();
}

export async function saveVariant(db: Db, variant: VariantInput): Promise<void> {
  await insertVariant(db.kysely, variant);
}

/** Names of uploads stored before image processing existed, oldest first. */
export async function pendingUploadNames(db: Db, limit: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('uploads')
    .select('name')
    .where('state', '=', 'pending' satisfies UploadState)
    .orderBy('created_at')
    .orderBy('name')
    .limit(limit)
    .execute();
  return rows.map((row) => row.name);
}

/** Facts of the ready uploads among these URLs (any other URL is skipped), keyed by URL. */
/** Facts of the processed uploads among `urls`, on a connection or inside a transaction. */
export async function imageFactsFor(executor: Kysely<Database>, urls: Iterable<string>): Promise<ImageMap> {
  const names = new Map<string, string>();
  for (const url of urls) {
    const match = /^\/uploads\/([0-9a-f]{64}\.(?:png|jpg|gif|webp|avif))$/.exec(url);
    if (match?.[1] !== undefined) names.set(match[1], url);
  }
  const images: ImageMap = {};
  if (names.size === 0) return images;
  const rows = await executor
    .selectFrom('uploads')
    .select(['name', 'state', 'width', 'height', 'widths', 'formats', 'fallback'])
    .where('name', 'in', [...names.keys()])
    .where('state', '=', 'ready')
    .execute();
  for (const row of rows) {
    const facts = factsOf(row);
    const url = names.get(row.name);
    if (facts !== undefined && url !== undefined) images[url] = facts;
  }
  return images;
}

export async function countUploads(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
