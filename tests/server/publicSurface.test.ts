// Drafts and scheduled posts on every public surface at once: anonymous callers see no draft or future post in the API
// list, the API post, the server-rendered pages (/, /blog, /page/:id), the sitemap or the feed; and an update, a delete
// or a publish shows on those pages at once on the process that made it, though they were cached just before.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPage } from '../../src/contract/rendering';
import type { BlogPost, BlogSummary } from '../../src/contract/types';
import { validSubmission } from './fixtures/submissions';
import { PUBLIC_URL, TOKEN, useTestApp } from './helpers/testApp';
import { childrenNamed, only, parseXml } from './helpers/xml';
import { textOf } from './helpers/html';

// The SSR entry's source, as pages/render.test.ts loads it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../src/client/entry-server') as { render: RenderPage };

jest.setTimeout(60_000);

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;
const HOUR = 3_600_000;
const CONTROL = 'Visible Control Story';

const clientDir = mkdtempSync(join(tmpdir(), 'touchline-surface-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
// The app's clock starts each test at the wall clock's time when the file began, then moves only when a test moves it.
const t = useTestApp({ clientDir, renderPage: render, now: Date.now(), sharedApp: true });

const bearer = { authorization: `Bearer ${TOKEN}` };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function create(title: string, extra: { status?: 'draft' | 'published'; publishAt?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: bearer,
    payload: { ...validSubmission({ title }), ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

/** The ETag the editor holds: read with the token (a draft is invisible otherwise). */
async function etagOf(id: number): Promise<string> {
  const res = await get(`/api/blogs/${id}`, bearer);
  expect(res.statusCode).toBe(200);
  return res.headers.etag as string;
}

const pageUrl = (id: number) => `${PUBLIC_URL}/page/${id}`;

/** Everything an anonymous caller can list, read once each. */
async function surfaces() {
  const [home, blog, sitemap, feed, api] = await Promise.all(
    ['/', '/blog', '/sitemap.xml', '/feed.xml', '/api/blogs'].map((url) => get(url)),
  );
  for (const res of [home, blog, sitemap, feed, api]) expect(res!.statusCode).toBe(200);
  const entries = childrenNamed(parseXml(feed!.body), 'entry');
  return {
    home: home!.body,
    blog: blog!.body,
    sitemap: sitemap!.body,
    sitemapLocs: childrenNamed(parseXml(sitemap!.body), 'url').map((url) => only(url, 'loc').text),
    feed: feed!.body,
    feedIds: entries.map((entry) => only(entry, 'id').text),
    feedTitles: entries.map((entry) => only(entry, 'title').text),
    api: api!.body,
    apiTitles: api!.json<BlogSummary[]>().map((post) => post.title),
    apiIds: api!.json<BlogSummary[]>().map((post) => post.id),
  };
}

async function expectListedEverywhere(post: { id: number; title: string }) {
  const s = await surfaces();
  expect(s.blog).toContain(`href="/page/${post.id}"`);
  expect(textOf(s.blog)).toContain(post.title);
  expect(s.sitemapLocs).toContain(pageUrl(post.id));
  expect(s.feedIds).toContain(pageUrl(post.id));
  expect(s.feedTitles).toContain(post.title);
  expect(s.apiIds).toContain(post.id);
  expect(s.apiTitles).toContain(post.title);
}

async function expectListedNowhere(post: { id: number; title: string }) {
  const s = await surfaces();
  for (const body of [s.home, s.blog, s.sitemap, s.feed, s.api]) expect(body).not.toContain(post.title);
  expect(s.home).not.toContain(`href="/page/${post.id}"`);
  expect(s.blog).not.toContain(`href="/page/${post.id}"`);
  expect(s.sitemapLocs).not.toContain(pageUrl(post.id));
  expect(s.feedIds).not.toContain(pageUrl(post.id));
  expect(s.apiIds).not.toContain(post.id);
}

/** The post's own addresses answer as if it did not exist: the rendered not-found page and the API's 404. */
async function expectUnreadable(post: { id: number; title: string }) {
  const page = await get(`/page/${post.id}`, { accept: 'text/html' });
  expect(page.statusCode).toBe(404);
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(textOf(page.body)).toContain('Page not found');
  expect(page.body).not.toContain(post.title);
  const api = await get(`/api/blogs/${post.id}`);
  expect(api.statusCode).toBe(404);
  expect(api.body).not.toContain(post.title);
}

async function expectReadable(post: { id: number; title: string }) {
  const page = await get(`/page/${post.id}`);
  expect(page.statusCode).toBe(200);
  expect(textOf(page.body)).toContain(post.title);
  expect(page.body).toContain(`<title>${post.title} · Touchline</title>`);
}

describe('a draft', () => {
  it('is on no public surface and its page is the not-found page', async () => {
    const control = await create(CONTROL);
    const draft = await create('Unpublished Zebra Draft', { status: 'draft' });
    expect(draft.status).toBe('draft');
    // The surfaces do list posts: the published one is on each of them.
    await expectListedEverywhere(control);
    await expectListedNowhere(draft);
    await expectUnreadable(draft);
    await expectReadable(control);
  });

  it('appears at once in /blog and /page/:id when published with PUT, though /blog was cached without it', async () => {
    await create(CONTROL);
    const draft = await create('Quiet Heron Draft', { status: 'draft' });
    const before = await get('/blog');
    expect(textOf(before.body)).toContain(CONTROL);
    expect(before.body).not.toContain('Quiet Heron Draft');
    expect((await get(`/page/${draft.id}`)).statusCode).toBe(404);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${draft.id}`,
      headers: { ...bearer, 'if-match': await etagOf(draft.id) },
      payload: { ...validSubmission({ title: 'Quiet Heron Draft' }), status: 'published' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<BlogPost>().status).toBe('published');

    await expectReadable(draft);
    const blog = await get('/blog');
    expect(blog.body).toContain(`href="/page/${draft.id}"`);
    expect(textOf(blog.body)).toContain('Quiet Heron Draft');
  });
});

describe('a scheduled post', () => {
  it('is on no public surface before its time, by the app clock', async () => {
    const control = await create(CONTROL);
    const scheduled = await create('Future Falcon Preview', { publishAt: new Date(t.clock + HOUR).toISOString() });
    expect(scheduled.status).toBe('scheduled');
    await expectListedEverywhere(control);
    await expectListedNowhere(scheduled);
    await expectUnreadable(scheduled);
  });

  it('is everywhere once the app clock passes publishAt, with no write in between', async () => {
    await create(CONTROL);
    const scheduled = await create('Future Falcon Preview', { publishAt: new Date(t.clock + HOUR).toISOString() });
    await expectListedNowhere(scheduled); // every surface cached without it
    await expectUnreadable(scheduled);
    t.clock += HOUR + 1;
    const api = await get(`/api/blogs/${scheduled.id}`);
    expect(api.statusCode).toBe(200);
    expect(api.json<BlogPost>().status).toBe('published');
    const list = await get('/api/blogs');
    expect(list.json<BlogSummary[]>().map((post) => post.id)).toContain(scheduled.id);
    await expectListedEverywhere(scheduled);
    await expectReadable(scheduled);
  });
});

describe('a write shows at once on the process that made it', () => {
  it('an update through PUT: the next /page/:id and /blog show the new title, not the old', async () => {
    const post = await create('Original Kestrel Report');
    await expectReadable(post); // /page/:id cached
    expect(textOf((await get('/blog')).body)).toContain('Original Kestrel Report'); // /blog cached
    const etag = (await get(`/api/blogs/${post.id}`)).headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post.id}`,
      headers: { ...bearer, 'if-match': etag },
      payload: validSubmission({ title: 'Corrected Kestrel Report' }),
    });
    expect(res.statusCode).toBe(200);

    const page = await get(`/page/${post.id}`);
    expect(page.statusCode).toBe(200);
    expect(textOf(page.body)).toContain('Corrected Kestrel Report');
    expect(page.body).not.toContain('Original Kestrel Report');
    const blog = await get('/blog');
    expect(textOf(blog.body)).toContain('Corrected Kestrel Report');
    expect(blog.body).not.toContain('Original Kestrel Report');
  });

  it('a DELETE: the next /page/:id is the not-found page and /blog no longer lists it', async () => {
    await create(CONTROL);
    const post = await create('Doomed Dunlin Story');
    await expectReadable(post); // /page/:id cached
    await expectListedEverywhere(post); // /blog, sitemap, feed and the API list cached
    const etag = (await get(`/api/blogs/${post.id}`)).headers.etag as string;

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/blogs/${post.id}`,
      headers: { ...bearer, 'if-match': etag },
    });
    expect(res.statusCode).toBe(204);

    await expectUnreadable(post);
    await expectListedNowhere(post);
    expect(textOf((await get('/blog')).body)).toContain(CONTROL);
  });
});
