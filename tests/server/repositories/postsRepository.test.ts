// findPosts: many whole posts in one read per table, each exactly as findPost reads it alone (its own sections,
// products, tags and image facts, none of another post's), in the order asked, hidden and unknown ids left out.
import type { BlogSubmission } from '../../../src/contract/schemas';
import type { BlogPost } from '../../../src/contract/types';
import { findPost, findPosts } from '../../../src/server/repositories/postsRepository';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN, useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-28T09:00:00.000Z');
const t = useTestApp({ now: START });
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
  const alone = async (id: number, options = staff) => (await findPost(t.db, id, options))!;

  const all = await findPosts(t.db, [third, 999_999, first, second], staff);
  expect(all).toEqual([await alone(third), await alone(first), await alone(second)]);
  expect(all.map((p) => Object.keys(p.images).length)).toEqual([1, 3, 1]);
  expect(await findPosts(t.db, [second, first], { now })).toEqual([await alone(first, { now })]);
  expect(await findPosts(t.db, [], staff)).toEqual([]);
});
