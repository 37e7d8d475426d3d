// All SQL about posts, and the mapping between snake_case rows and the API's read shape (SPEC 3).
import type { BlogPost, BlogSummary, Product, Section } from '../../contract/types';
import type { ValidBlogSubmission } from '../../contract/schemas';
import { POST_ID_MAX } from '../../contract/routes';
import type { Db, PostRow, ProductRow, SectionRow } from '../db/database';

function isoTime(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

function json(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

function toSummary(row: PostRow): BlogSummary {
  return {
    id: row.id,
    title: row.title,
    icon: row.icon,
    authorName: row.author_name,
    publishDate: row.publish_date,
    readTime: row.read_time,
    imageUrl: row.image_url,
    createdAt: isoTime(row.created_at),
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
] as const;

/** Newest first. `beforeId` is the cursor: the id of the last post of the previous page. */
export async function listPosts(
  db: Db,
  { limit, beforeId }: { limit: number; beforeId?: number },
): Promise<{ posts: BlogSummary[]; nextCursor: number | undefined }> {
  let query = db.kysely
    .selectFrom('posts')
    .select(summaryColumns)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  // Every id is below a cursor past the integer range (such a cursor would overflow PostgreSQL's integer).
  if (beforeId !== undefined && beforeId <= POST_ID_MAX) query = query.where('id', '<', beforeId);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  return {
    posts: page.map(toSummary),
    nextCursor: rows.length > limit ? page[page.length - 1]?.id : undefined,
  };
}

export async function findPost(db: Db, id: number): Promise<BlogPost | undefined> {
  if (id > POST_ID_MAX) return undefined;
  const post = await db.kysely.selectFrom('posts').select(summaryColumns).where('id', '=', id).executeTakeFirst();
  if (post === undefined) return undefined;
  const [sections, products] = await Promise.all([
    db.kysely.selectFrom('sections').selectAll().where('post_id', '=', id).orderBy('position').execute(),
    db.kysely.selectFrom('products').selectAll().where('post_id', '=', id).orderBy('position').execute(),
  ]);
  const { createdAt, ...summary } = toSummary(post);
  return {
    ...summary,
    authorTitle: post.author_title,
    authorImage: post.author_image,
    sections: sections.map(toSection),
    products: products.map(toProduct),
    createdAt,
  };
}

/** Stores a validated submission in one transaction and returns it in the read shape. The token is not part of it. */
export async function createPost(db: Db, input: ValidBlogSubmission, now = new Date()): Promise<BlogPost> {
  const id = await db.kysely.transaction().execute(async (trx) => {
    const { header, footer, products } = input;
    const post = await trx
      .insertInto('posts')
      .values({
        title: header.title,
        icon: header.icon,
        author_name: footer.authorName,
        author_title: footer.authorTitle,
        author_image: footer.imageUrl,
        publish_date: header.publishDate,
        read_time: header.readTime,
        image_url: header.image,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (header.sections.length > 0) {
      await trx
        .insertInto('sections')
        .values(
          header.sections.map((section, position) => ({
            post_id: post.id,
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
            post_id: post.id,
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
    return post.id;
  });
  const created = await findPost(db, id);
  if (created === undefined) throw new Error(`post ${id} vanished right after it was stored`);
  return created;
}

/** The header image of a post ('' when it has none), or undefined when there is no such post. */
export async function findPostImageUrl(db: Db, id: number): Promise<string | undefined> {
  if (id > POST_ID_MAX) return undefined;
  const row = await db.kysely.selectFrom('posts').select('image_url').where('id', '=', id).executeTakeFirst();
  return row?.image_url;
}

export async function countPosts(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
