// What a feed reader takes from the Atom feeds, through the real app on each database: the site's page is the first
// link (naive readers show it, not the XML), and each entry carries a category per tag and when it was published.
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { PUBLIC_URL, TOKEN, useTestApp } from '../helpers/testApp';
import { childrenNamed, only, parseXml } from '../helpers/xml';

const t = useTestApp();

async function publish(title: string, tags: string[], publishDate = 'March 14, 2024'): Promise<BlogPost> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    payload: { ...validSubmission({ title, tags, publishDate }), accessToken: TOKEN },
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

const feedOf = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return parseXml(res.body);
};

it.each([
  ['the site feed', '/feed.xml', `${PUBLIC_URL}/`],
  ['a tag feed', '/tag/premier-league/feed.xml', `${PUBLIC_URL}/tag/premier-league`],
])('%s links the page before itself', async (_what, url, page) => {
  await publish('Derby Day', ['Premier League']);
  const links = childrenNamed(await feedOf(url), 'link').map((link) => link.attributes);
  expect(links).toEqual([
    { rel: 'alternate', type: 'text/html', href: page },
    { rel: 'self', type: 'application/atom+xml', href: `${PUBLIC_URL}${url}` },
  ]);
});

it('gives each entry a category per tag, primary first, with the slug as term and the name as label', async () => {
  const tagged = await publish('Derby Day', ['Premier League', 'Fútbol Sala & <Co>']);
  const untagged = await publish('Quiet week', []);
  const entries = childrenNamed(await feedOf('/feed.xml'), 'entry');
  const entryOf = (post: BlogPost) =>
    entries.find((entry) => only(entry, 'id').text === `${PUBLIC_URL}/page/${post.id}`)!;
  expect(childrenNamed(entryOf(tagged), 'category').map((c) => c.attributes)).toEqual([
    { term: 'premier-league', label: 'Premier League' },
    { term: 'futbol-sala-co', label: 'Fútbol Sala & <Co>' },
  ]);
  expect(childrenNamed(entryOf(untagged), 'category')).toEqual([]);
});

it('gives each entry <published> (the display date) beside <updated> (the last write)', async () => {
  const post = await publish('Derby Day', ['Derby'], 'March 14, 2024');
  const entry = only(await feedOf('/tag/derby/feed.xml'), 'entry');
  const names = entry.children.map((child) => child.name);
  expect(names.indexOf('published')).toBe(names.indexOf('updated') - 1);
  expect(only(entry, 'published').text).toBe('2024-03-14T00:00:00Z');
  expect(only(entry, 'updated').text).toBe(post.updatedAt);
});
