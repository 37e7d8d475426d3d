// The desk never reaches a reader: a post in review is as hidden as a draft, and a word written only in an editorial
// note (a note, a request for changes, the notification it makes) is in no public answer: the API, the rendered
// pages and their embedded data and JSON-LD, the feed, the sitemap and search.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPage } from '../../src/contract/rendering';
import type { BlogPost } from '../../src/contract/types';
import { validSubmission } from './fixtures/submissions';
import { SAME_ORIGIN, staffSession } from './helpers/accounts';
import { TOKEN, useTestApp } from './helpers/testApp';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../src/client/entry-server') as { render: RenderPage };

jest.setTimeout(60_000);

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;
const clientDir = mkdtempSync(join(tmpdir(), 'touchline-desk-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const t = useTestApp({ clientDir, renderPage: render, now: Date.now(), alsoEmpty: ['accounts'], sharedApp: true });

const bearer = { authorization: `Bearer ${TOKEN}` };
const get = (url: string) => t.app.inject({ method: 'GET', url });

const NOTE_WORD = 'Zanzibarquux';
const REVIEW_WORD = 'Quetzalfrob';

it('keeps posts in review and every note out of every public answer', async () => {
  const writer = await staffSession(t.app, t.db, 'contributor');
  const editor = await staffSession(t.app, t.db, 'editor');
  const headers = (who: typeof writer) => ({ cookie: who.cookie, ...SAME_ORIGIN });
  const published = (
    await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: bearer,
      payload: { ...validSubmission({ title: 'Public match report', tags: ['Derby'] }), status: 'published' },
    })
  ).json<BlogPost>();
  const inReview = (
    await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: headers(writer),
      payload: { ...validSubmission({ title: `${REVIEW_WORD} transfer story`, tags: ['Derby'] }), status: 'review' },
    })
  ).json<BlogPost>();
  expect(inReview.status).toBe('review');
  // A note on the public post, and a request for changes (a note, a step, a notification) on another that then
  // goes out.
  const noted = await t.app.inject({
    method: 'POST',
    url: `/api/blogs/${published.id}/notes`,
    headers: headers(editor),
    payload: { body: `Check ${NOTE_WORD} before the weekend` },
  });
  expect(noted.statusCode).toBe(201);
  const sentBack = (
    await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: headers(writer),
      payload: { ...validSubmission({ title: 'Second public post' }), status: 'review' },
    })
  ).json<BlogPost>();
  await t.app.inject({
    method: 'POST',
    url: `/api/blogs/${sentBack.id}/review`,
    headers: headers(editor),
    payload: { decision: 'changes', note: `Rewrite the ${NOTE_WORD} part` },
  });
  await t.app.inject({
    method: 'PUT',
    url: `/api/blogs/${sentBack.id}`,
    headers: headers(editor),
    payload: { ...validSubmission({ title: 'Second public post' }), status: 'published' },
  });

  const urls = [
    '/',
    '/blog',
    `/page/${published.id}`,
    `/page/${sentBack.id}`,
    `/page/${inReview.id}`,
    '/tag/derby',
    `/search?q=${NOTE_WORD}`,
    `/search?q=${REVIEW_WORD}`,
    '/sitemap.xml',
    '/feed.xml',
    '/api/blogs',
    '/api/blogs?tag=derby',
    `/api/blogs/${published.id}`,
    `/api/blogs/${sentBack.id}`,
    `/api/blogs/${inReview.id}`,
    `/api/blogs/${published.id}/related`,
    `/api/search?q=${NOTE_WORD}`,
    `/api/search?q=${REVIEW_WORD}`,
    `/api/blogs/${published.id}/notes`,
    `/api/blogs/${inReview.id}/review`,
    '/api/notifications',
  ];
  const answers = await Promise.all(urls.map(async (url) => ({ url, res: await get(url) })));
  // Both public posts are there (so the check below reads real pages), the post in review is not.
  const blog = answers.find((a) => a.url === '/blog')!.res.body;
  expect(blog).toContain('Public match report');
  expect(blog).toContain('Second public post');
  // The search page links what it finds (so finding nothing below means something).
  expect((await get('/search?q=report')).body).toContain(`href="/page/${published.id}"`);
  // A search page shows the words searched for; what it must not show is a post found by them.
  for (const { url, res } of answers.filter((a) => a.url.startsWith('/search'))) {
    expect([url, res.statusCode]).toEqual([url, 200]);
    expect([url, /href="\/page\/\d+"/.test(res.body), res.body.includes('transfer story')]).toEqual([
      url,
      false,
      false,
    ]);
  }
  for (const { url, res } of answers.filter((a) => !a.url.startsWith('/search'))) {
    expect([url, res.body.includes(NOTE_WORD)]).toEqual([url, false]);
    expect([url, res.body.includes(REVIEW_WORD)]).toEqual([url, false]);
  }
  const status = (url: string) => answers.find((a) => a.url === url)!.res.statusCode;
  expect(status(`/page/${inReview.id}`)).toBe(404);
  expect(status(`/api/blogs/${inReview.id}`)).toBe(404);
  expect([status(`/api/blogs/${published.id}/notes`), status('/api/notifications')]).toEqual([401, 401]);
  // Staff do read them.
  const staffNotes = await t.app.inject({
    method: 'GET',
    url: `/api/blogs/${published.id}/notes`,
    headers: headers(writer),
  });
  expect(staffNotes.body).toContain(NOTE_WORD);
});
