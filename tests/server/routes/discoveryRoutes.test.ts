import type { BlogPost } from '../../../src/contract/types';
import { createPost } from '../../../src/server/repositories/postsRepository';
import { SEED_POSTS } from '../../../src/server/seed';
import { validSubmission } from '../fixtures/submissions';
import { manualSchedule, PUBLIC_URL, startTestApp, TOKEN, useTestApp } from '../helpers/testApp';
import { childrenNamed, only, parseXml } from '../helpers/xml';
import type { XmlElement } from '../helpers/xml';

jest.setTimeout(60_000);

const t = useTestApp({ sharedApp: true });

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function publish(title: string): Promise<BlogPost> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    payload: { ...validSubmission({ title }), accessToken: TOKEN },
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

/** Posts straight into the database (no cache involved), oldest first. */
async function store(count: number): Promise<BlogPost[]> {
  const posts: BlogPost[] = [];
  for (let i = 1; i <= count; i += 1) {
    const sample = SEED_POSTS[i % SEED_POSTS.length]!;
    posts.push(
      await createPost(t.testDb.db, { ...sample, header: { ...sample.header, title: `Story ${i}`, tags: [] } }),
    );
  }
  return posts;
}

const text = (node: XmlElement, name: string) => only(node, name).text;
const locs = (sitemap: XmlElement) => childrenNamed(sitemap, 'url').map((url) => text(url, 'loc'));

describe('GET /robots.txt', () => {
  it('names the sitemap at PUBLIC_URL and closes only the API', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.split('\n')).toEqual(
      expect.arrayContaining(['User-agent: *', 'Disallow: /api/', `Sitemap: ${PUBLIC_URL}/sitemap.xml`]),
    );
    expect(res.body).not.toMatch(/Disallow: \/\s*$/m);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the site pages and every post with its lastmod, absolute, from PUBLIC_URL', async () => {
    const posts = await store(3);
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urlset = parseXml(res.body);
    expect(urlset.name).toBe('urlset');
    expect(urlset.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(locs(urlset)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/blog`,
      `${PUBLIC_URL}/sample`,
      ...[...posts].reverse().map((post) => `${PUBLIC_URL}/page/${post.id}`),
    ]);
    const entry = childrenNamed(urlset, 'url').find((url) => text(url, 'loc') === `${PUBLIC_URL}/page/${posts[0]!.id}`);
    const stored = posts[0] as BlogPost & { updatedAt?: string };
    expect(text(entry!, 'lastmod')).toBe(stored.updatedAt ?? stored.createdAt);
  });

  it('pages through every post, past one database page', async () => {
    const posts = await store(105);
    const urls = locs(parseXml((await get('/sitemap.xml')).body));
    expect(urls).toHaveLength(3 + 105);
    expect(new Set(urls).size).toBe(urls.length);
    for (const post of posts) expect(urls).toContain(`${PUBLIC_URL}/page/${post.id}`);
  });

  it('shows a post created a moment ago, though the sitemap was already cached', async () => {
    await store(1);
    const before = await get('/sitemap.xml');
    const created = await publish('Fresh off the press');
    const after = await get('/sitemap.xml');
    expect(locs(parseXml(before.body))).not.toContain(`${PUBLIC_URL}/page/${created.id}`);
    expect(locs(parseXml(after.body))).toContain(`${PUBLIC_URL}/page/${created.id}`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('revalidates: an ETag, no-cache, and 304 for the same tag', async () => {
    await store(1);
    const first = await get('/sitemap.xml');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/sitemap.xml', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(first.headers.etag);
  });

  it('never builds a URL from the Host header', async () => {
    await store(1);
    for (const url of ['/sitemap.xml', '/feed.xml', '/robots.txt']) {
      const res = await get(url, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
      expect(res.body).not.toContain('evil.example');
      expect(res.body).toContain(PUBLIC_URL);
    }
  });

  it('shows a post another process stored once its revision check runs, which it asks for every second', async () => {
    // The reader's check runs when the test ticks it, and its lists live a day: only the check can show the post.
    const revisionCheck = manualSchedule();
    const reader = await startTestApp({
      testDb: t.testDb,
      listCacheTtlMs: 24 * 3_600_000,
      scheduleRevisionCheck: revisionCheck.schedule,
    });
    try {
      const readerGet = (url: string) => reader.app.inject({ method: 'GET', url });
      await readerGet('/sitemap.xml');
      await readerGet('/feed.xml');
      const created = await publish('Stored next door');
      const url = `${PUBLIC_URL}/page/${created.id}`;
      expect((await readerGet('/sitemap.xml')).body).not.toContain(url);
      await revisionCheck.tick();
      expect((await readerGet('/sitemap.xml')).body).toContain(url);
      expect((await readerGet('/feed.xml')).body).toContain(url);
      expect(revisionCheck.everyMs()).toBe(1_000);
    } finally {
      await reader.close();
    }
  });
});

describe('GET /feed.xml', () => {
  it('is well-formed Atom with the 20 newest posts, newest first, every link absolute', async () => {
    const posts = await store(23);
    const res = await get('/feed.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const feed = parseXml(res.body);
    expect(feed.name).toBe('feed');
    expect(feed.attributes.xmlns).toBe('http://www.w3.org/2005/Atom');
    // RFC 4287: a feed has exactly one id, title and updated, and an author unless every entry has one.
    expect(text(feed, 'id')).toBe(`${PUBLIC_URL}/`);
    expect(text(feed, 'title')).toBe('Touchline');
    const newest = [...posts].reverse().slice(0, 20);
    expect(text(feed, 'updated')).toBe(newest[0]!.createdAt);
    const self = childrenNamed(feed, 'link').find((link) => link.attributes.rel === 'self');
    expect(self?.attributes.href).toBe(`${PUBLIC_URL}/feed.xml`);

    const entries = childrenNamed(feed, 'entry');
    expect(entries.map((entry) => text(entry, 'title'))).toEqual(newest.map((post) => post.title));
    entries.forEach((entry, index) => {
      const post = newest[index]!;
      const url = `${PUBLIC_URL}/page/${post.id}`;
      expect(text(entry, 'id')).toBe(url);
      expect(only(entry, 'link').attributes).toEqual({ rel: 'alternate', type: 'text/html', href: url });
      expect(text(entry, 'updated')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
      expect(text(entry, 'published')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
      expect(text(only(entry, 'author'), 'name')).toBe(post.authorName);
      // The first words of the post's first paragraph, at most about 155 characters.
      const summary = text(entry, 'summary');
      expect((post.sections[0] as { paragraph: string }).paragraph.startsWith(summary.replace(/…$/, ''))).toBe(true);
      expect(summary.length).toBeGreaterThan(40);
      expect(summary.length).toBeLessThanOrEqual(155);
    });
    // The display date 'March 14, 2024' is when it was published.
    const dated = newest.find((post) => post.publishDate === 'March 14, 2024')!;
    expect(text(entries[newest.indexOf(dated)]!, 'published')).toBe('2024-03-14T00:00:00Z');
  });

  it('is well-formed with no post at all', async () => {
    const feed = parseXml((await get('/feed.xml')).body);
    expect(childrenNamed(feed, 'entry')).toHaveLength(0);
    expect(text(feed, 'updated')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  // Characters XML cannot hold are refused at the API and dropped from old rows (repositories/shown.test.ts).
  it('carries hostile text as text', async () => {
    const title = '</title><script>alert(1)</script> & ]]> <![CDATA[ x  end';
    const created = await publish(title);
    const res = await get('/feed.xml');
    expect(res.body).not.toContain('<script>');
    const entry = childrenNamed(parseXml(res.body), 'entry').find(
      (e) => text(e, 'id') === `${PUBLIC_URL}/page/${created.id}`,
    );
    expect(text(entry!, 'title')).toBe('</title><script>alert(1)</script> & ]]> <![CDATA[ x  end');
    // The sitemap stays well-formed too.
    const sitemap = (await get('/sitemap.xml')).body;
    expect(() => parseXml(sitemap)).not.toThrow();
  });

  it('shows a post created a moment ago, first', async () => {
    await store(2);
    await get('/feed.xml');
    const created = await publish('Breaking: late winner');
    const entries = childrenNamed(parseXml((await get('/feed.xml')).body), 'entry');
    expect(text(entries[0]!, 'title')).toBe('Breaking: late winner');
    expect(text(entries[0]!, 'id')).toBe(`${PUBLIC_URL}/page/${created.id}`);
  });
});
