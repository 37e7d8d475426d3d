// `npm run validate [-- BASE_URL]`: fetches a running site's pages, feeds, sitemaps and robots.txt and checks each as its
// readers would: html-validate on the pages (config: .htmlvalidate.json), every JSON-LD block parsed as JSON, the feeds
// and sitemaps parsed as XML by the tests' strict parser, robots.txt read line by line. Prints `ok URL` or
// `error URL: reason` per URL and exits 1 on any error. Without BASE_URL it starts the built server on a throwaway data
// directory (seeded with the sample posts) and stops it after.
import { join } from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { startBuiltServer } from './lib/builtServer.mjs';
import { childrenNamed, only, parseXml } from '../tests/server/helpers/xml.ts';

const root = new URL('..', import.meta.url).pathname;
const validator = new HtmlValidate(new FileSystemConfigLoader());

/** Every `<script type="application/ld+json">` body of a page. */
const jsonLdBlocks = (html) =>
  [...html.matchAll(/<script\b[^>]*\btype="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]);

async function checkPage(html) {
  // The file name places the page under the repository, so html-validate finds .htmlvalidate.json for it.
  const report = await validator.validateString(html, join(root, 'validate-page.html'));
  const problems = report.results.flatMap((result) =>
    result.messages.map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message}`),
  );
  for (const [i, block] of jsonLdBlocks(html).entries()) {
    try {
      JSON.parse(block);
    } catch (error) {
      problems.push(`JSON-LD block ${i + 1} does not parse: ${error.message}`);
    }
  }
  return problems;
}

/** A feed as a feed reader needs it: well-formed Atom with a title and its entries. */
function checkFeed(xml) {
  const feed = parseXml(xml);
  if (feed.name !== 'feed') return [`the root is <${feed.name}>, not <feed>`];
  only(feed, 'title');
  for (const entry of childrenNamed(feed, 'entry')) for (const name of ['id', 'title', 'updated']) only(entry, name);
  return [];
}

/** A sitemap or sitemap index: well-formed, and the files an index names (to check them too). */
function checkSitemap(xml, more) {
  const doc = parseXml(xml);
  if (doc.name === 'sitemapindex') {
    for (const sitemap of childrenNamed(doc, 'sitemap')) more.push(only(sitemap, 'loc').text);
    return [];
  }
  if (doc.name !== 'urlset') return [`the root is <${doc.name}>, not <urlset> or <sitemapindex>`];
  for (const url of childrenNamed(doc, 'url')) new URL(only(url, 'loc').text);
  return [];
}

/** robots.txt: every line blank, a comment, or a known field with a value; a Sitemap an absolute URL. */
function checkRobots(text) {
  const problems = [];
  for (const [i, line] of text.split('\n').entries()) {
    const content = line.replace(/#.*/, '').trim();
    if (content === '') continue;
    const field = /^(user-agent|allow|disallow|sitemap|crawl-delay)\s*:\s*(.*)$/i.exec(content);
    if (field === null) problems.push(`line ${i + 1} is no robots.txt field: ${JSON.stringify(line)}`);
    else if (field[1].toLowerCase() === 'sitemap' && !URL.canParse(field[2]))
      problems.push(`line ${i + 1}: the sitemap is no absolute URL`);
  }
  return problems;
}

/** Fetches `path` (fetch decodes br and gzip) and runs `check` on its text; one result line. */
async function visit(base, path, { status = 200, check }) {
  const url = new URL(path, base).href;
  try {
    const response = await fetch(url, { headers: { accept: 'text/html,application/xml;q=0.9,*/*;q=0.8' } });
    const text = await response.text();
    if (response.status !== status) return { url, problems: [`status ${response.status}, expected ${status}`] };
    return { url, problems: await check(text) };
  } catch (error) {
    return { url, problems: [error.message] };
  }
}

async function validate(base) {
  const posts = await (await fetch(new URL('/api/blogs?limit=100', base))).json();
  if (!Array.isArray(posts) || posts.length === 0) throw new Error('the site lists no post to check');
  const post = await (await fetch(new URL(`/api/blogs/${posts[0].id}`, base))).json();
  const slug = posts.flatMap((p) => p.tags ?? [])[0]?.slug ?? post.tags?.[0]?.slug;
  // An author's page and feed, when the newest post was written by an account (seed posts have none).
  const author = post.authorSlug;
  const word = /[\p{L}\d]{3,}/u.exec(post.title)?.[0] ?? 'match';
  const page = { check: checkPage };
  const targets = [
    ['/', page],
    ['/blog', page],
    ...posts.map((p) => [`/page/${p.id}`, page]),
    ['/sample', page],
    ...(slug ? [[`/tag/${slug}`, page]] : []),
    ...(author ? [[`/author/${author}`, page]] : []),
    [`/search?q=${encodeURIComponent(word)}`, page],
    ['/auth', page],
    ['/no-such-page', { status: 404, check: checkPage }],
    ['/feed.xml', { check: checkFeed }],
    ...(slug ? [[`/tag/${slug}/feed.xml`, { check: checkFeed }]] : []),
    ...(author ? [[`/author/${author}/feed.xml`, { check: checkFeed }]] : []),
    ['/robots.txt', { check: checkRobots }],
  ];
  const results = await Promise.all(targets.map(([path, options]) => visit(base, path, options)));
  // The sitemap, then every file an index names.
  const sitemaps = [new URL('/sitemap.xml', base).href];
  for (let i = 0; i < sitemaps.length; i += 1) {
    const more = [];
    const result = await visit(base, sitemaps[i], { check: (xml) => checkSitemap(xml, more) });
    results.push(result);
    // The sitemap names PUBLIC_URL's files: fetch them from the site being checked.
    for (const loc of more) sitemaps.push(new URL(new URL(loc).pathname, base).href);
  }
  for (const { url, problems } of results)
    console.log(problems.length === 0 ? `ok ${url}` : `error ${url}: ${problems.join('; ')}`);
  return results.every(({ problems }) => problems.length === 0);
}

/** A story with a photo, a quote and a video beside the seed's posts, so their markup is checked too. */
async function addStoryWithSections(base, adminToken) {
  const response = await fetch(new URL('/api/blogs', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({
      header: {
        title: 'Derby in pictures',
        sections: [
          { type: 'image', image: 'https://images.example.com/stand.jpg', alt: 'The north stand', caption: 'Flares' },
          { type: 'quote', text: 'We never stopped believing.', cite: 'Maya Ortiz' },
          { type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ?t=90', caption: 'The winner' },
          { type: 'video', url: 'https://www.youtube.com/shorts/dQw4w9WgXcQ' },
        ],
      },
    }),
  });
  if (response.status !== 201) throw new Error(`adding the story with sections failed (${response.status})`);
}

const given = process.argv[2];
const server = given ? undefined : await startBuiltServer({ ports: [4400, 4429] });
let passed = false;
try {
  if (server) await addStoryWithSections(server.url, server.adminToken);
  passed = await validate(given ?? server.url);
} catch (error) {
  console.log(`error ${given ?? server.url}: ${error.message}`);
} finally {
  await server?.stop();
}
process.exit(passed ? 0 : 1);
