// Compression as Accept-Encoding asks: how the header is read (RFC 9110 §12.5.3), and the feeds, sitemaps, robots.txt
// and JSON API sent br or gzip with Vary, kept answers compressed once, small ones left as they are, identity and
// `*;q=0` honoured.
import zlib from 'node:zlib';
import type { BlogPost } from '../../../src/contract/types';
import { readAcceptEncoding } from '../../../src/server/http/contentCoding';
import { SEED_POSTS } from '../../../src/server/seed';
import { createPost } from '../../../src/server/repositories/postsRepository';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN, useTestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

describe('readAcceptEncoding', () => {
  it.each([
    [undefined, 'identity', 'identity'],
    ['', 'identity', 'identity'],
    ['gzip, deflate, br, zstd', 'br', 'identity'],
    ['gzip', 'gzip', 'identity'],
    ['x-gzip', 'gzip', 'identity'],
    ['GZIP;Q=0.5, br;q=0.8', 'br', 'identity'],
    ['br;q=0.5, gzip', 'gzip', 'identity'],
    ['*', 'br', 'identity'],
    ['identity', 'identity', 'identity'],
    ['gzip;q=0.4, identity;q=0.9', 'identity', 'identity'],
    ['br;q=0, gzip;q=0', 'identity', 'identity'],
    ['deflate, zstd', 'identity', 'identity'],
    ['*;q=0, gzip', 'gzip', 'gzip'],
    ['*;q=0, identity', 'identity', 'identity'],
    ['identity;q=0, br', 'br', 'br'],
    ['*;q=0', undefined, undefined],
    ['identity;q=0', undefined, undefined],
    ['br;q=0, gzip;q=0, identity;q=0', undefined, undefined],
    ['gzip;q=2, br;q=abc', 'identity', 'identity'],
  ])('%j: %s for a large body, %s for a small one', (header, large, small) => {
    expect(readAcceptEncoding(header)).toEqual({ large, small });
  });
});

// Kept list answers live a minute here, so a slow run never sees one expire between two requests.
const t = useTestApp({ listCacheTtlMs: 60_000, sharedApp: true });

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

const decode = (coding: string | undefined, bytes: Buffer) =>
  coding === 'br' ? zlib.brotliDecompressSync(bytes) : coding === 'gzip' ? zlib.gunzipSync(bytes) : bytes;

/** A post whose JSON is over a kilobyte (a match report's length). */
async function publish(title: string, tags: string[] = ['derby']): Promise<BlogPost> {
  const report = validSubmission({ title, tags });
  const paragraph = 'The home side pressed high from the first whistle and the away side sat deep. '.repeat(20);
  const sections = (report.header.sections ?? []).map((section) => ({ ...section, paragraph }));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    payload: { ...report, header: { ...report.header, sections }, accessToken: TOKEN },
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

/** Posts straight into the database, so a sitemap holds enough URLs to be worth compressing. */
async function store(count: number): Promise<void> {
  for (let i = 1; i <= count; i += 1) {
    const sample = SEED_POSTS[i % SEED_POSTS.length]!;
    await createPost(t.testDb.db, { ...sample, header: { ...sample.header, title: `Story ${i}`, tags: [] } });
  }
}

/** The answer in `coding` checked against the identity answer: the same bytes once decoded, marked, its own tag. */
async function expectCoded(url: string, coding: 'br' | 'gzip') {
  const plain = await get(url, { 'accept-encoding': 'identity' });
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toMatch(/Accept-Encoding/);
  expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
  const coded = await get(url, { 'accept-encoding': coding === 'br' ? 'gzip, deflate, br, zstd' : 'gzip' });
  expect(coded.statusCode).toBe(200);
  expect(coded.headers['content-encoding']).toBe(coding);
  expect(coded.headers.vary).toMatch(/Accept-Encoding/);
  expect(coded.headers['content-type']).toBe(plain.headers['content-type']);
  expect(coded.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  expect(Number(coded.headers['content-length'])).toBe(coded.rawPayload.length);
  expect(coded.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  expect(decode(coding, coded.rawPayload).toString('utf8')).toBe(plain.body);
  expect(coded.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-${coding}"`);
  // The coded tag revalidates the coded answer.
  const again = await get(url, { 'accept-encoding': coding, 'if-none-match': String(coded.headers.etag) });
  expect(again.statusCode).toBe(304);
  expect(again.rawPayload.length).toBe(0);
  return { plain, coded };
}

describe('discovery files', () => {
  it('the feed, a tag feed and the sitemap go out in br or gzip, the same text decoded', async () => {
    for (let i = 1; i <= 3; i += 1) await publish(`Derby report ${i}`);
    await store(20);
    for (const coding of ['br', 'gzip'] as const) {
      await expectCoded('/feed.xml', coding);
      await expectCoded('/tag/derby/feed.xml', coding);
      await expectCoded('/sitemap.xml', coding);
    }
  });

  it('the sitemap files past the index are compressed too', async () => {
    await t.restart({ sitemapMaxUrls: 25 });
    await store(60);
    // The index names three files: under a kilobyte, it goes as it is.
    const index = await get('/sitemap.xml', { 'accept-encoding': 'br' });
    expect(index.headers['content-encoding']).toBeUndefined();
    expect(index.body).toContain('<sitemapindex');
    await expectCoded('/sitemap-posts-2.xml', 'br');
  });

  it('robots.txt is under a kilobyte, so it goes as it is, and compressed only for a client that refuses identity', async () => {
    const plain = await get('/robots.txt', { 'accept-encoding': 'gzip, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const coded = await get('/robots.txt', { 'accept-encoding': 'br, identity;q=0' });
    expect(coded.headers['content-encoding']).toBe('br');
    expect(coded.headers.vary).toBe('Accept-Encoding');
    expect(decode('br', coded.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('the JSON API', () => {
  it('a post and a list page go out compressed; a small answer as it is', async () => {
    const first = await publish('Derby report one');
    for (let i = 2; i <= 6; i += 1) await publish(`Derby report ${i}`);
    await expectCoded(`/api/blogs/${first.id}`, 'br');
    await expectCoded(`/api/blogs/${first.id}`, 'gzip');
    await expectCoded('/api/blogs', 'br');
    const tags = await get('/api/tags', { 'accept-encoding': 'gzip, br' });
    expect(tags.statusCode).toBe(200);
    expect(tags.rawPayload.length).toBeLessThan(1024);
    expect(tags.headers['content-encoding']).toBeUndefined();
    expect(tags.headers.vary).toBe('Accept-Encoding');
  });

  it('keeps the post answer its cache vary on Authorization as well', async () => {
    const post = await publish('Derby report');
    const res = await get(`/api/blogs/${post.id}`, { 'accept-encoding': 'br' });
    expect(res.headers.vary).toBe('Authorization, Accept-Encoding');
  });

  it('a search answer, made per request, is compressed when large', async () => {
    for (let i = 1; i <= 6; i += 1) await publish(`Derby report ${i}`);
    const plain = await get('/api/search?q=derby');
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
    const coded = await get('/api/search?q=derby', { 'accept-encoding': 'br' });
    expect(coded.headers['content-encoding']).toBe('br');
    expect(coded.headers.vary).toMatch(/Accept-Encoding/);
    expect(decode('br', coded.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('a kept answer is compressed once, however often it is sent', async () => {
    const post = await publish('Derby report');
    for (let i = 2; i <= 6; i += 1) await publish(`Derby report ${i}`);
    const brotli = jest.spyOn(zlib, 'brotliCompressSync');
    const gzip = jest.spyOn(zlib, 'gzipSync');
    try {
      for (let i = 0; i < 5; i += 1) {
        for (const url of [`/api/blogs/${post.id}`, '/api/blogs', '/feed.xml']) {
          expect((await get(url, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
          expect((await get(url, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
        }
      }
      expect(brotli).toHaveBeenCalledTimes(3);
      expect(gzip).toHaveBeenCalledTimes(3);
    } finally {
      brotli.mockRestore();
      gzip.mockRestore();
    }
  });

  it('a staff read compressed per request keeps If-Match working with the tag it was given', async () => {
    const post = await publish('Derby report');
    const read = await get(`/api/blogs/${post.id}`, { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'br' });
    expect(read.headers['content-encoding']).toBe('br');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.headers.etag).toMatch(/-br"$/);
    const body = JSON.parse(decode('br', read.rawPayload).toString('utf8')) as BlogPost;
    expect(body.title).toBe('Derby report');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post.id}`,
      headers: { 'if-match': String(read.headers.etag), 'accept-encoding': 'gzip' },
      payload: { ...validSubmission({ title: 'Derby report, edited' }), accessToken: TOKEN },
    });
    expect(put.statusCode).toBe(200);
    expect(put.headers['content-encoding']).toBe('gzip');
    expect(put.headers.etag).toMatch(/-gzip"$/);
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post.id}`,
      headers: { 'if-match': String(read.headers.etag) },
      payload: { ...validSubmission({ title: 'Derby report, again' }), accessToken: TOKEN },
    });
    expect(stale.statusCode).toBe(412);
  });
});

describe('identity and refusals', () => {
  it('identity, and br;q=0 with gzip;q=0, get the body as it is', async () => {
    const post = await publish('Derby report');
    for (const header of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      for (const url of [`/api/blogs/${post.id}`, '/feed.xml']) {
        const res = await get(url, { 'accept-encoding': header });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
      }
    }
  });

  it('*;q=0 with a coding named gets that coding', async () => {
    const post = await publish('Derby report');
    const res = await get(`/api/blogs/${post.id}`, { 'accept-encoding': '*;q=0, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('a client that refuses identity and every coding offered gets a 406', async () => {
    const post = await publish('Derby report');
    for (const header of ['*;q=0', 'identity;q=0', 'deflate, identity;q=0'])
      for (const url of [`/api/blogs/${post.id}`, '/api/tags', '/feed.xml', '/robots.txt', '/api/search?q=derby']) {
        const res = await get(url, { 'accept-encoding': header });
        expect([url, header, res.statusCode]).toEqual([url, header, 406]);
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.json()).toEqual({ error: expect.stringMatching(/^Not acceptable/) });
      }
  });
});
