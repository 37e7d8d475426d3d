// All SQL about posts, and the mapping between snake_case rows and the API's read shape (the one types.ts declares).
import { commentFactsOf, countPublicComments } from './commentsRepository';
import type { ExpressionBuilder, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { authorSlug } from '../../contract/authors';
import type { PostStatus } from '../../contract/postStatus';
import type { BlogPost, BlogSummary, PostState, Product, Section } from '../../contract/types';
import type { ValidBlogSubmission } from '../../contract/schemas';
import { isoTime } from '../db/database';
import type {
  Database,
  Db,
  PostRow,
  PostsTable,
  ProductRow,
  ProductsTable,
  SectionRow,
  SectionsTable,
} from '../db/database';
import { imageFactsFor } from './uploadsRepository';
import { tagsOf } from '../../contract/tags';
import { indexPost, unindexPost } from '../search/searchIndex';
import { tagsOfPosts, writePostTags } from './tagsRepository';
import { isPublic } from './visibility';
import { storeRevision } from './revisionsRepository';
import type { Author } from './revisionsRepository';
import { shownProduct, shownSection, shownText, shownUrl } from './shown';
import { bumpRevision } from './contentRevision';
import { coverageOf, liveNow } from './liveRepository';
import { sectionValues, storedSection } from './sectionRows';

/** What the role rules (accounts/roles.ts) need to know of a stored post. */
export type PostFacts = { createdBy: number | null; status: PostStatus };

/** A submission as the repository stores it; status and publishAt may be left out (published at once). */
export type PostInput = Omit<ValidBlogSubmission, 'status' | 'publishAt'> &
  Partial<Pick<ValidBlogSubmission, 'status' | 'publishAt'>>;

/**
 * Reads show only public posts (published, and publishAt absent or not after `now`) unless includeHidden is set: the
 * safe default for every anonymous page, feed and sitemap. `now` is the caller's clock, so scheduling needs no SQL now().
 */
export type ReadOptions = { includeHidden?: boolean; now?: Date; trashed?: boolean };

type PostQuery = ReturnType<typeof selectPosts>;

/** Posts out of the trash: a trashed post is gone for every read but the trash's own (selectTrashed). */
function selectPosts(db: Kysely<Database>) {
  return db.selectFrom('posts').select(summaryColumns).select(inReview).where('deleted_at', 'is', null);
}

function selectTrashed(db: Kysely<Database>) {
  return db.selectFrom('posts').select(summaryColumns).select(inReview).where('deleted_at', 'is not', null);
}

/** Whether the post has an open submission (the desk's post_reviews): a stored draft that reads as 'review'. */
const inReview = (eb: ExpressionBuilder<Database, 'posts'>) =>
  eb
    .exists(
      eb.selectFrom('post_reviews').select('post_reviews.post_id').whereRef('post_reviews.post_id', '=', 'posts.id'),
    )
    .as('in_review');

/** Code that runs inside a post write's transaction, after its parts are stored and before it is read back. */
export type AlsoInTransaction = (
  trx: Transaction<Database>,
  postId: number,
  readBack: () => Promise<BlogPost>,
) => Promise<void>;

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
type SummaryRow = Omit<PostRow, 'created_by' | 'updated_by' | 'comments_closed' | 'newsletter_recorded'> & {
  in_review?: unknown;
};

function stateOf(row: SummaryRow, now: Date): PostState {
  const publishAt = row.publish_at === null ? null : isoTime(row.publish_at);
  const future = publishAt !== null && Date.parse(publishAt) > now.getTime();
  return {
    // in_review: true on PostgreSQL, 1 on SQLite
    status: row.status === 'draft' ? (row.in_review ? 'review' : 'draft') : future ? 'scheduled' : 'published',
    publishAt,
    updatedAt: isoTime(row.updated_at),
  };
}

function toSummary(row: SummaryRow, now: Date): BlogSummary {
  return {
    id: row.id,
    title: shownText(row.title),
    icon: shownText(row.icon),
    authorName: shownText(row.author_name),
    publishDate: shownText(row.publish_date),
    readTime: shownText(row.read_time),
    imageUrl: shownUrl(row.image_url),
    createdAt: isoTime(row.created_at),
    ...stateOf(row, now),
  };
}

function toSection(row: SectionRow): Section {
  return shownSection(storedSection(row));
}

function toProduct(row: ProductRow): Product {
  return shownProduct({
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    imageUrl: row.image_url,
    amazonUrl: row.amazon_url,
  });
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
  'image_alt',
  'text_format',
  'newsletter',
  'created_at',
  'status',
  'publish_at',
  'updated_at',
  'deleted_at',
] as const;

/**
 * Newest first. `beforeId` is the cursor: the id of the last post of the previous page. `tag`: only posts carrying
 * the tag with this slug.
 */
export async function listPosts(
  db: Db,
  {
    limit,
    beforeId,
    tag,
    author,
    includeHidden = false,
    now = new Date(),
    liveOnly = false,
    inReviewOnly = false,
  }: {
    limit: number;
    beforeId?: number;
    tag?: string;
    /** only the posts this account created */ author?: number;
    /** only the posts live now */ liveOnly?: boolean;
    /** only the posts submitted for review */ inReviewOnly?: boolean;
  } & ReadOptions,
): Promise<{ posts: BlogSummary[]; nextCursor: number | undefined }> {
  let query = selectPosts(db.kysely)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (!includeHidden) query = onlyPublic(query, now);
  if (tag !== undefined) query = query.where('id', 'in', postsTagged(db.kysely, tag));
  if (author !== undefined) query = query.where('created_by', '=', author);
  if (liveOnly) query = query.where('id', 'in', liveNow(db.kysely));
  if (inReviewOnly) query = query.where('id', 'in', db.kysely.selectFrom('post_reviews').select('post_id'));
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  // One query for the whole page; each summary keeps the facts of its own header image.
  const [images, tags, live, slugs, comments] = await Promise.all([
    imageFactsFor(
      db.kysely,
      page.map((row) => shownUrl(row.image_url)),
    ),
    tagsOfPosts(
      db.kysely,
      page.map((row) => row.id),
    ),
    coverageOf(
      db.kysely,
      page.map((row) => row.id),
    ),
    authorSlugsOf(
      db.kysely,
      page.map((row) => row.id),
    ),
    // One grouped count for the page (comments_post_id's index), not one per post.
    countPublicComments(
      db.kysely,
      page.map((row) => row.id),
    ),
  ]);
  return {
    posts: page.map((row) => {
      const summary = toSummary(row, now);
      const facts = images[summary.imageUrl];
      const slug = slugs.get(row.id);
      const commentCount = comments.get(row.id);
      return {
        ...summary,
        images: facts === undefined ? {} : { [summary.imageUrl]: facts },
        tags: tags.get(row.id) ?? [],
        live: live.get(row.id) ?? null,
        ...(slug === undefined ? {} : { authorSlug: slug }),
        ...(commentCount === undefined ? {} : { commentCount }),
      };
    }),
    nextCursor: rows.length > limit ? page[page.length - 1]?.id : undefined,
  };
}

/** The author page of each post's creator (a byline links it), by post id; a post no account created has none. */
async function authorSlugsOf(executor: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .selectFrom('posts')
    .innerJoin('accounts', 'accounts.id', 'posts.created_by')
    .select(['posts.id as post_id', 'accounts.id as account_id', 'accounts.name'])
    .where('posts.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.post_id, authorSlug(shownText(row.name), row.account_id)]));
}

/** The ids of the posts carrying the tag with this slug (a subquery). */
function postsTagged(db: Kysely<Database>, slug: string) {
  return db
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .select('post_tags.post_id')
    .where('tags.slug', '=', slug);
}

/**
 * Up to `limit` other public posts sharing this post's primary tag, newest first ("More on {tag}" below a post); none
 * when the post has no tag.
 */
export async function relatedPosts(
  db: Db,
  post: Pick<BlogPost, 'id' | 'tags'>,
  { limit = 3, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<BlogSummary[]> {
  const primary = post.tags?.[0];
  if (primary === undefined) return [];
  const rows = await onlyPublic(selectPosts(db.kysely), now)
    .where('id', 'in', postsTagged(db.kysely, primary.slug))
    .where('id', '!=', post.id)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const ids = rows.map((row) => row.id);
  const [tags, live] = await Promise.all([tagsOfPosts(db.kysely, ids), coverageOf(db.kysely, ids)]);
  return rows.map((row) => ({ ...toSummary(row, now), tags: tags.get(row.id) ?? [], live: live.get(row.id) ?? null }));
}

export async function findPost(db: Db, id: number, options: ReadOptions = {}): Promise<BlogPost | undefined> {
  return readPost(db.kysely, id, options);
}

/** findPost for many ids at once, in the order of `ids` (a post the options hide is left out): one read per table. */
export async function findPosts(db: Db, ids: number[], options: ReadOptions = {}): Promise<BlogPost[]> {
  return readPosts(db.kysely, ids, options);
}

/** findPost on a connection or inside a transaction. */
async function readPost(executor: Kysely<Database>, id: number, options: ReadOptions): Promise<BlogPost | undefined> {
  const [post] = await readPosts(executor, [id], options);
  return post;
}

/** The photos a post shows (header, author, products, inside the story): each is read with its variants and size. */
const imageUrlsOf = (post: Pick<BlogPost, 'imageUrl' | 'authorImage' | 'products' | 'sections'>) => [
  post.imageUrl,
  post.authorImage,
  ...post.products.map((product) => product.imageUrl),
  ...post.sections.flatMap((section) => (section.type === 'image' ? [section.image] : [])),
];

async function readPosts(
  executor: Kysely<Database>,
  ids: number[],
  { includeHidden = false, now = new Date(), trashed = false }: ReadOptions,
): Promise<BlogPost[]> {
  if (ids.length === 0) return [];
  let query = (trashed ? selectTrashed(executor) : selectPosts(executor)).where('id', 'in', ids);
  if (!includeHidden) query = onlyPublic(query, now);
  const found = await query.execute();
  if (found.length === 0) return [];
  const foundIds = found.map((post) => post.id);
  const [sections, products, tags, live, creators] = await Promise.all([
    executor
      .selectFrom('sections')
      .selectAll()
      .where('post_id', 'in', foundIds)
      .orderBy('post_id')
      .orderBy('position')
      .execute(),
    executor
      .selectFrom('products')
      .selectAll()
      .where('post_id', 'in', foundIds)
      .orderBy('post_id')
      .orderBy('position')
      .execute(),
    tagsOfPosts(executor, foundIds),
    coverageOf(executor, foundIds),
    // The creator's account names the author page a byline links to.
    executor
      .selectFrom('posts')
      .innerJoin('accounts', 'accounts.id', 'posts.created_by')
      .select(['posts.id as post_id', 'accounts.id as account_id', 'accounts.name'])
      .where('posts.id', 'in', foundIds)
      .execute(),
  ]);
  const shown = found.map((row) => {
    const creator = creators.find((part) => part.post_id === row.id);
    const { createdAt, status, publishAt, updatedAt, ...summary } = toSummary(row, now);
    return {
      ...summary,
      imageAlt: shownText(row.image_alt),
      textFormat: row.text_format,
      newsletter: row.newsletter === 1,
      authorTitle: shownText(row.author_title),
      authorImage: shownUrl(row.author_image),
      sections: sections.filter((part) => part.post_id === row.id).map(toSection),
      products: products.filter((part) => part.post_id === row.id).map(toProduct),
      tags: tags.get(row.id) ?? [],
      ...(creator ? { authorSlug: authorSlug(shownText(creator.name), creator.account_id) } : {}),
      createdAt,
      status,
      publishAt,
      updatedAt,
    };
  });
  const images = await imageFactsFor(executor, shown.flatMap(imageUrlsOf));
  const comments = await commentFactsOf(executor, foundIds, now);
  const byId = new Map(
    shown.map((post) => {
      const own = new Set(imageUrlsOf(post));
      const facts = Object.fromEntries(Object.entries(images).filter(([url]) => own.has(url)));
      return [post.id, { ...post, images: facts, live: live.get(post.id) ?? null, ...comments.get(post.id) }];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A post's own fields (not its parts) in the read shape's names: what a submission and a kept version both give. */
type PostFields = Pick<
  BlogPost,
  'title' | 'icon' | 'authorName' | 'authorTitle' | 'authorImage' | 'publishDate' | 'readTime' | 'imageUrl'
> &
  Pick<Partial<BlogPost>, 'imageAlt' | 'textFormat' | 'status' | 'publishAt' | 'newsletter'>;

/** A post's columns: the one mapping of its own fields to the posts row. */
function postColumns(fields: PostFields) {
  return {
    title: fields.title,
    icon: fields.icon,
    author_name: fields.authorName,
    author_title: fields.authorTitle,
    author_image: fields.authorImage,
    publish_date: fields.publishDate,
    read_time: fields.readTime,
    image_url: fields.imageUrl,
    image_alt: fields.imageAlt ?? '',
    text_format: fields.textFormat ?? 'plain',
    // absent (an edit that does not say): the stored choice stays
    ...(fields.newsletter === undefined ? {} : { newsletter: fields.newsletter ? 1 : 0 }),
    ...statusColumns(fields),
  };
}

/** How a status is stored: a post in review is a draft (never public), its open submission a post_reviews row. */
function statusColumns({ status = 'published', publishAt = null }: Partial<PostState>) {
  return {
    status: status === 'draft' || status === 'review' ? ('draft' as const) : ('published' as const),
    publish_at: publishAt,
  };
}

/** A submission's own fields, named as in the read shape. */
function submittedFields({ header, footer, status, publishAt, newsletter }: PostInput): PostFields {
  return {
    title: header.title,
    icon: header.icon,
    authorName: footer.authorName,
    authorTitle: footer.authorTitle,
    authorImage: footer.imageUrl,
    publishDate: header.publishDate,
    readTime: header.readTime,
    imageUrl: header.image,
    imageAlt: header.imageAlt,
    textFormat: header.textFormat,
    status,
    publishAt,
    newsletter,
  };
}

/** Sections, products and tags of a post, then its search index entry: all in the write's own transaction. */
async function insertParts(trx: Transaction<Database>, dialect: Db['dialect'], postId: number, input: PostInput) {
  await insertRows(trx, postId, input);
  await writePostTags(trx, postId, tagsOf(input.header.tags ?? []));
  await indexPost(trx, dialect, postId);
}

/** A section or product row but for its post and position (a restored version's rows keep their ids). */
type PartValues<Table> = Omit<Insertable<Table>, 'post_id' | 'position'>;

/** A post's section and product rows, in the order given: the one insert behind a submission and a restore. */
async function insertPartRows(
  trx: Transaction<Database>,
  postId: number,
  sections: PartValues<SectionsTable>[],
  products: PartValues<ProductsTable>[],
): Promise<void> {
  const placed = <T>(values: T, position: number) => ({ ...values, post_id: postId, position });
  if (sections.length > 0) await trx.insertInto('sections').values(sections.map(placed)).execute();
  if (products.length > 0) await trx.insertInto('products').values(products.map(placed)).execute();
}

async function insertRows(trx: Transaction<Database>, postId: number, input: PostInput): Promise<void> {
  await insertPartRows(trx, postId, input.header.sections.map(sectionValues), input.products.map(productValues));
}

/** A product's columns, as submitted or as a version holds it. */
const productValues = (product: Omit<Product, 'id'>): PartValues<ProductsTable> => ({
  title: product.title,
  description: product.description,
  price: product.price,
  image_url: product.imageUrl,
  amazon_url: product.amazonUrl,
});

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
  alsoInTransaction?: AlsoInTransaction,
): Promise<BlogPost> {
  return db.kysely.transaction().execute(async (trx) => {
    const post = await trx
      .insertInto('posts')
      .values({
        // a new post is mailed unless the writer says not to
        newsletter: 1,
        ...postColumns(submittedFields(input)),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        created_by: by,
        updated_by: by,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertParts(trx, db.dialect, post.id, input);
    await alsoInTransaction?.(trx, post.id, () => readWritten(trx, post.id, now));
    await purgeExpiredTrash(trx, now);
    const created = await readWritten(trx, post.id, now);
    await bumpRevision(trx);
    return created;
  });
}

/**
 * A write that must find the post as its caller last saw it. `seenUpdatedAt`: the updatedAt of the version the caller
 * read (and checked If-Match against); `ifUnchanged`: refuse the write unless the post is still at that version.
 */
export type WriteCondition = {
  seenUpdatedAt?: string;
  ifUnchanged?: boolean;
  now?: Date;
  /**
   * The version this write replaces, as read before it: kept as a revision in the write's transaction. The write is
   * then conditional on its updatedAt whatever ifUnchanged says, so the revision is exactly what was replaced.
   */
  replaced?: BlogPost;
  /** who makes the change (stored with the revision) */
  by?: Author;
  /** the desk's part of the change (review steps, notifications, mail), in the same transaction */
  alsoInTransaction?: AlsoInTransaction;
};

export type WriteOutcome<T> = { outcome: 'done'; value: T } | { outcome: 'not-found' } | { outcome: 'conflict' };

class Refused extends Error {
  constructor(readonly outcome: 'not-found' | 'conflict') {
    super(outcome);
  }
}

/** After a conditional statement touched no row: was the post gone, or at another version? */
async function refusal(trx: Transaction<Database>, id: number): Promise<Refused> {
  const row = await trx.selectFrom('posts').select('deleted_at').where('id', '=', id).executeTakeFirst();
  return new Refused(row === undefined || row.deleted_at !== null ? 'not-found' : 'conflict');
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
  condition: WriteCondition = {},
): Promise<WriteOutcome<BlogPost>> {
  return replacePost(
    db,
    id,
    condition,
    async (trx) => {
      await deleteParts(trx, id);
      await insertParts(trx, db.dialect, id, input);
    },
    postColumns(submittedFields(input)),
  );
}

/**
 * Sets a post's status (and publishAt) alone, as a review decision does: the conditional UPDATE, the revision of the
 * version replaced and the caller's alsoInTransaction, with no section, product, tag or search row rewritten.
 */
export async function setPostStatus(
  db: Db,
  id: number,
  state: Pick<PostState, 'status' | 'publishAt'>,
  condition: WriteCondition,
): Promise<WriteOutcome<BlogPost>> {
  const columns = statusColumns(state);
  return replacePost(db, id, condition, (trx) => endSubmissionIfPublished(trx, id, columns.status), columns);
}

/** A post stored as published has no open submission, which would otherwise outlive it. */
async function endSubmissionIfPublished(trx: Transaction<Database>, id: number, status: 'draft' | 'published') {
  if (status === 'published') await trx.deleteFrom('post_reviews').where('post_id', '=', id).execute();
}

async function deleteParts(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('sections').where('post_id', '=', id).execute();
  await trx.deleteFrom('products').where('post_id', '=', id).execute();
}

/**
 * The one way a stored post is replaced (PUT, a revision's restore, a status change): the conditional UPDATE first,
 * then the parts (writeParts), the revision of the version replaced, and the trash's purge, all in one transaction.
 */
async function replacePost(
  db: Db,
  id: number,
  {
    seenUpdatedAt: seenAt,
    ifUnchanged: unchanged = false,
    now = new Date(),
    replaced,
    by,
    alsoInTransaction,
  }: WriteCondition,
  writeParts: (trx: Transaction<Database>) => Promise<void>,
  columns: Updateable<PostsTable>,
): Promise<WriteOutcome<BlogPost>> {
  const seenUpdatedAt = replaced?.updatedAt ?? seenAt;
  const ifUnchanged = unchanged || replaced !== undefined;
  // Strictly later than the version replaced, even within one millisecond or with another process's clock ahead.
  const seen = seenUpdatedAt === undefined ? Number.NaN : Date.parse(seenUpdatedAt);
  const updatedAt = new Date(Number.isNaN(seen) ? now.getTime() : Math.max(now.getTime(), seen + 1)).toISOString();
  return conditionally(() =>
    db.kysely.transaction().execute(async (trx) => {
      let update = trx
        .updateTable('posts')
        .set({ ...columns, updated_at: updatedAt, updated_by: by?.accountId ?? null })
        .where('id', '=', id)
        .where('deleted_at', 'is', null);
      if (ifUnchanged && seenUpdatedAt !== undefined) update = update.where('updated_at', '=', seenUpdatedAt);
      const { numUpdatedRows } = await update.executeTakeFirst();
      if (numUpdatedRows === 0n) throw await refusal(trx, id);
      await writeParts(trx);
      if (replaced !== undefined) await storeRevision(trx, replaced, by, now);
      await alsoInTransaction?.(trx, id, () => readWritten(trx, id, now));
      await purgeExpiredTrash(trx, now);
      const updated = await readWritten(trx, id, now);
      await bumpRevision(trx);
      return updated;
    }),
  );
}

/**
 * Moves the post to the trash: every read but the trash's list treats it as gone; its parts and revisions stay, and
 * POST /api/blogs/:id/restore brings it back with the status it had.
 */
export async function trashPost(
  db: Db,
  id: number,
  { seenUpdatedAt, ifUnchanged = false, now = new Date() }: WriteCondition = {},
): Promise<WriteOutcome<undefined>> {
  return conditionally(() =>
    db.kysely.transaction().execute(async (trx) => {
      let statement = trx
        .updateTable('posts')
        .set({ deleted_at: now.toISOString() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null);
      if (ifUnchanged && seenUpdatedAt !== undefined) statement = statement.where('updated_at', '=', seenUpdatedAt);
      const { numUpdatedRows } = await statement.executeTakeFirst();
      if (numUpdatedRows === 0n) throw await refusal(trx, id);
      await unindexPost(trx, db.dialect, id);
      await purgeExpiredTrash(trx, now);
      await bumpRevision(trx);
      return undefined;
    }),
  );
}

/**
 * Brings a trashed post back, with the status it had. Its updatedAt moves (the ETag it had in the trash is stale) and
 * the trashed version is kept as a revision, like any change. not-found: no such post in the trash.
 */
export async function restoreFromTrash(
  db: Db,
  id: number,
  { now = new Date(), by }: Pick<WriteCondition, 'now' | 'by'> = {},
): Promise<WriteOutcome<BlogPost>> {
  const trashed = await readPost(db.kysely, id, { includeHidden: true, now, trashed: true });
  if (trashed === undefined) return { outcome: 'not-found' };
  const updatedAt = new Date(Math.max(now.getTime(), Date.parse(trashed.updatedAt) + 1)).toISOString();
  return conditionally(() =>
    db.kysely.transaction().execute(async (trx) => {
      // Conditional on the version read above, so the revision stored is the one replaced.
      const { numUpdatedRows } = await trx
        .updateTable('posts')
        .set({ deleted_at: null, updated_at: updatedAt, updated_by: by?.accountId ?? null })
        .where('id', '=', id)
        .where('deleted_at', 'is not', null)
        .where('updated_at', '=', trashed.updatedAt)
        .executeTakeFirst();
      if (numUpdatedRows === 0n) throw new Refused('not-found');
      await storeRevision(trx, trashed, by, now);
      await indexPost(trx, db.dialect, id); // the trash took it out of the index
      await purgeExpiredTrash(trx, now);
      const restored = await readWritten(trx, id, now);
      await bumpRevision(trx);
      return restored;
    }),
  );
}

/** What the role rules need of a post in the trash (who created it, its status), or undefined when none is there. */
export async function trashedFacts(db: Db, id: number): Promise<PostFacts | undefined> {
  const row = await db.kysely
    .selectFrom('posts')
    .select(['created_by', 'status'])
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return row === undefined ? undefined : { createdBy: row.created_by, status: row.status };
}

/** Removes a trashed post for good, with its parts and revisions. not-found: the post does not exist at all. */
export async function deleteForever(
  db: Db,
  id: number,
  now = new Date(),
): Promise<'done' | 'not-found' | 'not-trashed'> {
  return db.kysely.transaction().execute(async (trx) => {
    const { numDeletedRows } = await trx
      .deleteFrom('posts')
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst();
    if (numDeletedRows === 0n) {
      const row = await trx.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst();
      return row === undefined ? 'not-found' : 'not-trashed';
    }
    await purgeExpiredTrash(trx, now);
    await bumpRevision(trx);
    return 'done';
  });
}

/** How long a post stays in the trash before it is removed for good. */
export const TRASH_DAYS = 30;

/**
 * Removes every post trashed more than TRASH_DAYS before `now`, with its revisions: part of every write, and run at
 * start, so the trash empties itself with no job to schedule.
 */
async function purgeExpiredTrash(executor: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * 86_400_000).toISOString();
  const { numDeletedRows } = await executor
    .deleteFrom('posts')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', cutoff)
    .executeTakeFirst();
  return Number(numDeletedRows);
}

/** The purge on its own (at start): how many posts it removed. */
export async function purgeTrash(db: Db, now: Date): Promise<number> {
  return purgeExpiredTrash(db.kysely, now);
}

/** Trashed posts, newest first by id (the same cursor as the main list), each with its deletion time. */
export async function listTrashed(
  db: Db,
  { limit, beforeId, now = new Date() }: { limit: number; beforeId?: number; now?: Date },
): Promise<{ posts: (BlogSummary & { deletedAt: string })[]; nextCursor: number | undefined }> {
  let query = selectTrashed(db.kysely)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (beforeId !== undefined) query = query.where('id', '<', beforeId);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  return {
    posts: page.map((row) => ({ ...toSummary(row, now), deletedAt: isoTime(row.deleted_at ?? '') })),
    nextCursor: rows.length > limit ? page[page.length - 1]?.id : undefined,
  };
}

/**
 * Replaces the post with one of its revisions: the same fields, status, sections and products (their ids too, so the
 * post equals the revision apart from updatedAt), keeping the version replaced as a new revision.
 */
export async function restoreRevision(
  db: Db,
  id: number,
  version: BlogPost,
  condition: WriteCondition,
): Promise<WriteOutcome<BlogPost>> {
  const columns = postColumns(version);
  return replacePost(
    db,
    id,
    condition,
    async (trx) => {
      await deleteParts(trx, id);
      await insertVersionParts(trx, id, version);
      await endSubmissionIfPublished(trx, id, columns.status);
      // The version's tags come back with it, and the index learns its words (as insertParts does for a PUT).
      await writePostTags(trx, id, tagsOf((version.tags ?? []).map((tag) => tag.name)));
      await indexPost(trx, db.dialect, id);
    },
    columns,
  );
}

async function insertVersionParts(trx: Transaction<Database>, postId: number, version: BlogPost): Promise<void> {
  await insertPartRows(
    trx,
    postId,
    version.sections.map((section) => ({ id: section.id, ...sectionValues(section) })),
    version.products.map((product) => ({ id: product.id, ...productValues(product) })),
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
      .where('deleted_at', 'is', null)
      .where('publish_at', '>', now.toISOString())
      .executeTakeFirst(),
  ]);
  const nextAt = next?.next === null || next?.next === undefined ? undefined : Date.parse(isoTime(next.next));
  return { revision: Number(revision?.revision ?? 0), nextPublishAt: nextAt };
}

/** The header image of a public post ('' when it has none), or undefined when there is no such public post. */
export async function findPostImageUrl(db: Db, id: number, now = new Date()): Promise<string | undefined> {
  // A hint in a page anyone may load: a draft's image address would be a trace of the draft.
  const row = await onlyPublic(selectPosts(db.kysely), now).where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : shownUrl(row.image_url);
}

export async function countPosts(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
