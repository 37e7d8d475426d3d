// How the real server delivers the app, checked from the outside: caching, pre-compression, conditional API
// requests, security headers, and a page that fetches nothing from any other host.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { createHash } from 'node:crypto';
import { newestPost } from './helpers/api';
import { appStarted, watchAppStart } from './helpers/app';
import { ADMIN_TOKEN } from './helpers/constants';
import { makePng } from './helpers/png';

/** The hashed JS and CSS files index.html references. */
async function builtAssets(request: APIRequestContext): Promise<string[]> {
  const html = await (await request.get('/')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  expect(assets.length).toBeGreaterThan(0);
  return assets;
}

test('index.html is revalidated on every visit, hashed assets are cached for a year', async ({ request }) => {
  for (const path of ['/', '/blog', '/page/1', '/admin']) {
    const page = await request.get(path);
    expect(page.status()).toBe(200);
    expect(page.headers()['content-type']).toContain('text/html');
    expect(page.headers()['cache-control']).toBe('no-cache');
  }
  for (const asset of await builtAssets(request)) {
    const response = await request.get(asset);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
});

test('assets are served pre-compressed: brotli when the browser accepts it, else gzip', async ({ request }) => {
  const [asset] = (await builtAssets(request)).filter((path) => path.endsWith('.js'));
  const plain = await (await request.get(asset, { headers: { 'Accept-Encoding': 'identity' } })).body();
  for (const [accept, encoding] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const response = await request.get(asset, { headers: { 'Accept-Encoding': accept } });
    expect(response.headers()['content-encoding']).toBe(encoding);
    expect(response.headers()['vary']).toMatch(/accept-encoding/i);
    expect(Number(response.headers()['content-length'])).toBeLessThan(plain.length);
    // Playwright decodes the body: the same bytes arrive either way.
    expect(Buffer.compare(await response.body(), plain)).toBe(0);
  }
});

test('API reads carry an ETag and answer If-None-Match with 304 Not Modified', async ({ request }) => {
  const { id } = await newestPost(request);
  for (const path of ['/api/blogs', `/api/blogs/${id}`]) {
    const first = await request.get(path);
    const etag = first.headers()['etag'];
    expect(etag, `${path} has an ETag`).toBeTruthy();
    const again = await request.get(path, { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
    expect(await again.body()).toHaveLength(0);
  }
});

test('every response carries the security headers; the CSP allows our inline script by hash only', async ({
  request,
}) => {
  const response = await request.get('/');
  const headers = response.headers();
  const csp = headers['content-security-policy'];
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The hash is the one of the inline script actually served.
  const html = await response.text();
  const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(inline, 'index.html has its inline theme script').toBeTruthy();
  expect(csp).toContain(`'sha256-${createHash('sha256').update(inline!).digest('base64')}'`);
});

test('an uploaded image is served with long-lived caching and nosniff', async ({ request }) => {
  const png = makePng(8, 8, [10, 200, 120]);
  const upload = await request.post('/api/uploads', {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    multipart: { file: { name: 'tiny.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status()).toBe(201);
  const { url } = await upload.json();
  const image = await request.get(url);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(image.headers()['x-content-type-options']).toBe('nosniff');
});

test('a visitor page loads nothing from any other host (fonts included) @phone', async ({ page, baseURL, request }) => {
  const { id } = await newestPost(request);
  const origins = new Set<string>();
  page.on('request', (req) => origins.add(new URL(req.url()).origin));
  // The app too: it loads after the page (src/client/boot.ts), so wait for it, not for a quiet network alone.
  await watchAppStart(page);
  for (const path of ['/', '/blog', `/page/${id}`, '/sample']) {
    await page.goto(path);
    await appStarted(page);
  }
  expect([...origins]).toEqual([new URL(baseURL!).origin]);
});

test('a visitor page logs no errors and every request it makes succeeds', async ({ page, request }) => {
  const { id } = await newestPost(request);
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on(
    'response',
    (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`),
  );
  // The app too: it loads after the page (src/client/boot.ts), so wait for it, not for a quiet network alone.
  await watchAppStart(page);
  for (const path of ['/', '/blog', `/page/${id}`, '/sample']) {
    await page.goto(path);
    await appStarted(page);
  }
  expect(problems).toEqual([]);
});

test('a first visit to a post or the list asks the API nothing (the page carries its data), loads its app after the page, and uses every preload hint', async ({
  page,
  request,
}) => {
  const { id } = await newestPost(request);
  await watchAppStart(page);
  for (const [path, api] of [
    [`/page/${id}`, `/api/blogs/${id}`],
    ['/blog', '/api/blogs'],
  ]) {
    const apiRequests: string[] = [];
    const warnings: string[] = [];
    page.on('request', (req) => new URL(req.url()).pathname === api && apiRequests.push(req.url()));
    // Chrome warns when a preloaded response goes unused (e.g. a request mode that does not match the hint).
    page.on('console', (message) => /preload/i.test(message.text()) && warnings.push(message.text()));
    const html = await (await request.get(path)).text();
    // The page names its app and its page chunk for the entry to load after the page, and preloads no script.
    const modules = html.match(/<meta name="touchline-modules" content="([^"]*)">/)?.[1].split(' ') ?? [];
    expect(modules, `${path} names the app and its page chunk`).toEqual([
      expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
      expect.stringMatching(
        path === '/blog' ? /^\/assets\/BlogListPage-[\w-]+\.js$/ : /^\/assets\/PostPage-[\w-]+\.js$/,
      ),
    ]);
    expect(html, `${path} preloads no script`).not.toContain('<link rel="modulepreload"');
    expect(html, `${path} preloads no API answer`).not.toContain(`as="fetch"`);
    // The app's scripts are requested once the page has loaded (src/client/boot.ts), not alongside it.
    const early: string[] = [];
    let loaded = false;
    page.on('load', () => (loaded = true));
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (!loaded && modules.includes(pathname)) early.push(pathname);
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Switch to (light|dark) theme$/ })).toBeVisible();
    // Hydrated (the toggle above is in the server's page too): the app had its chance to ask the API.
    await appStarted(page);
    expect(early, `${path}: no app script before the load event`).toEqual([]);
    // A fixed wait on purpose: this checks that nothing happens. The page's load event has passed, and Chrome reports
    // an unused preload a few seconds after it, and no event says that it will not.
    await page.waitForTimeout(3_500);
    expect(apiRequests, `${path}: no request to ${api}`).toHaveLength(0);
    expect(warnings).toEqual([]);
    page.removeAllListeners('request');
    page.removeAllListeners('console');
  }
});
