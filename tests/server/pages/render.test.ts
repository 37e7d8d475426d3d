// Server-rendered pages through the real app: status codes, the markup a reader without JavaScript gets, the embedded
// state the client hydrates from (hostile text included), the HTML cache with its ETag, and new posts showing at once.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type * as NodeZlib from 'node:zlib';
import type { RenderPage } from '../../../src/contract/rendering';
import { createPost } from '../../../src/server/repositories/postsRepository';
import { blogSubmissionSchema } from '../../../src/contract/schemas';
import type { BlogSubmission } from '../../../src/contract/schemas';
import { validSubmission } from '../fixtures/submissions';
import { staffSession } from '../helpers/accounts';
import { manualSchedule, PUBLIC_URL, startTestApp, TOKEN } from '../helpers/testApp';
import type { TestApp } from '../helpers/testApp';
import { textOf } from '../helpers/html';

// The module object itself (an import would be a frozen copy of it): spied on to count compressions.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const zlib = require('node:zlib') as typeof NodeZlib;
// The SSR entry's source, required rather than imported: it is typechecked with the client's settings, not these.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title><script type="module" crossorigin src="/assets/index.js"></script><link rel="stylesheet" crossorigin href="/assets/site.css"></head><body><div id="root"></div></body></html>`;
const CSS = 'body{color:#123}.hero{aspect-ratio:16/9}';

let clientDir: string;
let t: TestApp;
/** The URL of every page the SSR bundle was asked to render, in order. */
const renders: string[] = [];
const rendersOf = (url: string) => renders.filter((rendered) => rendered === url).length;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'touchline-ssr-'));
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets', 'site.css'), CSS);
  writeFileSync(join(clientDir, 'assets', 'index.js'), 'export {};');
  // A build manifest, so the page gets its preload hints (the hero image's among them).
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(
    join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/site.css'] } }),
  );
  t = await startTestApp({
    clientDir,
    // The tests write posts straight to the database and count renders: the 1 s revision check, on a real timer,
    // would drop the cached pages whenever a busy machine let a second pass between a write and a count.
    scheduleRevisionCheck: manualSchedule().schedule,
    renderPage: (input) => {
      renders.push(input.url);
      return render(input);
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const store = (header: Partial<BlogSubmission['header']> = {}) =>
  createPost(t.db, blogSubmissionSchema.parse(validSubmission(header)));
/** Through the API, as an admin publishes: the write drops the cached pages. */
async function publish(title: string): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: validSubmission({ title }),
  });
  expect(created.statusCode).toBe(201);
  return (created.json() as { id: number }).id;
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** The JSON data block the client hydrates from. */
function embeddedState(html: string): { api: { queries: Record<string, { status: string; data: unknown }> } } {
  const match = /<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('no embedded state');
  return JSON.parse(match[1]!);
}

describe('a post page', () => {
  it('is rendered on the server: title, date, read time, every section and the product cards', async () => {
    const post = await store();
    const res = await get(`/page/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const text = textOf(res.body);
    for (const shown of [
      'Derby Day: Five Things We Learned',
      'Published: March 14, 2024',
      '10 min read',
      'The build-up',
      'A week of nerves <b>and</b> noise & rumours.',
      'Tickets sold out',
      'Line-ups',
      '4-3-3',
      '5-3-2',
      'Match Ball',
      'View on Amazon',
    ])
      expect(text).toContain(shown);
    expect(text).not.toContain('Loading blog content...');
    expect(res.body).toContain('<title>Derby Day: Five Things We Learned · Touchline</title>');
    expect(res.body).not.toContain('content="generic"');
    // The client starts with the post in its store: no request for it, no loading state.
    expect(embeddedState(res.body).api.queries[`getBlog("${post.id}")`]).toMatchObject({
      status: 'fulfilled',
      data: { id: post.id, title: post.title },
    });
  });

  it('renders hostile text as text, and embeds it so that it cannot close the data block', async () => {
    const title = '</script><script>alert(1)</script>\u2028\u2029<!--';
    const post = await store({ title, readTime: "$' $& $1" });
    const res = await get(`/page/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    // One executable script (the module entry) and the two data blocks; nothing the title opened.
    expect(res.body.match(/<script/g)).toHaveLength(3);
    const block = /<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(res.body)![1]!;
    expect(block).not.toMatch(/[\u2028\u2029<]/);
    expect(block).toContain('\\u003c/script\\u003e');
    expect(block).toContain('\\u2028');
    expect(embeddedState(res.body).api.queries[`getBlog("${post.id}")`]?.data).toMatchObject({
      title,
      readTime: "$' $& $1",
    });
    expect(textOf(res.body)).toContain("$' $& $1");
  });

  it('renders a long post in place: no boundary moved by an inline script the CSP would block', async () => {
    const paragraph = "Long enough to pass React's progressive chunk size. ".repeat(180);
    const post = await store({
      sections: Array.from({ length: 4 }, (_, index) => ({
        type: 'single-paragraph' as const,
        icon: 'Camera',
        title: `Part ${index}`,
        paragraph,
        list: [],
      })),
    });
    const res = await get(`/page/${post.id}`);
    expect(res.body.length).toBeGreaterThan(40_000);
    expect(res.body).not.toMatch(/<script>|<div hidden/);
  });

  it.each(['/page/2147483000', '/page/abc', '/page/0', '/page/01', '/page/1.5', '/page/1/2', '/nowhere'])(
    'answers %s with 404 and the rendered not-found page',
    async (url) => {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(textOf(res.body)).toContain('Page not found');
    },
  );

  it('is cached with an ETag, answered 304 on revalidation, and rendered once per content', async () => {
    const post = await store();
    const url = `/page/${post.id}`;
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(url);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    const revalidated = await get(url, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const stale = await get(url, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(rendersOf(url)).toBe(1);
    // A write anywhere may change what the page shows (its list of other posts, its own text): it is made again, once.
    await publish('Another story');
    const after = await get(url);
    expect(after.statusCode).toBe(200);
    await get(url);
    expect(rendersOf(url)).toBe(2);
  });
});

describe('a page as sent', () => {
  it('is brotli or gzip for a client that accepts it: the same page, under its own tag, with 304s for that tag', async () => {
    const url = `/page/${(await store()).id}`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accept, coding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await get(url, { 'accept-encoding': accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(res.headers.etag).not.toBe(plain.headers.etag);
      const again = await get(url, { 'accept-encoding': accept, 'if-none-match': res.headers.etag as string });
      expect(again.statusCode).toBe(304);
    }
    // The compressed copy is kept with the cached page: compressed once however often it is sent.
    const other = `/page/${(await store()).id}`;
    const compress = jest.spyOn(zlib, 'brotliCompressSync');
    try {
      const first = await get(other, { 'accept-encoding': 'br' });
      const second = await get(other, { 'accept-encoding': 'br' });
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(compress).toHaveBeenCalledTimes(1);
    } finally {
      compress.mockRestore();
    }
    // HEAD: the same headers, the compressed length, no body.
    const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
    const full = await get(url, { 'accept-encoding': 'br' });
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(full.rawPayload.length));
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.rawPayload.length).toBe(0);
    // A not-found page is compressed too.
    const missing = await get('/page/999999', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(brotliDecompressSync(missing.rawPayload).toString('utf8')).toContain('Page not found');
  });

  it('carries its stylesheets inline, each admitted by the CSP by its hash, and leaves no link to fetch', async () => {
    for (const url of ['/', '/blog', '/sample', `/page/${(await store()).id}`]) {
      const res = await get(url);
      expect(res.body).toContain(
        `<style>${CSS}</style><link rel="stylesheet" href="/assets/site.css" disabled media="not all">`,
      );
      expect(res.body).not.toMatch(/<link rel="stylesheet"(?![^>]*\bdisabled\b)[^>]*>/);
      const hash = createHash('sha256').update(CSS).digest('base64');
      const styleSrc = /style-src ([^;]*)/.exec(res.headers['content-security-policy'] as string)![1]!;
      expect(styleSrc.split(' ')).toEqual(expect.arrayContaining(["'self'", `'sha256-${hash}'`]));
      expect(styleSrc).not.toContain('unsafe-inline');
    }
    // A client-rendered page keeps the link: nothing of it is rendered before its script runs anyway.
    expect((await get('/auth')).body).toContain('<link rel="stylesheet" crossorigin href="/assets/site.css">');
  });

  it("asks for the hero image once, ahead of the scripts (React's own preload of it is dropped)", async () => {
    const res = await get(`/page/${(await store()).id}`);
    const preloads = res.body.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads).toEqual([expect.stringContaining('href="https://images.example.com/derby.jpg"')]);
    expect(res.body.indexOf(preloads[0]!)).toBeLessThan(res.body.indexOf('<script type="module"'));
  });
});

describe('security headers', () => {
  // Prepared answers (cached posts and pages, their 304s) carry their own; everything else gets them as Fastify sends.
  it('are on every kind of answer: pages and their 304s, the API, errors, 404s and static files', async () => {
    const id = (await store()).id;
    /** The answer to `url`, then again with the ETag it gave: a revalidation. */
    const revalidated = async (url: string, headers: Record<string, string> = {}) => {
      const first = await get(url, headers);
      return get(url, { ...headers, 'if-none-match': first.headers.etag as string });
    };
    const admin = { authorization: `Bearer ${TOKEN}` };
    const pageAnswers: [string, () => ReturnType<typeof get>, number][] = [
      ['a rendered page', () => get(`/page/${id}`), 200],
      ['a rendered page in brotli', () => get(`/page/${id}`, { 'accept-encoding': 'br' }), 200],
      ['a rendered page in gzip', () => get(`/page/${id}`, { 'accept-encoding': 'gzip' }), 200],
      ["a rendered page's 304", () => revalidated(`/page/${id}`, { 'accept-encoding': 'br' }), 304],
      ['the not-found page', () => get('/page/999999'), 404],
      ["a client-rendered page's shell", () => get('/auth'), 200],
      ["an admin page's redirect to the sign-in card", () => get('/admin'), 303],
      ['a static file', () => get('/assets/site.css'), 200],
      ['a missing file', () => get('/assets/missing.js'), 404],
    ];
    const apiAnswers: [string, () => ReturnType<typeof get>, number][] = [
      ['a cached post', () => get(`/api/blogs/${id}`), 200],
      ["a cached post's 304", () => revalidated(`/api/blogs/${id}`), 304],
      ['a post read with the token', () => get(`/api/blogs/${id}`, admin), 200],
      ['a malformed post id', () => get('/api/blogs/01'), 400],
      ['no such post', () => get('/api/blogs/999999'), 404],
      ['a wrong token', () => get(`/api/blogs/${id}`, { authorization: 'Bearer wrong-token' }), 401],
      ['the story list', () => get('/api/blogs'), 200],
      ["the story list's 304", () => revalidated('/api/blogs'), 304],
      ['an unknown API path', () => get('/api/nope'), 404],
    ];
    for (const [kind, answer, status] of pageAnswers) {
      const res = await answer();
      expect([kind, res.statusCode]).toEqual([kind, status]);
      expect([kind, res.headers['content-security-policy']]).toEqual([
        kind,
        expect.stringContaining("script-src 'self'"),
      ]);
      expect([kind, res.headers['x-frame-options'], res.headers['x-content-type-options']]).toEqual([
        kind,
        'DENY',
        'nosniff',
      ]);
      expect([kind, res.headers['cross-origin-opener-policy']]).toEqual([kind, 'same-origin']);
    }
    for (const [kind, answer, status] of apiAnswers) {
      const res = await answer();
      expect([kind, res.statusCode]).toEqual([kind, status]);
      expect([kind, res.headers['content-security-policy']]).toEqual([
        kind,
        "default-src 'none'; frame-ancestors 'none'",
      ]);
      expect([kind, res.headers['x-frame-options'], res.headers['x-content-type-options']]).toEqual([
        kind,
        'DENY',
        'nosniff',
      ]);
      expect([kind, res.headers['strict-transport-security']]).toEqual([kind, 'max-age=31536000; includeSubDomains']);
    }
  });
});

describe('the story list', () => {
  it('shows a post stored a moment ago on the process that stored it', async () => {
    await get('/blog');
    const title = `Fresh off the press ${Date.now()}`;
    const id = await publish(title);
    const res = await get('/blog');
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).toContain('Latest Sports Stories');
    expect(res.body).toContain(`href="/page/${id}"`);
    expect(textOf(res.body)).toContain(title);
    expect(textOf(res.body)).toContain('By Sam Rivera on March 14, 2024');
  });

  it("links 'Load more' to the next page, which the server renders too", async () => {
    for (let i = 0; i < 21; i++) await publish(`Paged story ${i}`);
    const first = await get('/blog');
    const more = /<a class="button button-secondary" href="\/blog\?cursor=(\d+)">Load more<\/a>/.exec(first.body);
    expect(more).not.toBeNull();
    const next = await get(`/blog?cursor=${more![1]}`);
    expect(next.statusCode).toBe(200);
    expect(textOf(next.body)).toContain('Paged story 0');
    expect(textOf(first.body)).not.toContain('Paged story 0 ');
    expect(next.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog?cursor=${more![1]}">`);
  });

  it.each(['abc', '0', '-1', '1e3'])('answers a malformed cursor (%s) with the not-found page', async (cursor) => {
    const res = await get(`/blog?cursor=${cursor}`);
    expect(res.statusCode).toBe(404);
    expect(textOf(res.body)).toContain('Page not found');
  });
});

describe('other pages', () => {
  it('renders the landing page and the sample article', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    for (const shown of ['Sports stories from the touchline', 'Expert Analysis', 'Community Driven', 'Latest Updates'])
      expect(textOf(home.body)).toContain(shown);
    const sample = await get('/sample');
    expect(sample.statusCode).toBe(200);
    expect(textOf(sample.body)).toContain('View on Amazon');
  });

  it.each(['/auth', '/admin'])('leaves %s to the browser, kept out of search results', async (url) => {
    // Admin pages need a session (without one they redirect to /auth).
    const { cookie } = await staffSession(t.app, t.db, 'author');
    const res = await get(url, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).not.toContain('id="server-state"');
  });
});
