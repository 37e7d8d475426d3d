// Photos, pull quotes and videos inside the story, through the real app and the SSR entry's source on each database:
// what a write refuses (each wrong field a 400 naming it, nothing stored), what it stores and reads back, the page
// HTML (figure/picture/figcaption, blockquote/cite, a video facade that names no YouTube or Google address but its
// no-JavaScript link), search over alt, caption and quote, frame-src, revisions, export and import, and migration
// 0012 upgrading a database that already holds sections.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { RenderPage } from '../../../src/contract/rendering';
import type { SectionInput } from '../../../src/contract/schemas';
import type { ApiError, BlogPost, RevisionSummary, SearchAnswer, UploadResult } from '../../../src/contract/types';
import { exportArchive, importArchive } from '../../../src/server/archive/archive';
import { openDatabase } from '../../../src/server/db/database';
import { migratorFor, migrateToLatest } from '../../../src/server/db/migrate';
import { validSubmission } from '../fixtures/submissions';
import { sampleImages } from '../helpers/images';
import { multipart, startTestApp, TOKEN, useTestApp } from '../helpers/testApp';
import { createDatabaseConfig, createTestDb } from '../helpers/testDb';

// The SSR entry's source, required rather than imported: it is typechecked with the client's settings, not these.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

jest.setTimeout(60_000);

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title></head><body><div id="root"></div></body></html>`;
const clientDir = mkdtempSync(join(tmpdir(), 'touchline-sections-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const t = useTestApp({ clientDir, renderPage: render, sharedApp: true });

const auth = { authorization: `Bearer ${TOKEN}` };
const VIDEO_ID = 'dQw4w9WgXcQ';

const photo = (image: string): SectionInput => ({
  type: 'image',
  image,
  alt: 'Zebrafield roars as the winner goes in',
  caption: 'The north stand at full time',
  credit: 'Photo: Ana Lobo',
});
const quote: SectionInput = { type: 'quote', text: 'We never stopped believing <b>here</b>.', cite: 'Maya Ortiz' };
const video: SectionInput = {
  type: 'video',
  url: `https://youtu.be/${VIDEO_ID}?t=1m30s`,
  caption: 'Ortiz scores from the halfway line',
};

async function submit(sections: unknown[], method: 'POST' | 'PUT' = 'POST', id?: number) {
  return t.app.inject({
    method,
    url: id === undefined ? '/api/blogs' : `/api/blogs/${id}`,
    headers: auth,
    payload: validSubmission({ sections: sections as SectionInput[] }),
  });
}

async function upload(): Promise<string> {
  const form = await multipart({ file: { bytes: (await sampleImages()).jpg, name: 'stand.jpg' } });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: form.payload,
    headers: { ...form.headers, ...auth },
  });
  expect(res.statusCode).toBe(201);
  return res.json<UploadResult>().url;
}

const posts = async () => (await t.db.kysely.selectFrom('posts').select('id').execute()).length;

describe('validation', () => {
  it.each([
    ['an image without alt', { type: 'image', image: 'https://images.example.com/a.jpg' }, 'alt'],
    ['an image with blank alt', { type: 'image', image: 'https://images.example.com/a.jpg', alt: '  ' }, 'alt'],
    ['alt over 300 characters', { ...photo('https://images.example.com/a.jpg'), alt: 'x'.repeat(301) }, 'alt'],
    ['an image without its address', { type: 'image', alt: 'A photo' }, 'image'],
    ['an http image', { ...photo('http://images.example.com/a.jpg') }, 'image'],
    ['a javascript: image', { ...photo('javascript:alert(1)') }, 'image'],
    ['a site path that is no upload', { ...photo('/admin/secret.png') }, 'image'],
    ['a caption over the limit', { ...photo('https://images.example.com/a.jpg'), caption: 'x'.repeat(501) }, 'caption'],
    [
      'a credit with a control character',
      { ...photo('https://images.example.com/a.jpg'), credit: 'A\u0000' },
      'credit',
    ],
    ['a quote without text', { type: 'quote', cite: 'Maya' }, 'text'],
    ['an empty quote', { type: 'quote', text: '' }, 'text'],
    ['a quote over 1,000 characters', { type: 'quote', text: 'x'.repeat(1001) }, 'text'],
    ['a video of another provider', { type: 'video', url: 'https://vimeo.com/76979871' }, 'url'],
    ['a video URL that is no URL', { type: 'video', url: 'youtube' }, 'url'],
    ['a video without its URL', { type: 'video', caption: 'Goal' }, 'url'],
    ['a YouTube channel', { type: 'video', url: 'https://www.youtube.com/@club' }, 'url'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_name, section, field) => {
    const res = await submit([section]);
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiError>();
    expect(body.details?.map((d) => d.path)).toContain(`header.sections[0].${field}`);
    expect(await posts()).toBe(0);
  });

  it('names the providers it knows when a video URL is not one of them', async () => {
    const res = await submit([{ type: 'video', url: 'https://vimeo.com/76979871' }]);
    const detail = res.json<ApiError>().details?.find((d) => d.path === 'header.sections[0].url');
    expect(detail?.message).toBe('must be a YouTube video URL (youtube.com or youtu.be)');
  });

  it('refuses an unknown section type', async () => {
    const res = await submit([{ type: 'embed', html: '<script>alert(1)</script>' }]);
    expect(res.statusCode).toBe(400);
    expect(await posts()).toBe(0);
  });
});

describe('a story with a photo, a quote and a video', () => {
  it('stores them in order, reads them back with the video id and start, and gives the upload its facts', async () => {
    const image = await upload();
    const res = await submit([photo(image), quote, video]);
    expect(res.statusCode).toBe(201);
    const post = res.json<BlogPost>();
    expect(post.sections.map(({ id: _id, ...s }) => s)).toEqual([
      photo(image),
      { type: 'quote', text: quote.type === 'quote' ? quote.text : '', cite: 'Maya Ortiz' },
      {
        type: 'video',
        url: `https://youtu.be/${VIDEO_ID}?t=1m30s`,
        caption: 'Ortiz scores from the halfway line',
        videoId: VIDEO_ID,
        start: 90,
      },
    ]);
    expect(post.images?.[image]?.width).toBeGreaterThan(0);
    const read = await t.app.inject({ method: 'GET', url: `/api/blogs/${post.id}` });
    expect(read.json<BlogPost>().sections).toEqual(post.sections);
  });

  it('renders a figure with picture and figcaption, a blockquote with cite, and a facade with no third-party address', async () => {
    const image = await upload();
    const post = (await submit([photo(image), quote, video])).json<BlogPost>();
    const res = await t.app.inject({ method: 'GET', url: `/page/${post.id}` });
    const html = res.body;
    const figure = /<figure[^>]*><picture>[\s\S]*?<\/figure>/.exec(html)?.[0] ?? '';
    expect(figure).toContain('<source type="image/');
    expect(figure).toMatch(/<img[^>]*alt="Zebrafield roars as the winner goes in"/);
    expect(figure).toMatch(/<img[^>]*loading="lazy"/);
    expect(figure).toMatch(/<img[^>]*width="\d+" height="\d+"/);
    expect(figure).toMatch(/<figcaption[^>]*>The north stand at full time · Photo: Ana Lobo<\/figcaption>/);
    // Hostile text stays text.
    expect(html).toMatch(/<blockquote>We never stopped believing &lt;b&gt;here&lt;\/b&gt;.<\/blockquote>/);
    expect(html).toMatch(/<cite>Maya Ortiz<\/cite>/);
    const facade = /<a [^>]*aria-label="Play video: Ortiz scores from the halfway line"[^>]*>/.exec(html)?.[0];
    expect(facade).toContain(`href="https://www.youtube.com/watch?v=${VIDEO_ID}&amp;t=90s"`);
    expect(html).toContain('src="/video-poster.svg"');
    expect(html).not.toContain('<iframe');
    // The page's only YouTube or Google address is that link: no player, thumbnail or script before a press.
    const thirdParty = html.match(/[a-z0-9.-]*(?:youtube|ytimg|google|gstatic|youtu\.be)[a-z0-9.-]*/gi) ?? [];
    const links = html.match(/https:\/\/www\.youtube\.com\/watch\?v=/g) ?? [];
    expect(thirdParty.filter((host) => host !== 'www.youtube.com' && host !== 'youtu.be')).toEqual([]);
    expect(thirdParty.filter((host) => host === 'www.youtube.com')).toHaveLength(links.length);
    expect(res.headers['content-security-policy']).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com(;|$)/);
  });

  it('finds a post by its alt text, its caption and its quote', async () => {
    const post = (await submit([photo('https://images.example.com/a.jpg'), quote, video])).json<BlogPost>();
    for (const q of ['Zebrafield', 'halfway', 'believing', 'Lobo']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${q}` });
      expect(res.json<SearchAnswer>().items.map((hit) => hit.id)).toEqual([post.id]);
    }
  });

  it('keeps the version an edit replaced, and a restore brings the sections back', async () => {
    const post = (await submit([quote, video])).json<BlogPost>();
    const edited = await submit([photo('https://images.example.com/b.jpg')], 'PUT', post.id);
    expect(edited.statusCode).toBe(200);
    const [revision] = (
      await t.app.inject({ method: 'GET', url: `/api/blogs/${post.id}/revisions`, headers: auth })
    ).json<RevisionSummary[]>();
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/blogs/${post.id}/revisions/${revision!.id}`,
      headers: auth,
    });
    expect(old.json<BlogPost>().sections).toEqual(post.sections);
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${post.id}/revisions/${revision!.id}/restore`,
      headers: auth,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<BlogPost>().sections).toEqual(post.sections);
  });

  it('goes through export and import unchanged', async () => {
    const image = await upload();
    const post = (await submit([photo(image), quote, video])).json<BlogPost>();
    const dir = mkdtempSync(join(tmpdir(), 'touchline-sections-archive-'));
    const target = await createTestDb();
    try {
      await exportArchive(t.db, join(dir, 'blog.touchline'));
      await importArchive(target.db, join(dir, 'blog.touchline'));
      const other = await startTestApp({ testDb: target });
      try {
        const read = await other.app.inject({ method: 'GET', url: `/api/blogs/${post.id}` });
        expect(read.json<BlogPost>().sections).toEqual(post.sections);
        const found = await other.app.inject({ method: 'GET', url: '/api/search?q=Zebrafield' });
        expect(found.json<SearchAnswer>().items.map((hit) => hit.id)).toEqual([post.id]);
      } finally {
        await other.close();
      }
    } finally {
      await target.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

it('migration 0012 keeps the sections a database holds, with their ids and order, and admits the new types', async () => {
  const { config, remove } = await createDatabaseConfig();
  const db = openDatabase(config);
  try {
    expect((await migratorFor(db).migrateTo('20261126_0010_header_image_alt')).error).toBeUndefined();
    const now = '2026-11-25T09:00:00.000Z';
    const post = { title: 'Old', icon: 'Trophy', author_name: '', author_title: '', author_image: '' };
    await sql`insert into posts (id, title, icon, author_name, author_title, author_image, publish_date, read_time,
      image_url, created_at, updated_at) values (1, ${post.title}, ${post.icon}, '', '', '', '', '', '', ${now}, ${now})`.execute(
      db.kysely,
    );
    for (const position of [0, 1])
      await sql`insert into sections (post_id, position, type, icon, title, paragraph, content)
        values (1, ${position}, 'single-paragraph', 'Camera', ${`S${position}`}, 'p', '["a"]')`.execute(db.kysely);
    const [kept, removed] = await db.kysely.selectFrom('sections').select('id').orderBy('position').execute();
    await sql`delete from sections where id = ${removed!.id}`.execute(db.kysely);

    await migrateToLatest(db);
    const rows = await db.kysely.selectFrom('sections').select(['id', 'position', 'title']).execute();
    expect(rows).toEqual([{ id: kept!.id, position: 0, title: 'S0' }]);
    await db.kysely
      .insertInto('sections')
      .values({ post_id: 1, position: 1, type: 'quote', icon: '', title: '', paragraph: '', content: '{"text":"x"}' })
      .execute();
    // A new row never takes an id a section had before (a restored revision brings its sections back by id).
    const fresh = await db.kysely.selectFrom('sections').select('id').where('type', '=', 'quote').executeTakeFirst();
    expect(fresh?.id).toBeGreaterThan(removed!.id);
    // The unique (post, position) constraint holds in the rebuilt table.
    const duplicate = await db.kysely
      .insertInto('sections')
      .values({ post_id: 1, position: 1, type: 'video', icon: '', title: '', paragraph: '', content: '{}' })
      .execute()
      .then(
        () => 'stored',
        () => 'refused',
      );
    expect(duplicate).toBe('refused');
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});
