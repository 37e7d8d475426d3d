// The tag and search pages through the real app and the SSR entry's source: /tag/{slug} (heading, list, Load more, 404,
// head), its Atom feed, the sitemap's tag lines, /search (form, results, marks escaped, no result, Load more, noindex)
// and the post page's tag links, JSON-LD and "More on {primary tag}".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPage } from '../../../src/contract/rendering';
import { blogSubmissionSchema } from '../../../src/contract/schemas';
import type { BlogSubmission } from '../../../src/contract/schemas';
import { createPost } from '../../../src/server/repositories/postsRepository';
import { validSubmission } from '../fixtures/submissions';
import { textOf } from '../helpers/html';
import { PUBLIC_URL, useTestApp } from '../helpers/testApp';
import { parseXml } from '../helpers/xml';
import type { XmlElement } from '../helpers/xml';

// The SSR entry's source, required rather than imported: it is typechecked with the client's settings, not these.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title></head><body><div id="root"></div></body></html>`;

const clientDir = mkdtempSync(join(tmpdir(), 'touchline-finding-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const t = useTestApp({ clientDir, renderPage: render, sharedApp: true });

async function store(header: Partial<BlogSubmission['header']>, extra: Partial<BlogSubmission> = {}) {
  return createPost(t.db, blogSubmissionSchema.parse({ ...validSubmission(header), ...extra }));
}

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
/** Whether the HTML has a link to `href` reading `text` (React adds attributes of its own). */
const hasLink = (html: string, href: string, text: string) =>
  html.includes(`href="${href}"`) &&
  new RegExp(`<a [^>]*href="${href.replace(/[?]/g, '\\?')}"[^>]*>${text.replace(/[?]/g, '\\?')}</a>`).test(html);

const children = (element: XmlElement, name: string) => element.children.filter((child) => child.name === name);

describe('/tag/{slug}', () => {
  it('lists the tag’s public posts newest first under the tag’s name, with its head and feed link', async () => {
    const older = await store({ title: 'Older football story', tags: ['Premier League'] });
    await store({ title: 'Tennis story', tags: ['Tennis'] });
    const newer = await store({ title: 'Newer football story', tags: ['Fútbol', 'premier league'] });
    await store({ title: 'Draft football story', tags: ['Premier League'] }, { status: 'draft' });
    const res = await page('/tag/premier-league');
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    expect(res.body).toMatch(/<h1[^>]*>Premier League<\/h1>/);
    expect(text.indexOf('Newer football story')).toBeLessThan(text.indexOf('Older football story'));
    expect(text).not.toContain('Tennis story');
    expect(text).not.toContain('Draft football story');
    // Each item shows its primary tag as a link.
    expect(hasLink(res.body, '/tag/futbol', 'Fútbol')).toBe(true);
    expect(hasLink(res.body, '/tag/premier-league', 'Premier League')).toBe(true);
    expect(res.body).toContain('<title>Premier League · Touchline</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/tag/premier-league">`);
    expect(res.body).toContain('<meta property="og:title" content="Premier League">');
    expect(res.body).toMatch(/<meta name="description" content="Premier League stories on Touchline[^"]*">/);
    expect(res.body).toContain(
      `<link rel="alternate" href="${PUBLIC_URL}/tag/premier-league/feed.xml" type="application/atom+xml" title="Premier League · Touchline">`,
    );
    expect([older.id, newer.id]).toHaveLength(2);
  });

  it('links Load more to /tag/{slug}?cursor=N, which lists the next page', async () => {
    const posts = [];
    for (let i = 0; i < 21; i += 1) posts.push(await store({ title: `Story ${i}`, tags: ['Golf'] }));
    const first = await page('/tag/golf');
    const cursor = posts[1]!.id;
    expect(hasLink(first.body, `/tag/golf?cursor=${cursor}`, 'Load more')).toBe(true);
    const second = await page(`/tag/golf?cursor=${cursor}`);
    expect(second.statusCode).toBe(200);
    expect(textOf(second.body)).toContain('Story 0');
    expect(textOf(second.body)).not.toContain('Story 1 ');
    expect(second.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/tag/golf?cursor=${cursor}">`);
  });

  it('answers the 404 page for a slug with no public post', async () => {
    await store({ title: 'Hidden', tags: ['Secret'] }, { status: 'draft' });
    for (const url of ['/tag/secret', '/tag/nothing-here', '/tag/Not_A_Slug']) {
      const res = await page(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(textOf(res.body)).toContain('Page not found');
    }
  });

  it('serves an Atom feed of the tag’s 20 newest public posts, and 404 for a tag without one', async () => {
    for (let i = 0; i < 22; i += 1) await store({ title: `Lap ${i}`, tags: ['Formula 1'] });
    await store({ title: 'Other sport', tags: ['Golf'] });
    const res = await t.app.inject({ method: 'GET', url: '/tag/formula-1/feed.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = parseXml(res.body);
    expect(children(feed, 'title')[0]!.text).toBe('Formula 1 · Touchline');
    const entries = children(feed, 'entry');
    expect(entries).toHaveLength(20);
    expect(children(entries[0]!, 'title')[0]!.text).toBe('Lap 21');
    const self = children(feed, 'link').find((link) => link.attributes.rel === 'self');
    expect(self?.attributes.href).toBe(`${PUBLIC_URL}/tag/formula-1/feed.xml`);
    expect((await t.app.inject({ method: 'GET', url: '/tag/cricket/feed.xml' })).statusCode).toBe(404);
  });

  it('puts every tag page with a public post in the sitemap', async () => {
    await store({ title: 'A', tags: ['Tennis', 'Grass Court'] });
    await store({ title: 'B', tags: ['Secret'] }, { status: 'draft' });
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const locs = children(parseXml(res.body), 'url').map((url) => children(url, 'loc')[0]!.text);
    expect(locs).toEqual(expect.arrayContaining([`${PUBLIC_URL}/tag/tennis`, `${PUBLIC_URL}/tag/grass-court`]));
    expect(locs).not.toContain(`${PUBLIC_URL}/tag/secret`);
  });

  it('shows a new post on the tag page at once (the cached page is dropped by the write)', async () => {
    await store({ title: 'First run', tags: ['Running'] });
    expect(textOf((await page('/tag/running')).body)).not.toContain('Second run');
    await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      payload: validSubmission({ title: 'Second run', tags: ['Running'] }),
      headers: { authorization: `Bearer test-admin-token-0123456789abcdef0123` },
    });
    expect(textOf((await page('/tag/running')).body)).toContain('Second run');
    expect((await t.app.inject({ method: 'GET', url: '/tag/running/feed.xml' })).body).toContain('Second run');
  });
});

describe('/search', () => {
  it('renders the search form, noindex, with no results before a query', async () => {
    const res = await page('/search');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Search<\/h1>/);
    expect(res.body).toMatch(/<form role="search"[^>]* action="\/search" method="get"/);
    expect(res.body).toMatch(/<label for="search-query"[^>]*>Search posts<\/label>/);
    expect(res.body).toMatch(/<input[^>]*id="search-query"[^>]*name="q"/);
    expect(res.body).toMatch(/<button type="submit"[^>]*>Search<\/button>/);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain('<title>Search · Touchline</title>');
  });

  it('renders results with title link, byline, tags and a snippet whose marks are the only markup', async () => {
    const post = await store({
      title: 'Cup <final> report',
      tags: ['Football'],
      sections: [
        {
          type: 'single-paragraph',
          icon: 'Camera',
          title: '',
          paragraph: 'A late <b>volley</b> won it & the fans sang.',
          list: [],
        },
      ],
    });
    const res = await page('/search?q=volley');
    expect(res.statusCode).toBe(200);
    expect(hasLink(res.body, `/page/${post.id}`, `Cup &lt;final&gt; report`)).toBe(true);
    expect(textOf(res.body)).toContain('By Sam Rivera on March 14, 2024');
    expect(hasLink(res.body, '/tag/football', 'Football')).toBe(true);
    expect(res.body).toContain('late &lt;b&gt;<mark>volley</mark>&lt;/b&gt; won it &amp; the fans sang.');
    expect(res.body).toMatch(/<input[^>]*value="volley"/);
  });

  it('says "No posts match" and the query when nothing matches', async () => {
    await store({ title: 'Something else' });
    const res = await page('/search?q=%3Cscript%3Ezebra');
    expect(textOf(res.body)).toContain('No posts match “<script>zebra”.');
    expect(res.body).not.toContain('<script>zebra');
  });

  it('links Load more to the next page of results', async () => {
    for (let i = 0; i < 21; i += 1) await store({ title: `Hurdles ${i}` });
    const res = await page('/search?q=hurdles');
    expect(hasLink(res.body, '/search?q=hurdles&amp;cursor=20', 'Load more')).toBe(true);
    const next = await page('/search?q=hurdles&cursor=20');
    expect(textOf(next.body)).toContain('Hurdles 0');
    expect(next.body).not.toContain('Load more');
  });
});

describe('the post page', () => {
  it('links the tags, describes them in JSON-LD and lists "More on {primary tag}"', async () => {
    const older = await store({ title: 'Older sprint story', tags: ['Athletics'] });
    const other = await store({ title: 'Not athletics', tags: ['Golf'] });
    const post = await store({ title: 'Main sprint story', tags: ['Athletics', 'Olympics'] });
    const res = await page(`/page/${post.id}`);
    expect(hasLink(res.body, '/tag/athletics', 'Athletics')).toBe(true);
    expect(hasLink(res.body, '/tag/olympics', 'Olympics')).toBe(true);
    expect(res.body).toContain('"keywords":["Athletics","Olympics"],"articleSection":"Athletics"');
    expect(res.body).toMatch(/<h2 id="more-on">More on Athletics<\/h2>/);
    expect(hasLink(res.body, `/page/${older.id}`, `Older sprint story`)).toBe(true);
    expect(res.body).not.toContain(`<a href="/page/${other.id}">`);
  });

  it('has no "More on" when no other public post shares the primary tag', async () => {
    await store({ title: 'Draft same tag', tags: ['Rowing'] }, { status: 'draft' });
    const post = await store({ title: 'Only rowing story', tags: ['Rowing'] });
    const untagged = await store({ title: 'Untagged' });
    expect((await page(`/page/${post.id}`)).body).not.toContain('More on');
    const plain = await page(`/page/${untagged.id}`);
    expect(plain.body).not.toContain('More on');
    expect(plain.body).not.toContain('"keywords"');
  });
});
