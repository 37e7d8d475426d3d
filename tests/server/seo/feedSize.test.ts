// A feed stays small and is built once per change, through the real app on each database: readers poll feeds on their
// own, so one very long post must not make every poll rebuild and recompress megabytes.
import { gunzipSync } from 'node:zlib';
import { LIMITS } from '../../../src/contract/limits';
import * as feeds from '../../../src/server/seo/feeds';
import type * as Feeds from '../../../src/server/seo/feeds';
// Counted through the module object the routes call: a spy cannot redefine an ES module's export, so the module is
// replaced by itself with this one function wrapped (it still does the real work).
jest.mock('../../../src/server/seo/feeds', () => {
  const actual = jest.requireActual<typeof Feeds>('../../../src/server/seo/feeds');
  return { ...actual, __esModule: true, feedXml: jest.fn(actual.feedXml) };
});
import { FEED_MAX_CHARS } from '../../../src/server/seo/feeds';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN, useTestApp } from '../helpers/testApp';
import { childrenNamed, only, parseXml } from '../helpers/xml';

jest.setTimeout(60_000);

const t = useTestApp({ sharedApp: true });

/** About 950 KB of text, most of it `&` (which escaping makes nine characters): fifty sections, each a full paragraph
 * and a list. */
function longSubmission(textFormat: 'plain' | 'marks') {
  const piece = `Fish & chips ${'&'.repeat(47)} `;
  const words = (length: number) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
  const sections = Array.from({ length: LIMITS.sectionsMax }, (_, i) => ({
    type: 'single-paragraph' as const,
    icon: 'Camera',
    title: `Part ${i + 1}`,
    paragraph: words(LIMITS.paragraphMax),
    list: Array.from({ length: 8 }, () => words(LIMITS.listItemMax)),
  }));
  const submission = validSubmission({ title: 'The longest read', tags: ['Long Reads'], sections, textFormat });
  return { ...submission, accessToken: TOKEN };
}

async function publishLong(textFormat: 'plain' | 'marks') {
  const payload = longSubmission(textFormat);
  expect(JSON.stringify(payload).length).toBeGreaterThan(900_000);
  const res = await t.app.inject({ method: 'POST', url: '/api/blogs', payload });
  expect(res.statusCode).toBe(201);
}

describe.each(['plain', 'marks'] as const)('a feed holding a ~950 KB post written %s', (textFormat) => {
  it.each(['/feed.xml', '/tag/long-reads/feed.xml'])(
    '%s stays within the bound, parses, and escapes & once in the HTML',
    async (url) => {
      await publishLong(textFormat);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(FEED_MAX_CHARS);
      const entry = only(parseXml(res.body), 'entry');
      // The XML decoded, the content is HTML: the writer's `&` is `&amp;` there, never `&amp;amp;`.
      const html = only(entry, 'content').text;
      expect(html).toContain('<p>Fish &amp; chips &amp;&amp;&amp;');
      expect(html).not.toContain('&amp;amp;');
      // Cut between texts, it ends with a link to the whole story.
      expect(html).toMatch(/<a href="[^"]+\/page\/\d+">Read the whole story on Touchline<\/a><\/p>$/);
      expect(childrenNamed(entry, 'summary')).toHaveLength(1);
    },
  );
});

it('stays within the bound when every post is all photos, quotes and videos with captions escaping makes longest', async () => {
  const amps = (length: number) => '&'.repeat(length);
  const sections = Array.from(
    { length: LIMITS.sectionsMax },
    (_, i) =>
      [
        {
          type: 'image' as const,
          image: `https://images.example.com/${'a'.repeat(1_000)}.jpg`,
          alt: amps(LIMITS.imageAltMax),
          caption: amps(LIMITS.captionMax),
          credit: amps(LIMITS.shortTextMax),
        },
        { type: 'quote' as const, text: amps(LIMITS.quoteMax), cite: amps(LIMITS.titleMax) },
        { type: 'video' as const, url: 'https://youtu.be/dQw4w9WgXcQ', caption: amps(LIMITS.captionMax) },
      ][i % 3]!,
  );
  for (let i = 0; i < 8; i += 1) {
    const payload = { ...validSubmission({ title: `Gallery ${i}`, sections }), accessToken: TOKEN };
    expect((await t.app.inject({ method: 'POST', url: '/api/blogs', payload })).statusCode).toBe(201);
  }
  const res = await t.app.inject({ method: 'GET', url: '/feed.xml' });
  expect(res.body.length).toBeLessThanOrEqual(FEED_MAX_CHARS);
  const entries = childrenNamed(parseXml(res.body), 'entry');
  expect(entries.length).toBeGreaterThan(0);
  const html = only(entries[0]!, 'content').text;
  expect(html).toContain('<figure><img src="https://images.example.com/');
  expect(html).toContain('<blockquote><p>&amp;&amp;');
  expect(html).toMatch(/<a href="[^"]+\/page\/\d+">Read the whole story on Touchline<\/a><\/p>$/);
});

it.each(['/feed.xml', '/tag/long-reads/feed.xml'])(
  '%s is built once for many requests, and compressed once per coding',
  async (url) => {
    await publishLong('marks');
    const builds = jest.mocked(feeds.feedXml);
    builds.mockClear();
    try {
      const get = (encoding: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      // Concurrent first requests share one build.
      const first = await Promise.all([get('gzip'), get('gzip'), get('identity')]);
      const later = await Promise.all(Array.from({ length: 10 }, (_, i) => get(i % 2 ? 'gzip' : 'identity')));
      expect(builds).toHaveBeenCalledTimes(1);
      const tags = new Set([...first, ...later].map((res) => res.headers.etag));
      // One body, two codings: two representations.
      expect(tags.size).toBe(2);
      const gzipped = later.find((res) => res.headers['content-encoding'] === 'gzip')!;
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(first[2]!.body);
      // A write makes the next request build it again, once.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blogs',
        payload: { ...validSubmission({ title: 'Another', tags: ['Long Reads'] }), accessToken: TOKEN },
      });
      expect(res.statusCode).toBe(201);
      await Promise.all([get('gzip'), get('identity'), get('br')]);
      expect(builds).toHaveBeenCalledTimes(2);
    } finally {
      builds.mockClear();
    }
  },
);
