// All SQL about posts, and the mapping between snake_case rows and the API's read shape (SPEC 3).
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { BlogPost, BlogSummary, PostState, Product, Section } from '../../contract/types';
import type { ValidBlogSubmission } from '../../contract/schemas';
import type { Database, Db, PostRow, ProductRow, SectionRow } from '../db/database';
import { imageFactsFor } from './uploadsRepository';
import { POST_ID_MAX } from '../../contract/limits';

function isoTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

function json(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** A submission as the repository stores it; status and publishAt may be left out (published at once). */
export type PostInput = Omit<ValidBlogSubmission, 'status' | 'publishAt'> &
  Partial<Pick<ValidBlogSubmission, 'status' | 'publishAt'>>;

/**
 * Reads show only public posts (published, and publishAt absent or not after `now`) unless includeHidden is set: the
 * safe default for every anonymous page, feed and sitemap. `now` is the caller's clock, so scheduling needs no SQL now().
 */
export type ReadOptions = { includeHidden?: boolean; now?: Date };

type PostQuery = ReturnType<typeof selectPosts>;

function selectPosts(db: Kysely<Database>) {
  return db.selectFrom('posts').select(summaryColumns);
}

/** The condition of a public post at `now`, for any query on posts. */
const isPublic = (now: Date) => (eb: ExpressionBuilder<Database, 'posts'>) =>
  eb.and([
    eb('status', '=', 'published'),
    eb.or([eb('publish_at', 'is', null), eb('publish_at', '<=', now.toISOString())]),
  ]);

function onlyPublic(query: PostQuery, now: Date): PostQuery {
  return query.where(isPublic(now));
}

/** How many posts are public at `now` (whether the sitemap needs an index of several files). */
export async function countPublicPosts(db: Db, now: Date): Promise<number> {
  const row = await db.kysely
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll().as('count'))
    .where(isPublic(now))
    .executeTakeFirstOrThrow();
  // count(*) is a string on PostgreSQL.
  return Number(row.count);
}

export type PostModified = { id: number; modifiedAt: string };

/**
 * Public posts, newest first, `limit` of them after the first `offset`: one query whose rows are read as they come
 * (a cursor on PostgreSQL, a statement iterator on SQLite), so a 50,000-post sitemap never holds them all as rows.
 */
export async function* streamPublicPosts(
  db: Db,
  { now, offset, limit }: { now: Date; offset: number; limit: number },
): AsyncGenerator<PostModified> {
  const rows = db.kysely
    .selectFrom('posts')
    .select(['id', 'updated_at'])
    .where(isPublic(now))
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .stream(1_000);
  for await (const row of rows) yield { id: row.id, modifiedAt: isoTime(row.updated_at) };
}

/** The columns reads select (who created and changed a post is read apart, for staff only). */
type SummaryRow = Omit<PostRow, 'created_by' | 'updated_by'>;

function stateOf(row: SummaryRow, now: Date): PostState {
  const publishAt = row.publish_at === null ? null : isoTime(row.publish_at);
  const future = publishAt !== null && Date.parse(publishAt) > now.getTime();
  return {
    status: row.status === 'draft' ? 'draft' : future ? 'scheduled' : 'published',
    publishAt,
    updatedAt: isoTime(row.updated_at),
  };
}

function toSummary(row: SummaryRow, now: Date): BlogSummary {
  return {
    id: row.id,
    title: row.title,
    icon: row.icon,
    authorName: row.author_name,
    publishDate: row.publish_date,
    readTime: row.read_time,
    imageUrl: row.image_url,
    createdAt: isoTime(row.created_at),
    ...stateOf(row, now),
  };
}

const items = (list: string[]) => list.map((item) => ({ item }));

function toSection(row: SectionRow): Section {
  const base = { icon: row.icon, title: row.title, paragraph: row.paragraph };
  if (row.type === 'two-column') {
    const columns = json(row.content) as { heading: string; list: string[] }[];
    return {
      id: row.id,
      type: 'two-column',
      ...base,
      columns: columns.map((c) => ({ heading: c.heading, list: items(c.list) })),
    };
  }
  return { id: row.id, type: 'single-paragraph', ...base, list: items(json(row.content) as string[]) };
}

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    imageUrl: row.image_url,
    amazonUrl: row.amazon_url,
  };
}

const summaryColumns = [
  'id',
  'title',
  'icon',
  'author_name',
  'author_title',
  'author_image',
  'publish_date',
  'read_time',
  'image_url',
  'created_at',
  'status',
  'publish_at',
  'updated_at',
] as const;

/** Newest first. `beforeId` is the cursor: the id of the last post of the previous page. */
export async function listPosts(
  db: Db,
  { limit, beforeId, includeHidden = false, now = new Date() }: { limit: number; beforeId?: number } & ReadOptions,
): Promise<{ posts: BlogSummary[]; nextCursor: number | undefined }> {
  let query = selectPosts(db.kysely)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (!includeHidden) query = onlyPublic(query, now);
  // Every id is below a cursor past the integer range (such a cursor would overflow PostgreSQL's integer).
  if (beforeId !== undefined && beforeId <= POST_ID_MAX) query = query.where('id', '<', beforeId);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  // One query for the whole page; each summary keeps the facts of its own header image.
  const images = await imageFactsFor(
    db.kysely,
    page.map((row) => row.image_url),
  );
  return {
    posts: page.map((row) => {
      const facts = images[row.image_url];
      return { ...toSummary(row, now), images: facts === undefined ? {} : { [row.image_url]: facts } };
    }),
    nextCursor: rows.length > limit ? page[page.length - 1]?.id : undefined,
  };
}

export async function findPost(db: Db, id: number, options: ReadOptions = {}): Promise<BlogPost | undefined> {
  return readPost(db.kysely, id, options);
}

/** findPost on a connection or inside a transaction. */
async function readPost(
  executor: Kysely<Database>,
  id: number,
  { includeHidden = false, now = new Date() }: ReadOptions,
): Promise<BlogPost | undefined> {
  if (id > POST_ID_MAX) return undefined;
  let query = selectPosts(executor).where('id', '=', id);
  if (!includeHidden) query = onlyPublic(query, now);
  const post = await query.executeTakeFirst();
  if (post === undefined) return undefined;
  const [sections, products] = await Promise.all([
    executor.selectFrom('sections').selectAll().where('post_id', '=', id).orderBy('position').execute(),
    executor.selectFrom('products').selectAll().where('post_id', '=', id).orderBy('position').execute(),
  ]);
  const { createdAt, status, publishAt, updatedAt, ...summary } = toSummary(post, now);
  const images = await imageFactsFor(executor, [
    post.image_url,
    post.author_image,
    ...products.map((p) => p.image_url),
  ]);
  return {
    ...summary,
    authorTitle: post.author_title,
    authorImage: post.author_image,
    sections: sections.map(toSection),
    products: products.map(toProduct),
    createdAt,
    status,
    publishAt,
    updatedAt,
    images,
  };
}

/**
 * Last statement of every write transaction: other processes watch the revision to drop their caches. Last, so the
 * row lock it takes (PostgreSQL) is held only until the commit and writers are not queued behind each other.
 */
async function bumpRevision(trx: Transaction<Database>): Promise<void> {
  await trx
    .updateTable('content_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

function postColumns(input: PostInput) {
  const { header, footer } = input;
  return {
    title: header.title,
    icon: header.icon,
    author_name: footer.authorName,
    author_title: footer.authorTitle,
    author_image: footer.imageUrl,
    publish_date: header.publishDate,
    read_time: header.readTime,
    image_url: header.image,
    status: input.status ?? 'published',
    publish_at: input.publishAt ?? null,
  };
}

async function insertParts(trx: Transaction<Database>, postId: number, input: PostInput): Promise<void> {
  const { header, products } = input;
  if (header.sections.length > 0) {
    await trx
      .insertInto('sections')
      .values(
        header.sections.map((section, position) => ({
          post_id: postId,
          position,
          type: section.type,
          icon: section.icon,
          title: section.title,
          paragraph: section.paragraph,
          content: JSON.stringify(section.type === 'two-column' ? section.columns : section.list),
        })),
      )
      .execute();
  }
  if (products.length > 0) {
    await trx
      .insertInto('products')
      .values(
        products.map((product, position) => ({
          post_id: postId,
          position,
          title: product.title,
          description: product.description,
          price: product.price,
          image_url: product.imageUrl,
          amazon_url: product.amazonUrl,
        })),
      )
      .execute();
  }
}

/** The post just written, read inside its transaction (no second connection needed while writers queue for one). */
async function readWritten(trx: Transaction<Database>, id: number, now: Date): Promise<BlogPost> {
  const post = await readPost(trx, id, { includeHidden: true, now });
  if (post === undefined) throw new Error(`post ${id} vanished right after it was stored`);
  return post;
}

/**
 * Stores a validated submission in one transaction and returns it in the read shape. The token is not part of it.
 * `by`: the signed-in account that writes it (null for a key), recorded as created_by and updated_by.
 */
export async function createPost(
  db: Db,
  input: PostInput,
  now = new Date(),
  by: number | null = null,
): Promise<BlogPost> {
  return db.kysely.transaction().execute(async (trx) => {
    const post = await trx
      .insertInto('posts')
      .values({
        ...postColumns(input),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        created_by: by,
        updated_by: by,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertParts(trx, post.id, input);
    const created = await readWritten(trx, post.id, now);
    await bumpRevision(trx);
    return created;
  });
}

/**
 * A write that must find the post as its caller last saw it. `seenUpdatedAt`: the updatedAt of the version the caller
 * read (and checked If-Match against); `ifUnchanged`: refuse the write unless the post is still at that version.
 */
export type WriteCondition = { seenUpdatedAt?: string; ifUnchanged?: boolean; now?: Date };

export type WriteOutcome<T> = { outcome: 'done'; value: T } | { outcome: 'not-found' } | { outcome: 'conflict' };

class Refused extends Error {
  constructor(readonly outcome: 'not-found' | 'conflict') {
    super(outcome);
  }
}

/** After a conditional statement touched no row: was the post gone, or at another version? */
async function refusal(trx: Transaction<Database>, id: number): Promise<Refused> {
  const row = await trx.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst();
  return new Refused(row === undefined ? 'not-found' : 'conflict');
}

async function conditionally<T>(work: () => Promise<T>): Promise<WriteOutcome<T>> {
  try {
    return { outcome: 'done', value: await work() };
  } catch (error) {
    if (error instanceof Refused) return { outcome: error.outcome };
    throw error;
  }
}

/**
 * Replaces the post's fields, sections and products in one transaction. The post keeps its id and createdAt; its
 * sections and products are stored anew (new ids). The compare-and-write is one conditional UPDATE, the transaction's
 * first statement: PostgreSQL re-checks its WHERE against a row a concurrent writer just committed, and SQLite runs it
 * under the database write lock, so of two writers that saw the same version exactly one succeeds.
 */
export async function updatePost(
  db: Db,
  id: number,
  input: PostInput,
  { seenUpdatedAt, ifUnchanged = false, now = new Date() }: WriteCondition = {},
  /** the signed-in account that writes it (null for a key), recorded as updated_by */
  by: number | null = null,
): Promise<WriteOutcome<BlogPost>> {
  if (id > POST_ID_MAX) return { outcome: 'not-found' };
  // Strictly later than the version replaced, even within one millisecond or with another process's clock ahead.
  const seen = seenUpdatedAt === undefined ? Number.NaN : Date.parse(seenUpdatedAt);
  const updatedAt = new Date(Number.isNaN(seen) ? now.getTime() : Math.max(now.getTime(), seen + 1)).toISOString();
  return conditionally(() =>
    db.kysely.transaction().execute(async (trx) => {
      let update = trx
        .updateTable('posts')
        .set({ ...postColumns(input), updated_at: updatedAt, updated_by: by })
        .where('id', '=', id);
      if (ifUnchanged && seenUpdatedAt !== undefined) update = update.where('updated_at', '=', seenUpdatedAt);
      const { numUpdatedRows } = await update.executeTakeFirst();
      if (numUpdatedRows === 0n) throw await refusal(trx, id);
      await trx.deleteFrom('sections').where('post_id', '=', id).execute();
      await trx.deleteFrom('products').where('post_id', '=', id).execute();
      await insertParts(trx, id, input);
      const updated = await readWritten(trx, id, now);
      await bumpRevision(trx);
      return updated;
    }),
  );
}

/** Deletes the post; its sections and products go with it (cascade). Uploaded images stay: others may use them. */
export async function deletePost(
  db: Db,
  id: number,
  { seenUpdatedAt, ifUnchanged = false }: WriteCondition = {},
): Promise<WriteOutcome<undefined>> {
  if (id > POST_ID_MAX) return { outcome: 'not-found' };
  return conditionally(() =>
    db.kysely.transaction().execute(async (trx) => {
      let statement = trx.deleteFrom('posts').where('id', '=', id);
      if (ifUnchanged && seenUpdatedAt !== undefined) statement = statement.where('updated_at', '=', seenUpdatedAt);
      const { numDeletedRows } = await statement.executeTakeFirst();
      if (numDeletedRows === 0n) throw await refusal(trx, id);
      await bumpRevision(trx);
      return undefined;
    }),
  );
}

/**
 * What a process needs to know whether its caches are current: the content revision, and the earliest publishAt
 * still after `now` of a published post (the next moment a post becomes public by itself), in epoch ms.
 */
export async function contentState(db: Db, now: Date): Promise<{ revision: number; nextPublishAt?: number }> {
  const [revision, next] = await Promise.all([
    db.kysely.selectFrom('content_revision').select('revision').where('id', '=', 1).executeTakeFirst(),
    db.kysely
      .selectFrom('posts')
      .select((eb) => eb.fn.min('publish_at').as('next'))
      .where('status', '=', 'published')
      .where('publish_at', '>', now.toISOString())
      .executeTakeFirst(),
  ]);
  const nextAt = next?.next === null || next?.next === undefined ? undefined : Date.parse(isoTime(next.next));
  return { revision: Number(revision?.revision ?? 0), nextPublishAt: nextAt };
}

/** The header image of a public post ('' when it has none), or undefined when there is no such public post. */
export async function findPostImageUrl(db: Db, id: number, now = new Date()): Promise<string | undefined> {
  if (id > POST_ID_MAX) return undefined;
  // A hint in a page anyone may load: a draft's image address would be a trace of the draft.
  const row = await onlyPublic(selectPosts(db.kysely), now).where('id', '=', id).executeTakeFirst();
  return row?.image_url;
}

export async function countPosts(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
