// `npm run lighthouse [-- --runs N]`: Lighthouse (mobile form factor, simulated throttling: its defaults) with
// Debian's chromium against the built server, for the visitor pages. Prints the median score per category.
// Not part of `npm test` (a few minutes). Targets: performance 100 on `/`, on a live post with 200 updates and on a
// formatted story with 3 photos, 2 pull quotes and 3 videos; ≥ 98 on the other seeded pages and on a post with 500
// approved comments; ≥ 95 with an LCP of at most 2.5 s on the photo post; 100 for the other categories everywhere.
// Besides a seeded post it measures the same post with real photos (a 4000×3000 JPEG of about 4 MB as header, three
// products and the author at 2000×2000), made here with sharp and uploaded through the API with the admin token.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { parseArgs } from 'node:util';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  firstPostId,
  requireBuildAndBrowser,
  startBuiltServer,
} from './lib/builtServer.mjs';
import { texturedPhotoJpeg } from './lib/texturedPhoto.mjs';
import { createMediaPost, makeLive, submittedSections, upload } from './lib/measurePosts.mjs';
import { createSeason, createSeasonStory } from './lib/measureMatches.mjs';
import { addApprovedComments } from './lib/measureComments.mjs';
import { join } from 'node:path';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number.parseInt(values.runs, 10) || 1);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
const PHOTO_TARGET = { ...TARGET, performance: 95 };
/**
 * 100 everywhere: a story with photos, quotes and videos in its text (photos lazy below the fold, videos as facades),
 * the landing page and a live post with 200 updates (issue 44).
 */
const FULL_TARGET = { ...TARGET, performance: 100 };
const PHOTO_LCP_MS = 2500;

requireBuildAndBrowser('lighthouse');

/** The seeded post again, with real photos as header, product and author images; resolves with its id. */
async function createPhotoPost(server, postId) {
  const post = await (await fetch(`${server.url}/api/blogs/${postId}`)).json();
  const started = Date.now();
  const header = await texturedPhotoJpeg(4000, 3000, { seed: 1 });
  const square = (seed) => texturedPhotoJpeg(2000, 2000, { seed });
  const headerUrl = await upload(server, header, 'header.jpg');
  const productImages = [];
  for (const seed of [2, 3, 4]) productImages.push(await upload(server, await square(seed), `product-${seed}.jpg`));
  const authorUrl = await upload(server, await square(5), 'author.jpg');
  const submission = {
    header: {
      icon: post.icon,
      title: `${post.title} (photos)`,
      image: headerUrl,
      publishDate: post.publishDate,
      readTime: post.readTime,
      sections: submittedSections(post),
    },
    products: [0, 1, 2].map((index) => {
      const { title, description, price, amazonUrl } = post.products[index % post.products.length];
      return { title, description, price, imageUrl: productImages[index], amazonUrl };
    }),
    footer: { authorName: post.authorName, authorTitle: post.authorTitle, imageUrl: authorUrl },
  };
  const response = await fetch(`${server.url}/api/blogs`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(submission),
  });
  if (response.status !== 201) throw new Error(`photo post: ${response.status} ${await response.text()}`);
  const { id } = await response.json();
  console.log(
    `lighthouse: photo post /page/${id}: header 4000×3000 JPEG of ${(header.length / 1e6).toFixed(1)} MB, ` +
      `products and author 2000×2000, made and uploaded in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return id;
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

const server = await startBuiltServer({ ports: [4370, 4399] });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
let missed = false;
try {
  const postId = await firstPostId(server.url);
  const photoPostId = await createPhotoPost(server, postId);
  // Another seeded post (the first stays as it was), covered live.
  const livePostId = await makeLive(server, postId - 1, 200);
  console.log(`lighthouse: live post /page/${livePostId} with 200 updates`);
  const mediaStarted = Date.now();
  const mediaPostId = await createMediaPost(server, postId, { photos: 3, quotes: 2, videos: 3 });
  console.log(
    `lighthouse: /page/${mediaPostId} with 3 photos (1600×1067), 2 quotes and 3 videos in formatted text, made in ` +
      `${((Date.now() - mediaStarted) / 1000).toFixed(0)} s`,
  );
  // The third seeded post with 500 approved comments (the page holds the first 50 threads), written into the server's
  // SQLite file before any page of it is asked for, so no cached copy predates them.
  const commentedPostId = postId - 2;
  addApprovedComments(join(server.dataDir, 'touchline.db'), commentedPostId, 500);
  console.log(`lighthouse: /page/${commentedPostId} with 500 approved comments`);
  // The matchday pages: 30 matches today and a competition with a 20-team table.
  const competition = await createSeason(server);
  await createSeasonStory(server, await (await fetch(`${server.url}/api/blogs/${postId}`)).json());
  const rows = [];
  const notes = [];
  // noindex: the page asks not to be indexed (the search results page does), so Lighthouse's is-crawlable audit
  // fails on purpose; its SEO target is met when nothing else fails.
  for (const [route, label, target, noindex = false] of [
    ['/', '/', FULL_TARGET],
    ['/blog', '/blog', TARGET],
    [`/page/${postId}`, '/page/:id', TARGET],
    // Tag and search pages; the seed's posts carry the Training tag.
    ['/tag/training', '/tag/:slug', TARGET],
    ['/search?q=training', '/search?q=…', TARGET, true],
    [`/page/${photoPostId}`, '/page/:id photos', PHOTO_TARGET],
    [`/page/${livePostId}`, '/page/:id live, 200 entries', FULL_TARGET],
    [`/page/${mediaPostId}`, '/page/:id 3 photos, 2 quotes, 3 videos', FULL_TARGET],
    [`/page/${commentedPostId}`, '/page/:id 500 comments', TARGET],
    ['/matches', '/matches (30 matches)', TARGET],
    [`/tag/${competition}`, '/tag/:slug a competition (20-team table)', TARGET],
  ]) {
    const photos = target === PHOTO_TARGET;
    const results = [];
    // A run that Lighthouse itself could not complete (runtimeError, null scores) is reported and repeated once.
    for (let run = 0, failures = 0; run < runs;) {
      const { lhr } = await lighthouse(server.url + route, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      const broken = lhr.runtimeError ?? CATEGORIES.find((category) => lhr.categories[category].score === null);
      if (broken && failures < runs) {
        failures += 1;
        console.log(
          `lighthouse: ${route} run failed (${lhr.runtimeError?.code ?? `no ${broken} score`}), repeating it`,
        );
        continue;
      }
      results.push(lhr);
      run += 1;
    }
    const row = { route: label };
    for (const category of CATEGORIES) {
      row[category] = median(results.map((lhr) => Math.round(lhr.categories[category].score * 100)));
      const failing = (lhr) =>
        lhr.categories[category].auditRefs.filter(
          (ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1 && ref.id !== 'is-crawlable',
        );
      const deliberate = noindex && category === 'seo' && results.every((lhr) => failing(lhr).length === 0);
      if (!deliberate && row[category] < target[category]) missed = true;
    }
    row['performance runs'] = results.map((lhr) => Math.round(lhr.categories.performance.score * 100)).join(' ');
    // Lighthouse's measure of the machine's CPU (its 4× slowdown applies to whatever it is: under 1,000 it warns that
    // the performance score reads low), so runs on different days can be compared.
    row.host = Math.round(median(results.map((lhr) => lhr.environment.benchmarkIndex)));
    const lcp = median(results.map((lhr) => lhr.audits['largest-contentful-paint'].numericValue));
    if (photos && lcp > PHOTO_LCP_MS) missed = true;
    // Metrics and the audits that cost points, from the run with the median performance score.
    const typical = [...results].sort((a, b) => a.categories.performance.score - b.categories.performance.score)[
      Math.floor(results.length / 2)
    ];
    for (const [name, id] of [
      ['FCP', 'first-contentful-paint'],
      ['LCP', 'largest-contentful-paint'],
      ['TBT', 'total-blocking-time'],
      ['CLS', 'cumulative-layout-shift'],
      ['bytes', 'total-byte-weight'],
    ]) {
      row[name] = typical.audits[id].displayValue;
    }
    for (const category of CATEGORIES) {
      for (const ref of typical.categories[category].auditRefs) {
        const audit = typical.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          // Performance audits speak through their value; the others through the items they flag.
          const items = category === 'performance' ? [] : (audit.details?.items ?? []).slice(0, 3);
          const flagged = items.map((item) =>
            [item.description, item.sourceLocation?.url ?? item.url, item.node?.snippet].filter(Boolean).join(' '),
          );
          notes.push(
            `${label} ${category}: ${audit.id} (${audit.displayValue || audit.score})` +
              flagged.map((text) => `\n      ${String(text).slice(0, 200)}`).join(''),
          );
        }
      }
    }
    rows.push(row);
  }
  console.log(`lighthouse ${runs} run(s) per route, mobile, median scores:`);
  console.table(rows);
  if (notes.length) console.log(`audits below 100 (median run):\n  ${notes.join('\n  ')}`);
} finally {
  chrome.kill();
  await server.stop();
}
console.log(
  missed
    ? 'lighthouse: below target (performance ≥ 98, the photo post ≥ 95 with LCP ≤ 2.5 s; 100 on /, the live post and the photo/quote/video story; others 100, apart from the search page noindex)'
    : 'lighthouse: all targets met',
);
process.exit(missed ? 1 : 0);
