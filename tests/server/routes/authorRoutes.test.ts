// An author's page data and feed, through the real app on each database: the slug names the account, the page lists
// only that account's public stories with the profile, and an unknown slug is a 404.
import type { AuthorPageData } from '../../../src/contract/authors';
import type { BlogPost } from '../../../src/contract/types';
import { saveProfile } from '../../../src/server/repositories/profileRepository';
import { validSubmission } from '../fixtures/submissions';
import { SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { PUBLIC_URL, TOKEN, useTestApp } from '../helpers/testApp';
import { childrenNamed, only, parseXml } from '../helpers/xml';

jest.setTimeout(60_000);

const t = useTestApp({ sharedApp: true });

async function writerNamed(name: string) {
  const who = await staffSession(t.app, t.db, 'editor');
  await saveProfile(
    t.db,
    who.account.id,
    { name, title: 'Chief Football Writer', photo: '/images/seed/author-maya.svg' },
    new Date(),
  );
  return who;
}

async function publish(headers: Record<string, string>, title: string, status?: 'draft'): Promise<BlogPost> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers,
    payload: { ...validSubmission({ title }), ...(status && { status }) },
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

it('lists the author’s public stories, newest first, with the name, title and photo of their profile', async () => {
  const priya = await writerNamed('Priya Patel');
  const other = await writerNamed('Sam Rivera');
  const as = (who: typeof priya) => ({ cookie: who.cookie, ...SAME_ORIGIN });
  const first = await publish(as(priya), 'First');
  const second = await publish(as(priya), 'Second');
  await publish(as(priya), 'Unfinished', 'draft');
  await publish(as(other), 'Not hers');
  const slug = `priya-patel-${priya.account.id}`;
  const res = await t.app.inject({ method: 'GET', url: `/api/authors/${slug}` });
  expect(res.statusCode).toBe(200);
  const data = res.json<AuthorPageData>();
  expect(data.author).toEqual({
    slug,
    name: 'Priya Patel',
    title: 'Chief Football Writer',
    photo: '/images/seed/author-maya.svg',
  });
  expect(data.posts.map((post) => post.id)).toEqual([second.id, first.id]);
  expect(data.nextCursor).toBeNull();
});

it.each([
  ['an account that does not exist', 'nobody-99999'],
  ['a slug naming no account', 'priya-patel'],
  ['a slug that is not one', 'Priya%20Patel-1'],
])('answers 404 for %s', async (_what, slug) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/authors/${slug}` });
  expect(res.statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: `/author/${slug}/feed.xml` })).statusCode).toBe(404);
});

it('answers 404 for an account with no public story', async () => {
  const quiet = await writerNamed('Quiet Writer');
  await publish({ cookie: quiet.cookie, ...SAME_ORIGIN }, 'Still a draft', 'draft');
  const res = await t.app.inject({ method: 'GET', url: `/api/authors/quiet-writer-${quiet.account.id}` });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ error: 'Author not found' });
});

it('refuses a malformed cursor with a 400', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/authors/priya-patel-1?cursor=abc' });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'cursor must be a post id' });
});

it('has an Atom feed of the author’s stories, titled with their name and linking their page', async () => {
  const priya = await writerNamed('Priya Patel');
  const post = await publish({ cookie: priya.cookie, ...SAME_ORIGIN }, 'Derby Day');
  await publish({ authorization: `Bearer ${TOKEN}` }, 'By the key');
  const slug = `priya-patel-${priya.account.id}`;
  const res = await t.app.inject({ method: 'GET', url: `/author/${slug}/feed.xml` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  const feed = parseXml(res.body);
  expect(only(feed, 'title').text).toBe('Priya Patel · Touchline');
  expect(childrenNamed(feed, 'link').map((link) => link.attributes.href)).toEqual([
    `${PUBLIC_URL}/author/${slug}`,
    `${PUBLIC_URL}/author/${slug}/feed.xml`,
  ]);
  expect(childrenNamed(feed, 'entry').map((entry) => only(entry, 'id').text)).toEqual([
    `${PUBLIC_URL}/page/${post.id}`,
  ]);
});

it('names the author page of the account that wrote a post in its read shape, and none for a post by a key', async () => {
  const priya = await writerNamed('Priya Patel');
  const post = await publish({ cookie: priya.cookie, ...SAME_ORIGIN }, 'Derby Day');
  const byKey = await publish({ authorization: `Bearer ${TOKEN}` }, 'By the key');
  const read = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/blogs/${id}` })).json<BlogPost>().authorSlug;
  expect(await read(post.id)).toBe(`priya-patel-${priya.account.id}`);
  expect(await read(byKey.id)).toBeUndefined();
});

it('lists the page of every author with a public story in the sitemap, and no other', async () => {
  const priya = await writerNamed('Priya Patel');
  const quiet = await writerNamed('Quiet Writer');
  await publish({ cookie: priya.cookie, ...SAME_ORIGIN }, 'Derby Day');
  await publish({ cookie: quiet.cookie, ...SAME_ORIGIN }, 'Still a draft', 'draft');
  const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
  const locs = childrenNamed(parseXml(res.body), 'url').map((url) => only(url, 'loc').text);
  expect(locs.filter((loc) => loc.includes('/author/'))).toEqual([
    `${PUBLIC_URL}/author/priya-patel-${priya.account.id}`,
  ]);
});
