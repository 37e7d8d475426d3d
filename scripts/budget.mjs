// `npm run budget [-- --files]`: loads each visitor route of the built app in Chromium (cold cache) and fails when the JavaScript
// or CSS it downloads (files, or inline in the page) exceeds the size budget (gzip), or when a visitor route downloads the
// admin editor's chunk.
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  firstPostId,
  requireBuildAndBrowser,
  startBuiltServer,
} from './lib/builtServer.mjs';
import { createAuthoredPost, createMediaPost, makeLive } from './lib/measurePosts.mjs';
import { createSeason, createSeasonStory } from './lib/measureMatches.mjs';

const KB = 1000; // as Vite reports sizes
const BUDGET = { js: 115 * KB, css: 15 * KB };
// Texts only the admin editor renders (SPEC 2): a JS file containing one is editor code.
const EDITOR_MARKERS = ['Create New Blog Post', 'Show Preview'];

requireBuildAndBrowser('budget');

/**
 * Loads one route in a fresh context; returns every JS/CSS file it fetched with its gzip and wire sizes. With
 * `owner`, the context signs in first (admin pages answer 303 to /auth without a session).
 */
async function load(browser, url, owner) {
  const context = await browser.newContext();
  if (owner) {
    const origin = new URL(url).origin;
    const response = await context.request.post(`${origin}/api/session`, { data: owner, headers: { origin } });
    if (response.status() !== 200) throw new Error(`budget: signing in failed (${response.status()})`);
  }
  const page = await context.newPage();
  const pending = [];
  const onResponse = (response) => {
    const type = response.headers()['content-type'] ?? '';
    const kind = /javascript/.test(type) ? 'js' : /text\/css/.test(type) ? 'css' : null;
    if (!kind || response.status() !== 200) return;
    pending.push(
      (async () => {
        // A worker that has already ended (the live page's clock worker) takes its response body with it: read the
        // same URL again, uncompressed, and count its gzip like any other file's.
        const body = await response
          .body()
          .catch(async () => Buffer.from(await (await fetch(response.url())).arrayBuffer()));
        const sizes = await response
          .request()
          .sizes()
          .catch(() => ({ responseBodySize: gzipSync(body).length }));
        const text = kind === 'js' ? body.toString('utf8') : '';
        return {
          kind,
          editor: EDITOR_MARKERS.some((marker) => text.includes(marker)),
          path: new URL(response.url()).pathname,
          gzip: gzipSync(body, { level: 9 }).length,
          wire: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'identity',
        };
      })(),
    );
  };
  page.on('response', onResponse);
  await page.goto(url);
  // Every route renders an h1 once its lazy page chunk has run; then wait for the images and API calls to settle.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  // On a busy machine a chunk fetched on idle can come after networkidle: count until a quiet second passes, then stop
  // listening, so no response is read after the context closes (that crashed the run) and none is left uncounted.
  for (let seen = -1; seen !== pending.length;) {
    seen = pending.length;
    await page.waitForTimeout(1000);
  }
  page.off('response', onResponse);
  const files = await Promise.all(pending);
  // A server-rendered page carries its stylesheets inline (src/server/pages/inlineStyles.ts): they count as CSS too.
  for (const css of await page.$$eval('style', (styles) => styles.map((style) => style.textContent ?? ''))) {
    const gzip = gzipSync(css, { level: 9 }).length;
    files.push({ kind: 'css', editor: false, path: '(inline <style>)', gzip, wire: gzip, encoding: 'in the page' });
  }
  await context.close();
  return files;
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const server = await startBuiltServer({ ports: [4340, 4369] });
let failed = false;
try {
  const postId = await firstPostId(server.url);
  // The tag and search pages too: a tag's stories (the first post's primary tag) and a search with results (a
  // word of its title), so the results' code is counted.
  const post = await (await fetch(`${server.url}/api/blogs/${postId}`)).json();
  const slug = post.tags?.[0]?.slug;
  if (!slug) throw new Error(`budget: post ${postId} has no tag to load /tag/:slug with`);
  const word = /[\p{L}\d]{3,}/u.exec(post.title)?.[0] ?? 'the';
  // The heaviest posts too: one with photos, quotes and videos in formatted text (their lazy chunks), and one such post
  // covered live (the live chunk besides), each counted against the same budget as any post.
  const mediaPostId = await createMediaPost(server, postId, { width: 800, height: 533 });
  const liveMediaPostId = await makeLive(
    server,
    await createMediaPost(server, postId, { width: 800, height: 533 }),
    60,
  );
  // The matchday pages: 30 matches today and a competition with a 20-team table (a story tagged with it).
  const competition = await createSeason(server);
  await createSeasonStory(server, post);
  // An author page (issue 44): the seeded post again, published by the owner's account.
  const authorPath = await createAuthoredPost(server, post);
  const routes = [
    ['/', '/'],
    ['/matches', '/matches (30 matches)'],
    [`/tag/${competition}`, '/tag/:slug a competition (20-team table)'],
    ['/blog', '/blog'],
    [`/page/${postId}`, '/page/:id'],
    [`/page/${mediaPostId}`, '/page/:id photos, quotes, videos'],
    [`/page/${liveMediaPostId}`, '/page/:id the same, live'],
    ['/sample', '/sample'],
    [`/tag/${slug}`, '/tag/:slug'],
    [`/search?q=${encodeURIComponent(word)}`, '/search?q=…'],
    [authorPath, '/author/:slug'],
    ['/members/subscribed', '/members/subscribed'],
    ['/members/confirm?token=budget', '/members/confirm?token=…'],
    ['/members/signin', '/members/signin'],
    ['/members/unsubscribe?token=budget', '/members/unsubscribe?token=…'],
    ['/account', '/account'],
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const visitorFiles = new Map();
    for (const [route, label] of routes) visitorFiles.set(label, await load(browser, server.url + route));
    const editorFiles = (await load(browser, server.url + '/admin', server.owner)).filter((file) => file.editor);

    const rows = [];
    for (const [route, files] of visitorFiles) {
      const sum = (kind, key) => files.filter((f) => f.kind === kind).reduce((total, f) => total + f[key], 0);
      const js = sum('js', 'gzip');
      const css = sum('css', 'gzip');
      const leaked = files.filter((file) => file.editor).map((file) => file.path);
      const over = [];
      if (js > BUDGET.js) over.push('JS');
      if (css > BUDGET.css) over.push('CSS');
      if (leaked.length) over.push(`editor chunk ${leaked.join(' ')}`);
      if (over.length) failed = true;
      rows.push({
        route,
        'JS files': files.filter((f) => f.kind === 'js').length,
        'JS gzip': kb(js),
        'CSS gzip': kb(css),
        'JS+CSS on the wire': kb(sum('js', 'wire') + sum('css', 'wire')),
        result: over.length ? `OVER: ${over.join(', ')}` : `ok (${BUDGET.js - js} bytes of JS to spare)`,
      });
    }
    console.log(`budget: JS ≤ ${kb(BUDGET.js)}, CSS ≤ ${kb(BUDGET.css)} gzip per visitor route (cold cache)`);
    console.table(rows);
    if (process.argv.includes('--files')) {
      for (const [route, files] of visitorFiles) {
        console.log(`${route}:`);
        for (const f of [...files].sort((a, b) => b.gzip - a.gzip))
          console.log(`  ${kb(f.gzip).padStart(9)}  ${f.path}`);
      }
    }
    if (editorFiles.length === 0) {
      failed = true;
      console.log(`budget: FAIL no JavaScript fetched by /admin contains the editor's texts (${EDITOR_MARKERS})`);
    } else {
      const size = editorFiles.reduce((total, f) => total + f.gzip, 0);
      console.log(
        `budget: editor code (${kb(size)} gzip) is in ${editorFiles.map((f) => f.path).join(' ')}, ` +
          'fetched by /admin only',
      );
    }
    console.log(
      `budget: served encoding of JS/CSS: ${[...new Set([...visitorFiles.values()].flat().map((f) => f.encoding))].join(', ')}`,
    );
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
console.log(failed ? 'budget: FAIL' : 'budget: PASS');
process.exit(failed ? 1 : 0);
