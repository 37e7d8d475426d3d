// What a feed reader takes from the Atom feeds, through the real app on each database: the site's page is the first
// link (naive readers show it, not the XML), and each entry carries a category per tag and when it was published.
import type { BlogPost } from '../../../src/contract/types';
import type { SectionInput } from '../../../src/contract/schemas';
import { validSubmission } from '../fixtures/submissions';
import { PUBLIC_URL, TOKEN, useTestApp } from '../helpers/testApp';
import { childrenNamed, only, parseXml } from '../helpers/xml';

const t = useTestApp({ sharedApp: true });

async function publish(
  title: string,
  tags: string[],
  publishDate = 'March 14, 2024',
  sections?: SectionInput[],
): Promise<BlogPost> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    payload: { ...validSubmission({ title, tags, publishDate, ...(sections && { sections }) }), accessToken: TOKEN },
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

it('carries photos as figures with absolute URLs, quotes with their cite, and videos as a link around the poster', async () => {
  await publish('Derby Day', [], 'March 14, 2024', [
    {
      type: 'image',
      image: 'https://images.example.com/stand.jpg',
      alt: 'The north stand & its flags',
      caption: 'Full time',
      credit: 'Photo: Ana Lobo',
    },
    { type: 'quote', text: 'We never stopped believing.', cite: 'Maya Ortiz' },
    { type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ?t=90', caption: 'The winner' },
  ]);
  const html = only(only(await feedOf('/feed.xml'), 'entry'), 'content').text;
  expect(html).toBe(
    '<figure><img src="https://images.example.com/stand.jpg" alt="The north stand &amp; its flags"/>' +
      '<figcaption>Full time · Photo: Ana Lobo</figcaption></figure>' +
      '<blockquote><p>We never stopped believing.</p><footer>— <cite>Maya Ortiz</cite></footer></blockquote>' +
      '<figure><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=90s">' +
      `<img src="${PUBLIC_URL}/video-poster.svg" alt="Video: The winner" width="1280" height="720"/></a>` +
      '<figcaption>The winner</figcaption></figure>',
  );
});
