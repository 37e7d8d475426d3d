// The author page rendered on the server, through the real app and the SSR entry's source: /author/{slug} shows the
// profile and the author's public stories without JavaScript, with Person JSON-LD and the author's feed in the head;
// a slug naming no author with a public story is a real 404; and bylines in the story lists link the page.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPage } from '../../../src/contract/rendering';
import type { BlogPost } from '../../../src/contract/types';
import { saveProfile } from '../../../src/server/repositories/profileRepository';
import { validSubmission } from '../fixtures/submissions';
import { SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { textOf } from '../helpers/html';
import { PUBLIC_URL, TOKEN, useTestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

// The SSR entry's source, required rather than imported: it is typechecked with the client's settings, not these.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title></head><body><div id="root"></div></body></html>`;

const clientDir = mkdtempSync(join(tmpdir(), 'touchline-authors-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const t = useTestApp({ clientDir, renderPage: render, sharedApp: true });

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

async function writerNamed(name: string, title = 'Chief Football Writer') {
  const who = await staffSession(t.app, t.db, 'editor');
  await saveProfile(t.db, who.account.id, { name, title, photo: '/images/seed/author-maya.svg' }, new Date());
  return { ...who, headers: { cookie: who.cookie, ...SAME_ORIGIN } };
}

async function publish(headers: Record<string, string>, title: string, status?: 'draft'): Promise<BlogPost> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers,
    payload: { ...validSubmission({ title, tags: ['Derby'] }), ...(status && { status }) },
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

/** The page's JSON-LD graph. */
function graphOf(html: string): Record<string, unknown>[] {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  return (JSON.parse(json ?? '{}') as { '@graph'?: Record<string, unknown>[] })['@graph'] ?? [];
}

it('renders the author’s name, title, photo and public stories, with Person JSON-LD and their feed in the head', async () => {
  const priya = await writerNamed('Priya Patel');
  await publish(priya.headers, 'First derby');
  await publish(priya.headers, 'Second derby');
  await publish(priya.headers, 'Unfinished derby', 'draft');
  await publish({ authorization: `Bearer ${TOKEN}` }, 'Written by a script');
  const slug = `priya-patel-${priya.account.id}`;
  const res = await page(`/author/${slug}`);
  expect(res.statusCode).toBe(200);
  const text = textOf(res.body);
  expect(res.body).toMatch(/<h1[^>]*>Priya Patel<\/h1>/);
  expect(text).toContain('Chief Football Writer');
  expect(res.body).toContain('src="/images/seed/author-maya.svg"');
  expect(text.indexOf('Second derby')).toBeGreaterThan(-1);
  expect(text.indexOf('Second derby')).toBeLessThan(text.indexOf('First derby'));
  expect(text).not.toContain('Unfinished derby');
  expect(text).not.toContain('Written by a script');

  expect(res.body).toContain('<title>Priya Patel · Touchline</title>');
  expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/author/${slug}">`);
  expect(res.body).toContain('<meta property="og:type" content="profile">');
  expect(res.body).toContain(
    `<link rel="alternate" href="${PUBLIC_URL}/author/${slug}/feed.xml" type="application/atom+xml" title="Priya Patel · Touchline">`,
  );
  const profile = graphOf(res.body).find((node) => node['@type'] === 'ProfilePage');
  expect(profile?.mainEntity).toEqual({
    '@type': 'Person',
    '@id': `${PUBLIC_URL}/author/${slug}#person`,
    name: 'Priya Patel',
    url: `${PUBLIC_URL}/author/${slug}`,
    jobTitle: 'Chief Football Writer',
    image: `${PUBLIC_URL}/images/seed/author-maya.svg`,
  });
});

it.each([
  ['an account that does not exist', '/author/nobody-99999'],
  ['a slug naming no account', '/author/priya-patel'],
])('answers the 404 page for %s', async (_what, url) => {
  const res = await page(url);
  expect(res.statusCode).toBe(404);
  expect(res.body).toContain('<meta name="robots" content="noindex">');
  expect(textOf(res.body)).toMatch(/not found/i);
});

it('answers the 404 page for an author with no public story, and the page once they have one', async () => {
  const quiet = await writerNamed('Quiet Writer', '');
  await publish(quiet.headers, 'Still a draft', 'draft');
  const url = `/author/quiet-writer-${quiet.account.id}`;
  expect((await page(url)).statusCode).toBe(404);
  await publish(quiet.headers, 'Out at last');
  const res = await page(url);
  expect(res.statusCode).toBe(200);
  expect(textOf(res.body)).toContain('Out at last');
  // No title in the profile: no jobTitle claimed.
  const person = graphOf(res.body).find((node) => node['@type'] === 'ProfilePage')?.mainEntity as object;
  expect(person).not.toHaveProperty('jobTitle');
});

it('links each byline in the story lists (landing, /blog, tag pages) and the post’s JSON-LD author to the author page', async () => {
  const sam = await writerNamed('Sam Rivera');
  const post = await publish(sam.headers, 'Byline story');
  const href = `/author/sam-rivera-${sam.account.id}`;
  for (const url of ['/', '/blog', '/tag/derby']) {
    const res = await page(url);
    expect([url, res.statusCode]).toEqual([url, 200]);
    expect([url, new RegExp(`<a [^>]*href="${href}"[^>]*>${post.authorName}</a>`).test(res.body)]).toEqual([url, true]);
  }
  const story = await page(`/page/${post.id}`);
  const article = graphOf(story.body).find((node) => node['@type'] === 'BlogPosting');
  expect(article?.author).toMatchObject({ '@type': 'Person', url: `${PUBLIC_URL}${href}` });
});
