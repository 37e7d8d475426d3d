// findPosts: many whole posts in one read per table, each exactly as findPost reads it alone (its own sections,
// products, tags and image facts, none of another post's), in the order asked, hidden and unknown ids left out. And the
// status-only write a review decision makes, beside the full replacement a PUT or a restore makes.
import * as z from 'zod/mini';
import { blogSubmissionSchema } from '../../../src/contract/schemas';
import type { BlogSubmission } from '../../../src/contract/schemas';
import type { BlogPost } from '../../../src/contract/types';
import { createPost, findPost, findPosts, setPostStatus } from '../../../src/server/repositories/postsRepository';
import { listRevisions } from '../../../src/server/repositories/revisionsRepository';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN, useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-28T09:00:00.000Z');
const t = useTestApp({ now: START, sharedApp: true });
const upload = (letter: string) => `/uploads/${letter.repeat(64)}.png`;

async function storeUpload(url: string, width: number) {
  await t.db.kysely
    .insertInto('uploads')
    .values({
      name: url.slice('/uploads/'.length),
      content_type: 'image/png',
      byte_size: 1,
      data: Buffer.from('x'),
      created_at: new Date(START).toISOString(),
      state: 'ready',
      width,
      height: width,
      widths: '64',
      formats: 'webp',
      fallback: 'png',
    })
    .execute();
}

async function post(title: string, status: 'draft' | 'published', image: string, products: string[], tags: string[]) {
  const base = validSubmission({ title, image, tags });
  const body: BlogSubmission = {
    ...base,
    products: products.map((imageUrl, i) => ({
      title: `${title} ${i}`,
      description: '',
      price: '$1',
      imageUrl,
      amazonUrl: '',
    })),
    status,
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>().id;
}

it('reads each post as findPost does, in the order asked, leaving out what the options hide', async () => {
  for (const [letter, width] of [
    ['c', 30],
    ['a', 10],
    ['b', 20],
  ] as const)
    await storeUpload(upload(letter), width);
  const first = await post('First', 'published', upload('b'), [upload('c'), upload('a')], ['Cup', 'Derby']);
  const second = await post('Second', 'draft', upload('a'), [], ['League']);
  const third = await post('Third', 'published', '', [upload('c')], []);
  const now = new Date(START);
  const staff = { includeHidden: true, now };
  const alone = async (id: number, options: { includeHidden?: boolean; now: Date } = staff) =>
    (await findPost(t.db, id, options))!;

  const all = await findPosts(t.db, [third, 999_999, first, second], staff);
  expect(all).toEqual([await alone(third), await alone(first), await alone(second)]);
  expect(all.map((p) => Object.keys(p.images ?? {}).length)).toEqual([1, 3, 1]);
  expect(await findPosts(t.db, [second, first], { now })).toEqual([await alone(first, { now })]);
  expect(await findPosts(t.db, [], staff)).toEqual([]);
});

const at = new Date('2026-03-01T10:00:00.000Z');

async function storedPost() {
  const input = z.parse(blogSubmissionSchema, { ...validSubmission({ tags: ['Derby'] }), status: 'draft' });
  return createPost(t.db, input, at);
}

describe('setPostStatus', () => {
  it('changes the status and publishAt alone, keeping the version it replaced as a revision', async () => {
    const { db } = t;
    const before = await storedPost();
    const later = new Date(at.getTime() + 60_000);
    const result = await setPostStatus(
      db,
      before.id,
      { status: 'published', publishAt: null },
      { replaced: before, now: later, by: { accountId: null, name: 'Editor' } },
    );
    expect(result.outcome).toBe('done');
    const after = await findPost(db, before.id, { includeHidden: true, now: later });
    expect(after).toEqual({ ...before, status: 'published', publishAt: null, updatedAt: later.toISOString() });
    expect((await listRevisions(db, before.id))?.map((revision) => revision.savedBy)).toEqual(['Editor']);
  });

  it('stores review as a draft, and refuses a version that is no longer current', async () => {
    const { db } = t;
    const before = await storedPost();
    const stale = { ...before, updatedAt: '2026-01-01T00:00:00.000Z' };
    const refused = await setPostStatus(db, before.id, { status: 'published', publishAt: null }, { replaced: stale });
    expect(refused.outcome).toBe('conflict');
    const review = await setPostStatus(db, before.id, { status: 'review', publishAt: null }, { replaced: before });
    expect(review.outcome).toBe('done');
    const row = await db.kysely.selectFrom('posts').select('status').where('id', '=', before.id).executeTakeFirst();
    expect(row?.status).toBe('draft');
  });
});
