// Rows written before the text and URL rules, inserted straight into the database as an older release left them: the
// control characters, unpaired surrogates and raw URLs they hold reach no page, feed, sitemap, search result, JSON-LD
// block or API answer, because the row mappers read them through the same rules the writes apply.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPage } from '../../../src/contract/rendering';
import type { BlogPost, BlogSummary, SearchAnswer } from '../../../src/contract/types';
import { indexPost } from '../../../src/server/search/searchIndex';
import { useTestApp } from '../helpers/testApp';
import { onPostgres } from '../helpers/testDb';
import { parseXml } from '../helpers/xml';

// The SSR entry's source, required rather than imported: it is typechecked with the client's settings, not these.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title></head><body><div id="root"></div></body></html>`;
const clientDir = mkdtempSync(join(tmpdir(), 'touchline-shown-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const t = useTestApp({ clientDir, renderPage: render, sharedApp: true });

/**
 * One character of each kind the rules refuse that a database keeps as written: C0, DEL, C1, U+FFFE, U+FFFF. (An
 * unpaired surrogate is no text either database stores: SQLite keeps U+FFFD, PostgreSQL refuses it; it reaches the
 * rows only inside SQLite's JSON text, escaped, as a list item below: PostgreSQL's jsonb refuses them too.)
 */
const BAD = ['\u0008', '\u001B', '\u007F', '\u0085', '\u009F', '\uFFFE', '\uFFFF'];
const SURROGATES = onPostgres ? '' : '\uDC00\uD800';
const dirty = (word: string) => `${word.slice(0, 2)}${BAD.join('')}${word.slice(2)}`;
// What must never be shown (written apart from the contract's rule, so a fault there shows here).
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this must find
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A post as a release before the rules could have stored it, its search entry built as every write builds it. */
async function insertOldPost(): Promise<number> {
  const { kysely } = t.db;
  const now = '2024-03-15T09:30:00.000Z';
  const { id } = await kysely
    .insertInto('posts')
    .values({
      title: dirty('Derby Day'),
      icon: dirty('Trophy'),
      author_name: dirty('Sam Rivera'),
      author_title: dirty('Chief Writer'),
      author_image: '/uploads/a b.png',
      publish_date: dirty('March 14, 2024'),
      read_time: dirty('10 min read'),
      image_url: 'https://images.example.com/hero photo.jpg',
      image_alt: dirty('Fans under the floodlights'),
      created_at: now,
      updated_at: now,
      status: 'published',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await kysely
    .insertInto('sections')
    .values([
      {
        post_id: id,
        position: 0,
        type: 'single-paragraph',
        icon: 'Camera',
        title: dirty('The build-up'),
        paragraph: dirty('A week of floodlit nerves'),
        content: JSON.stringify([`${dirty('Tickets sold out')}${SURROGATES}`]),
      },
      {
        post_id: id,
        position: 1,
        type: 'two-column',
        icon: 'Users',
        title: 'Line-ups',
        paragraph: '',
        content: JSON.stringify([{ heading: dirty('Home side'), list: [dirty('Captain back')] }]),
      },
    ])
    .execute();
  await kysely
    .insertInto('products')
    .values({
      post_id: id,
      position: 0,
      title: dirty('Match Ball'),
      description: dirty('Size 5'),
      price: '$34.50',
      image_url: '/uploads/ball "x".png',
      amazon_url: 'https://shop.example/ball?q=<a b>"\\%zz',
    })
    .execute();
  const tag = await kysely
    .insertInto('tags')
    .values({ slug: 'derby', name: dirty('Derby') })
    .returning('id')
    .executeTakeFirstOrThrow();
  await kysely.insertInto('post_tags').values({ post_id: id, tag_id: tag.id, position: 0 }).execute();
  await kysely.transaction().execute((trx) => indexPost(trx, t.db.dialect, id));
  return id;
}

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.body;
};

it('the rows really hold what the rules refuse (so the checks below can fail)', async () => {
  await insertOldPost();
  const row = await t.db.kysely.selectFrom('posts').select(['title', 'image_url']).executeTakeFirstOrThrow();
  expect(row.title).toMatch(FORBIDDEN);
  expect(row.image_url).toContain(' ');
});

it('the API answers the post, the list, the tags and search without them, URLs serialized', async () => {
  const id = await insertOldPost();
  const post = JSON.parse(await get(`/api/blogs/${id}`)) as BlogPost;
  expect(JSON.stringify(post)).not.toMatch(FORBIDDEN);
  expect(post).toMatchObject({
    title: 'Derby Day',
    icon: 'Trophy',
    authorName: 'Sam Rivera',
    authorTitle: 'Chief Writer',
    publishDate: 'March 14, 2024',
    readTime: '10 min read',
    imageAlt: 'Fans under the floodlights',
    imageUrl: 'https://images.example.com/hero%20photo.jpg',
    authorImage: '/uploads/a%20b.png',
    tags: [{ name: 'Derby', slug: 'derby' }],
  });
  expect(post.sections[0]).toMatchObject({ title: 'The build-up', list: [{ item: 'Tickets sold out' }] });
  expect(post.sections[1]).toMatchObject({ columns: [{ heading: 'Home side', list: [{ item: 'Captain back' }] }] });
  expect(post.products[0]).toMatchObject({
    title: 'Match Ball',
    description: 'Size 5',
    imageUrl: '/uploads/ball%20%22x%22.png',
    amazonUrl: 'https://shop.example/ball?q=%3Ca%20b%3E%22%5C%25zz',
  });

  const list = JSON.parse(await get('/api/blogs')) as BlogSummary[];
  expect(list[0]).toMatchObject({ title: 'Derby Day', authorName: 'Sam Rivera', imageUrl: post.imageUrl });
  expect(await get('/api/tags')).toBe(JSON.stringify([{ slug: 'derby', name: 'Derby', kind: 'topic', count: 1 }]));

  const found = JSON.parse(await get('/api/search?q=floodlit')) as SearchAnswer;
  expect(found.items).toHaveLength(1);
  expect(JSON.stringify(found)).not.toMatch(FORBIDDEN);
  expect(found.items[0]).toMatchObject({ title: 'Derby Day', authorName: 'Sam Rivera' });
  expect(found.items[0]!.snippet).toContain('<mark>floodlit</mark> nerves');
});

it('the post page, its head and JSON-LD, the list, tag and search pages show neither', async () => {
  const id = await insertOldPost();
  const page = await get(`/page/${id}`);
  expect(page).not.toMatch(FORBIDDEN);
  expect(page).toContain('<title>Derby Day · Touchline</title>');
  expect(page).toContain('<meta property="og:title" content="Derby Day">');
  expect(page).toMatch(/<h1[^>]*>Derby Day<\/h1>/);
  expect(page).toContain('src="https://images.example.com/hero%20photo.jpg"');
  expect(page).toContain('href="https://shop.example/ball?q=%3Ca%20b%3E%22%5C%25zz"');
  // No raw space, quote, angle bracket or backslash inside any attribute value.
  for (const [, value] of page.matchAll(/(?:src|href)="([^"]*)"/g)) expect(value).not.toMatch(/[\s<>\\]/);

  const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page)?.[1];
  const graph = (JSON.parse(ld ?? '{}') as { '@graph': Record<string, unknown>[] })['@graph'];
  const article = graph.find((node) => node['@type'] === 'BlogPosting');
  expect(article).toMatchObject({ headline: 'Derby Day', author: { '@type': 'Person', name: 'Sam Rivera' } });
  const product = graph.find((node) => node['@type'] === 'Product');
  expect(product).toMatchObject({
    name: 'Match Ball',
    offers: { url: 'https://shop.example/ball?q=%3Ca%20b%3E%22%5C%25zz' },
  });

  for (const url of ['/blog', '/tag/derby', '/search?q=floodlit']) {
    const html = await get(url);
    expect(html).not.toMatch(FORBIDDEN);
    expect(html).toContain('Derby Day');
  }
});

it('the feeds and the sitemap are well-formed XML without them', async () => {
  const id = await insertOldPost();
  for (const url of ['/feed.xml', '/tag/derby/feed.xml', '/sitemap.xml']) {
    const xml = await get(url);
    expect(xml).not.toMatch(FORBIDDEN);
    expect(() => parseXml(xml)).not.toThrow();
  }
  const feed = await get('/feed.xml');
  expect(feed).toContain('<title type="text">Derby Day</title>');
  expect(feed).toContain('<name>Sam Rivera</name>');
  expect(await get('/sitemap.xml')).toContain(`/page/${id}</loc>`);
});
