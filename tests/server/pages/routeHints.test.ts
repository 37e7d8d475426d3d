// The page's preload hints in index.html: its lazy chunks and CSS, its first API request and, for a post, its hero image.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPost } from '../../../src/server/repositories/postsRepository';
import { setCoverage } from '../../../src/server/repositories/liveRepository';
import { blogSubmissionSchema } from '../../../src/contract/schemas';
import { ROUTE_LIST } from '../../../src/contract/routes';
import type { RenderPage } from '../../../src/contract/rendering';
import { ADMIN_PAGES_MODULE, NOT_FOUND_MODULE, pageModule } from '../../../src/server/pages/routeHints';
import { validSubmission } from '../fixtures/submissions';
import { staffSession } from '../helpers/accounts';
import { startTestApp } from '../helpers/testApp';
import type { TestApp } from '../helpers/testApp';

const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-E1.js"></script></head><body><div id="root"></div></body></html>`;

// The shape Vite writes to dist/client/.vite/manifest.json.
const MANIFEST = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_vendor-V1.js'] },
  '_vendor-V1.js': { file: 'assets/vendor-V1.js' },
  'src/client/features/post/PostPage.tsx': {
    file: 'assets/PostPage-P1.js',
    isDynamicEntry: true,
    imports: ['_Article-A1.js', '_vendor-V1.js'],
  },
  '_Article-A1.js': { file: 'assets/Article-A1.js', css: ['assets/Article-A1.css'] },
  'src/client/features/post/live/LiveCoverage.tsx': {
    file: 'assets/LiveCoverage-C1.js',
    isDynamicEntry: true,
    imports: ['_vendor-V1.js'],
    css: ['assets/LiveCoverage-C1.css'],
  },
  'src/client/features/blog/BlogListPage.tsx': {
    file: 'assets/BlogListPage-B1.js',
    isDynamicEntry: true,
    css: ['assets/BlogListPage-B1.css'],
  },
  // Every admin page loads through AdminPages (which holds the session guard), not from the entry.
  'src/client/features/admin/AdminPages.tsx': {
    file: 'assets/AdminPages-G1.js',
    isDynamicEntry: true,
    imports: ['_vendor-V1.js', '_session-S1.js'],
  },
  '_session-S1.js': { file: 'assets/session-S1.js' },
  'src/client/features/admin/pages/PostsPage.tsx': {
    file: 'assets/PostsPage-L1.js',
    isDynamicEntry: true,
    imports: ['_vendor-V1.js'],
    css: ['assets/PostsPage-L1.css'],
  },
};

const hintsOf = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map((match) => match[0]);

/** A built client as the server finds it: index.html and Vite's manifests (file name → content) in `.vite`. */
function clientDirWith(index: string, manifests: Record<string, object>): string {
  const dir = mkdtempSync(join(tmpdir(), 'touchline-client-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), index);
  for (const [name, manifest] of Object.entries(manifests))
    writeFileSync(join(dir, '.vite', name), JSON.stringify(manifest));
  return dir;
}

let clientDir: string;
let t: TestApp;

beforeAll(async () => {
  clientDir = clientDirWith(INDEX, { 'manifest.json': MANIFEST });
  t = await startTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const store = (image: string) => createPost(t.db, blogSubmissionSchema.parse(validSubmission({ image })));

test("a post URL preloads the post page's chunks and CSS, its API answer and its hero image, first", async () => {
  const post = await store('/images/seed/derby.jpg');
  const res = await t.app.inject({ method: 'GET', url: `/page/${post.id}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(hintsOf(res.body)).toEqual([
    '<link rel="stylesheet" href="/assets/Article-A1.css">',
    '<link rel="modulepreload" crossorigin href="/assets/PostPage-P1.js">',
    '<link rel="modulepreload" crossorigin href="/assets/Article-A1.js">',
    `<link rel="preload" as="fetch" crossorigin href="/api/blogs/${post.id}">`,
    '<link rel="preload" as="image" fetchpriority="high" href="/images/seed/derby.jpg">',
  ]);
  // In the head, before the app's own script tag is closed off by </head>; the rest of the shell is untouched.
  expect(res.body.replace(/<link [^>]*>/g, '')).toBe(INDEX);
});

test('chunks the entry already loads (the vendor chunk) are not hinted again', async () => {
  const post = await store('');
  const res = await t.app.inject({ method: 'GET', url: `/page/${post.id}` });
  expect(res.body).not.toContain('vendor-V1.js');
});

test('a post without a header image, or no such post, gets no image hint', async () => {
  const post = await store('');
  for (const url of [`/page/${post.id}`, '/page/999999', '/page/99999999999999']) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('rel="modulepreload"');
    expect(res.body).not.toContain('as="image"');
  }
});

test('a hostile image address reaches the attribute percent-encoded and cannot open a tag', async () => {
  const post = await store('https://img.example.com/a"><script>alert(1)</script>.jpg');
  const res = await t.app.inject({ method: 'GET', url: `/page/${post.id}` });
  expect(res.body).not.toContain('<script>alert(1)');
  expect(res.body).toContain('href="https://img.example.com/a%22%3E%3Cscript%3Ealert(1)%3C/script%3E.jpg"');
});

test('the story list preloads its chunk, its CSS and the first page of the API', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/blog' });
  expect(hintsOf(res.body)).toEqual([
    '<link rel="stylesheet" href="/assets/BlogListPage-B1.css">',
    '<link rel="modulepreload" crossorigin href="/assets/BlogListPage-B1.js">',
    '<link rel="preload" as="fetch" crossorigin href="/api/blogs">',
  ]);
});

test('a page the manifest does not know, or a malformed post URL, is served the plain shell', async () => {
  for (const url of ['/', '/sample', '/page/abc', '/page/0', '/nowhere']) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(url === '/' || url === '/sample' ? 200 : 404);
    expect(res.body).toBe(INDEX);
  }
});

test('without a readable manifest the server starts and serves the plain shell', async () => {
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), '{ not json');
  const plain = await startTestApp({ clientDir });
  try {
    const res = await plain.app.inject({ method: 'GET', url: '/blog' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  } finally {
    await plain.close();
    writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  }
});

test('an admin page preloads the module every admin page loads through, then its own chunk and CSS', async () => {
  const { cookie } = await staffSession(t.app, t.db, 'editor');
  const res = await t.app.inject({ method: 'GET', url: '/admin/posts', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  expect(hintsOf(res.body).filter((link) => !link.includes('rel="alternate"'))).toEqual([
    '<link rel="stylesheet" href="/assets/PostsPage-L1.css">',
    '<link rel="modulepreload" crossorigin href="/assets/AdminPages-G1.js">',
    '<link rel="modulepreload" crossorigin href="/assets/session-S1.js">',
    '<link rel="modulepreload" crossorigin href="/assets/PostsPage-L1.js">',
  ]);
});

test('every page module the hints name exists, so a renamed page cannot silently lose its hints', () => {
  const root = resolve(__dirname, '..', '..', '..');
  for (const module of [...ROUTE_LIST.map(pageModule), NOT_FOUND_MODULE, ADMIN_PAGES_MODULE])
    expect(existsSync(join(root, module))).toBe(true);
});

describe('a server-rendered page', () => {
  // The SSR entry's source, required rather than imported: it is typechecked with the client's settings, not these.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { render } = require('../../../src/client/entry-server') as { render: RenderPage };
  // Vite writes the entry's script and the preloads of what it imports; boot.ts has a manifest of its own.
  const SHELL = INDEX.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/vendor-V1.js"></head>');
  const BOOT_MANIFEST = { 'src/client/boot.ts': { file: 'assets/boot-K1.js', isEntry: true } };
  let rendered: TestApp;
  let renderedDir: string;

  beforeAll(async () => {
    renderedDir = clientDirWith(SHELL, { 'manifest.json': MANIFEST, 'boot-manifest.json': BOOT_MANIFEST });
    rendered = await startTestApp({ clientDir: renderedDir, renderPage: render });
  });
  afterAll(async () => {
    await rendered.close();
    rmSync(renderedDir, { recursive: true, force: true });
  });

  const scriptsOf = (html: string) => [...html.matchAll(/<script [^>]*src="[^"]*"[^>]*>/g)].map((match) => match[0]);

  test('loads boot.ts instead of the app, and names the app and its page chunk for after the page has loaded', async () => {
    const post = await createPost(rendered.db, blogSubmissionSchema.parse(validSubmission({ image: '' })));
    for (const [url, chunk] of [
      [`/page/${post.id}`, '/assets/PostPage-P1.js'],
      ['/blog', '/assets/BlogListPage-B1.js'],
    ]) {
      const res = await rendered.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(scriptsOf(res.body)).toEqual(['<script type="module" crossorigin src="/assets/boot-K1.js">']);
      expect(res.body).toContain(`<meta name="touchline-modules" content="/assets/index-E1.js ${chunk}">`);
      // Nothing fetches the app's scripts beside the page.
      expect(res.body).not.toContain('modulepreload');
    }
  });

  test("a live post's page carries the live chunk's styles, so its entries do not move when the chunk arrives", async () => {
    const story = () => createPost(rendered.db, blogSubmissionSchema.parse(validSubmission({ image: '' })));
    const [plain, live] = [await story(), await story()];
    expect(await setCoverage(rendered.db, live.id, { state: 'live' }, new Date())).toMatchObject({ state: 'live' });
    const liveCss = '<link rel="stylesheet" href="/assets/LiveCoverage-C1.css">';
    expect((await rendered.app.inject({ method: 'GET', url: `/page/${plain.id}` })).body).not.toContain(liveCss);
    expect(hintsOf((await rendered.app.inject({ method: 'GET', url: `/page/${live.id}` })).body)).toContain(liveCss);
  });

  test('the not-found page loads its own chunk after the page the same way', async () => {
    const res = await rendered.app.inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(scriptsOf(res.body)).toEqual(['<script type="module" crossorigin src="/assets/boot-K1.js">']);
    expect(res.body).toContain('<meta name="touchline-modules" content="/assets/index-E1.js">');
  });

  test('a page rendered in the browser (/admin) loads the app at once, as index.html says', async () => {
    const { cookie } = await staffSession(rendered.app, rendered.db, 'author');
    const res = await rendered.app.inject({ method: 'GET', url: '/admin', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(scriptsOf(res.body)).toEqual(['<script type="module" crossorigin src="/assets/index-E1.js">']);
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/vendor-V1.js">');
    expect(res.body).not.toContain('touchline-modules');
  });
});
