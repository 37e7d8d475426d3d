// The sitemap at scale: past its URL limit per file (50,000, the protocol's), /sitemap.xml is an index of
// /sitemap-posts-N.xml files, each built by one streaming query, cached, and rebuilt once however many requests wait for
// it. The splitting is checked with a limit of 1,000 over 2,400 posts inserted directly (the same code as 50,000 over
// 120,000, at a fiftieth of the cost), and the default limit by the same posts staying one file.
import * as postsRepository from '../../../src/server/repositories/postsRepository';
import type * as PostsRepository from '../../../src/server/repositories/postsRepository';
// Counted through the module object the routes call: a spy cannot redefine an ES module's export, so the module is
// replaced by itself with this one function wrapped (it still does the real work).
jest.mock('../../../src/server/repositories/postsRepository', () => {
  const actual = jest.requireActual<typeof PostsRepository>('../../../src/server/repositories/postsRepository');
  return { ...actual, __esModule: true, streamPublicPosts: jest.fn(actual.streamPublicPosts) };
});
import { PUBLIC_URL, startTestApp } from '../helpers/testApp';
import type { TestApp } from '../helpers/testApp';
import { createTestDb } from '../helpers/testDb';
import type { TestDb } from '../helpers/testDb';
import { childrenNamed, only, parseXml } from '../helpers/xml';

const PUBLIC_POSTS = 2_400;
/** URLs per file in these tests; the site's default is 50,000. */
const MAX_URLS = 1_000;
/** The site's own pages listed before the posts. */
const SITE_PAGES = 3;
const DRAFTS = 5;
const BATCH = 600;

let testDb: TestDb;
let t: TestApp;

/** Rows as the repository stores them, without the API: a post needs no sections to be listed. */
async function seed(db: TestDb['db']): Promise<void> {
  const at = '2026-11-01T12:00:00.000Z';
  const row = (status: 'published' | 'draft') => ({
    title: 'Post',
    icon: 'trophy',
    author_name: 'A',
    author_title: '',
    author_image: '',
    publish_date: '2026-11-01',
    read_time: '1 min',
    image_url: '',
    created_at: at,
    status,
    publish_at: null,
    updated_at: at,
  });
  for (let done = 0; done < PUBLIC_POSTS; done += BATCH)
    await db.kysely
      .insertInto('posts')
      .values(Array.from({ length: BATCH }, () => row('published')))
      .execute();
  await db.kysely
    .insertInto('posts')
    .values(Array.from({ length: DRAFTS }, () => row('draft')))
    .execute();
}

beforeAll(async () => {
  testDb = await createTestDb();
  await seed(testDb.db);
  t = await startTestApp({ testDb, sitemapMaxUrls: MAX_URLS });
});
afterAll(async () => {
  await t.close();
  await testDb.drop();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const postLocs = (body: string) => [...body.matchAll(/<loc>[^<]*\/page\/(\d+)<\/loc>/g)].map((m) => Number(m[1]));
const urlCount = (body: string) => body.split('<url>').length - 1;

describe('a sitemap of 2,400 posts at 1,000 URLs a file', () => {
  it('is an index of files of at most 1,000 URLs that together list every public post once', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    const root = parseXml(index.body);
    expect(root.name).toBe('sitemapindex');
    expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const files = childrenNamed(root, 'sitemap').map((entry) => only(entry, 'loc').text);
    expect(files).toEqual([1, 2, 3].map((n) => `${PUBLIC_URL}/sitemap-posts-${n}.xml`));

    const ids: number[] = [];
    for (const [i, file] of files.entries()) {
      const res = await get(file.slice(PUBLIC_URL.length));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(urlCount(res.body)).toBeLessThanOrEqual(MAX_URLS);
      // The site's own pages are in the first file.
      expect(res.body.includes(`<loc>${PUBLIC_URL}/blog</loc>`)).toBe(i === 0);
      ids.push(...postLocs(res.body));
    }
    // Every public post once: none twice, no draft.
    expect(ids).toHaveLength(PUBLIC_POSTS);
    expect(new Set(ids).size).toBe(PUBLIC_POSTS);
    // The last file is small enough for the strict parser: it is well-formed XML.
    const last = parseXml((await get('/sitemap-posts-3.xml')).body);
    expect(last.name).toBe('urlset');
    expect(childrenNamed(last, 'url').length).toBe(PUBLIC_POSTS + SITE_PAGES - 2 * MAX_URLS);
  });

  it('answers 404 for a file past the last one', async () => {
    for (const url of ['/sitemap-posts-4.xml', '/sitemap-posts-0.xml']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
  });

  it('builds a file with one streaming query, shared by every request that waits for it, then serves it cached', async () => {
    const stream = jest.mocked(postsRepository.streamPublicPosts);
    stream.mockClear();
    try {
      // A fresh app: nothing cached yet.
      // A stopped clock: a build on a busy host can outlast the cache's 1 s lifetime, and the test is about sharing one
      // build, not about expiry.
      const frozen = Date.now();
      const fresh = await startTestApp({ testDb, sitemapMaxUrls: 800, now: () => frozen });
      try {
        const answers = await Promise.all(
          Array.from({ length: 5 }, () => fresh.app.inject({ method: 'GET', url: '/sitemap-posts-2.xml' })),
        );
        expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
        expect(new Set(answers.map((res) => res.body)).size).toBe(1);
        expect(urlCount(answers[0]!.body)).toBe(800);
        expect(stream).toHaveBeenCalledTimes(1);
        const again = await fresh.app.inject({ method: 'GET', url: '/sitemap-posts-2.xml' });
        expect(again.body).toBe(answers[0]!.body);
        expect(stream).toHaveBeenCalledTimes(1);
      } finally {
        await fresh.close();
      }
    } finally {
      stream.mockClear();
    }
  });

  it('stays one file at the default limit of 50,000 URLs', async () => {
    const plain = await startTestApp({ testDb });
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<urlset');
      expect(urlCount(res.body)).toBe(PUBLIC_POSTS + SITE_PAGES);
    } finally {
      await plain.close();
    }
  });
});
