import { LIMITS } from '../../../src/contract/limits';
import type { BlogPost, BlogSummary } from '../../../src/contract/types';
import { countPosts } from '../../../src/server/repositories/postsRepository';
import { validSubmission } from '../fixtures/submissions';
import { startTestApp, TOKEN, useTestApp } from '../helpers/testApp';

// A new app per test, so the failed-token counter starts at zero.
const t = useTestApp({ sharedApp: true });

const post = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/blogs', payload: body as object, headers });

async function createPosts(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    const res = await post({ ...validSubmission({ title: `Post ${i}` }), accessToken: TOKEN });
    expect(res.statusCode).toBe(201);
    ids.push(res.json<BlogPost>().id);
  }
  return ids;
}

describe('POST /api/blogs', () => {
  it('stores a post and answers 201 with the read shape, field for field, and a Location', async () => {
    const res = await post({ ...validSubmission(), accessToken: TOKEN });
    expect(res.statusCode).toBe(201);
    const created = res.json<BlogPost>();
    expect(res.headers.location).toBe(`/api/blogs/${created.id}`);
    expect(Number.isInteger(created.id) && created.id > 0).toBe(true);
    expect(created).toEqual({
      id: created.id,
      title: 'Derby Day: Five Things We Learned',
      icon: 'Trophy',
      tags: [],
      authorName: 'Sam Rivera',
      authorTitle: 'Chief Football Writer',
      authorImage: '/images/seed/author-maya.svg',
      publishDate: 'March 14, 2024',
      readTime: '10 min read',
      commentsOpen: true,
      commentCount: 0,
      imageUrl: 'https://images.example.com/derby.jpg',
      imageAlt: '',
      textFormat: 'plain',
      newsletter: true,
      sections: [
        {
          id: expect.any(Number),
          type: 'single-paragraph',
          icon: 'Camera',
          title: 'The build-up',
          paragraph: 'A week of nerves <b>and</b> noise & rumours.',
          list: [{ item: 'Tickets sold out' }, { item: 'Rain forecast' }],
        },
        {
          id: expect.any(Number),
          type: 'two-column',
          icon: 'Users',
          title: 'Line-ups',
          paragraph: 'Both managers rotated.',
          columns: [
            { heading: 'Home', list: [{ item: '4-3-3' }, { item: 'Captain back' }] },
            { heading: 'Away', list: [{ item: '5-3-2' }] },
          ],
        },
      ],
      products: [
        {
          id: expect.any(Number),
          title: 'Match Ball',
          description: 'Size 5',
          price: '$34.50',
          imageUrl: '/uploads/abc.png',
          amazonUrl: 'https://www.amazon.com/s?k=match+ball',
        },
        { id: expect.any(Number), title: 'Scarf', description: '', price: '$12', imageUrl: '', amazonUrl: '' },
      ],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      status: 'published',
      publishAt: null,
      updatedAt: created.createdAt,
      // '/uploads/abc.png' is no stored upload, and external URLs never have facts
      images: {},
      // never went live
      live: null,
    });
    const sectionIds = created.sections.map((s) => s.id);
    const productIds = created.products.map((p) => p.id);
    expect(new Set(sectionIds).size).toBe(2);
    expect(new Set(productIds).size).toBe(2);
    expect(res.body).not.toContain(TOKEN);
    expect(res.body).not.toContain('accessToken');

    const read = await t.app.inject({ method: 'GET', url: `/api/blogs/${created.id}` });
    expect(read.json()).toEqual(created);
  });

  it('accepts the token as Authorization: Bearer and fills in defaults for omitted optional parts', async () => {
    const res = await post({ header: { title: 'Only a title' } }, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Only a title',
      icon: '',
      imageUrl: '',
      authorName: '',
      authorImage: '',
      sections: [],
      products: [],
    });
  });

  it('answers 401 for a missing or wrong token, and stores nothing', async () => {
    const missing = await post(validSubmission());
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: 'Access token required' });
    const wrong = await post({ ...validSubmission(), accessToken: 'not-the-token' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid access token' });
    const wrongBearer = await post(validSubmission(), { authorization: 'Bearer nope' });
    expect(wrongBearer.statusCode).toBe(401);
    expect(await countPosts(t.db)).toBe(0);
  });

  it('answers 401 rather than 400 when both the token and the body are wrong', async () => {
    const res = await post({ header: { title: '' }, sections: 'nonsense', accessToken: 'wrong' });
    expect(res.statusCode).toBe(401);
  });

  const sections = (section: unknown) => validSubmission({ sections: [section as never] });
  const invalid: [string, unknown, string][] = [
    ['an empty title', validSubmission({ title: '   ' }), 'header.title'],
    ['a missing header', { products: [] }, 'header'],
    ['a number as title', validSubmission({ title: 42 as unknown as string }), 'header.title'],
    ['an unknown section type', sections({ type: 'three-column', title: 'x' }), 'header.sections[0].type'],
    ['a list of non-strings', sections({ type: 'single-paragraph', list: [1, 2] }), 'header.sections[0].list[0]'],
    ['a javascript: image URL', validSubmission({ image: 'javascript:alert(1)' }), 'header.image'],
    ['a data: image URL', validSubmission({ image: 'data:image/png;base64,AAAA' }), 'header.image'],
    ['a protocol-relative URL', validSubmission({ image: '//evil.example/x.png' }), 'header.image'],
    ['a scheme without //', validSubmission({ image: 'https:evil.example/x.png' }), 'header.image'],
    ['a title of invisible characters only', validSubmission({ title: '\u200b\u200d \u2060' }), 'header.title'],
    ['an over-long title', validSubmission({ title: 'x'.repeat(LIMITS.titleMax + 1) }), 'header.title'],
    [
      'too many sections',
      validSubmission({
        sections: Array.from({ length: LIMITS.sectionsMax + 1 }, () => ({ type: 'single-paragraph' as const })),
      }),
      'header.sections',
    ],
    [
      'too many list items',
      sections({ type: 'single-paragraph', list: Array.from({ length: LIMITS.listItemsMax + 1 }, () => 'a') }),
      'header.sections[0].list',
    ],
    [
      'too many products',
      { ...validSubmission(), products: Array.from({ length: LIMITS.productsMax + 1 }, () => ({})) },
      'products',
    ],
    ['a body that is an array', [1, 2, 3], ''],
    // PostgreSQL cannot store U+0000; an unpaired surrogate is not text (SQLite would keep U+FFFD instead).
    ['a NUL character in the title', validSubmission({ title: 'Derby\u0000Day' }), 'header.title'],
    [
      'a NUL character in a list item',
      sections({ type: 'single-paragraph', list: ['ok', 'bad\u0000'] }),
      'header.sections[0].list[1]',
    ],
    ['an unpaired high surrogate', { ...validSubmission(), footer: { authorName: 'a\ud800b' } }, 'footer.authorName'],
    ['an unpaired low surrogate', { ...validSubmission(), products: [{ price: '\udc00$5' }] }, 'products[0].price'],
  ];

  it.each(invalid)('rejects %s with 400, details naming the field, and stores nothing', async (_name, body, path) => {
    const res = await post(body, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(400);
    const error = res.json<{ error: string; details: { path: string; message: string }[] }>();
    expect(error.error).toBe('Invalid request body');
    expect(error.details.map((d) => d.path)).toContain(path);
    for (const detail of error.details) expect(typeof detail.message).toBe('string');
    expect(await countPosts(t.db)).toBe(0);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      payload: '{"header": {"title": "x"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON in request body' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blogs',
        payload: 'header=x',
        headers: { 'content-type': type, authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: expect.stringContaining('Unsupported content type') });
    }
  });

  it('answers 413 for a body over the limit, and stores nothing', async () => {
    const body = JSON.stringify({ ...validSubmission(), accessToken: TOKEN, padding: 'x'.repeat(LIMITS.bodyMaxBytes) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: expect.stringContaining('too large') });
    expect(await countPosts(t.db)).toBe(0);
  });

  it('stores astral characters (emoji, surrogate pairs) exactly as sent', async () => {
    const title = 'Goal 🥅⚽ 𝔊𝔬𝔞𝔩 \u202Eright-to-left';
    const res = await post({ ...validSubmission({ title }), accessToken: TOKEN });
    expect(res.statusCode).toBe(201);
    const stored = await t.app.inject({ method: 'GET', url: `/api/blogs/${res.json<BlogPost>().id}` });
    expect(stored.json<BlogPost>().title).toBe(title);
  });

  it('stores text byte for byte, without HTML escaping', async () => {
    const title = `<script>alert("x")</script> & “quotes” 🏆`;
    const res = await post({ header: { title }, accessToken: TOKEN });
    const read = await t.app.inject({ method: 'GET', url: `/api/blogs/${res.json<BlogPost>().id}` });
    expect(read.json<BlogPost>().title).toBe(title);
  });
});

describe('GET /api/blogs', () => {
  it('answers an empty array when there are no posts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers.link).toBeUndefined();
  });

  it('lists summaries newest first', async () => {
    const ids = await createPosts(3);
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs' });
    const list = res.json<BlogSummary[]>();
    expect(list.map((p) => p.id)).toEqual([...ids].reverse());
    expect(list[0]).toEqual({
      id: ids[2],
      title: 'Post 3',
      icon: 'Trophy',
      tags: [],
      authorName: 'Sam Rivera',
      publishDate: 'March 14, 2024',
      readTime: '10 min read',
      imageUrl: 'https://images.example.com/derby.jpg',
      createdAt: expect.any(String),
      status: 'published',
      publishAt: null,
      updatedAt: expect.any(String),
      images: {},
      live: null,
    });
  });

  it('pages with a Link rel="next" header until every post was seen once', async () => {
    const ids = await createPosts(5);
    const seen: number[] = [];
    let url: string | undefined = '/api/blogs?limit=2';
    const pages: number[] = [];
    while (url !== undefined) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const page = res.json<BlogSummary[]>();
      pages.push(page.length);
      seen.push(...page.map((p) => p.id));
      const link = res.headers.link as string | undefined;
      if (link !== undefined) expect(link).toMatch(/^<\/api\/blogs\?limit=2&cursor=\d+>; rel="next"$/);
      url = link === undefined ? undefined : /^<([^>]+)>/.exec(link)?.[1];
    }
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual([...ids].reverse());
  });

  it('uses 20 as the default page size', async () => {
    await createPosts(21);
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs' });
    expect(res.json<BlogSummary[]>()).toHaveLength(20);
    expect(res.headers.link).toMatch(/limit=20&cursor=/);
  });

  it.each(['0', '101', '-1', '1.5', 'abc', '', '1e2'])('answers 400 for limit=%s', async (limit) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/blogs?limit=${limit}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid query string', details: [{ path: 'limit' }] });
  });

  it('accepts limit=1 and limit=100', async () => {
    for (const limit of [1, 100]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/blogs?limit=${limit}` });
      expect(res.statusCode).toBe(200);
    }
  });

  it.each(['abc', '0', '-5', '1.5', '99999999999999999999'])('answers 400 for cursor=%s', async (cursor) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/blogs?cursor=${cursor}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid query string', details: [{ path: 'cursor' }] });
  });

  it('treats a cursor beyond every id as the start of the list', async () => {
    await createPosts(1);
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs?cursor=9007199254740991' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
  });

  it('carries an ETag and answers a matching If-None-Match with 304', async () => {
    await createPosts(1);
    const first = await t.app.inject({ method: 'GET', url: '/api/blogs' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ method: 'GET', url: '/api/blogs', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await createPosts(1);
    const changed = await t.app.inject({ method: 'GET', url: '/api/blogs', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('cached reads', () => {
  it('answers a repeated read with the same bytes as the first', async () => {
    const [id] = await createPosts(3);
    for (const url of ['/api/blogs', '/api/blogs?limit=1', `/api/blogs/${id}`]) {
      const first = await t.app.inject({ method: 'GET', url });
      const second = await t.app.inject({ method: 'GET', url });
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.headers.link).toBe(first.headers.link);
      expect(second.headers.etag).toBe(first.headers.etag);
    }
  });

  it('shows a new post in every list page at once after its 201', async () => {
    await createPosts(2);
    const before = await t.app.inject({ method: 'GET', url: '/api/blogs?limit=1' });
    expect(before.headers.link).toBeDefined();
    const [id] = await createPosts(1);
    const after = await t.app.inject({ method: 'GET', url: '/api/blogs?limit=1' });
    expect(after.json<BlogSummary[]>().map((p) => p.id)).toEqual([id]);
    const all = await t.app.inject({ method: 'GET', url: '/api/blogs' });
    expect(all.json<BlogSummary[]>()).toHaveLength(3);
  });

  it('a post stored by another process reaches the list once the list cache expires', async () => {
    // The reader's clock, moved by hand; ahead of the writer's, so the writer's new post is already public to it.
    let time = Date.now() + 60_000;
    // Its revision check never runs (a loaded machine can take a real second between two steps): only the TTL
    // brings the new post here, which is what this test is about.
    const reader = await startTestApp({
      testDb: t.testDb,
      listCacheTtlMs: 100,
      now: () => time,
      scheduleRevisionCheck: () => () => undefined,
    });
    try {
      expect((await reader.app.inject({ method: 'GET', url: '/api/blogs' })).json()).toEqual([]);
      const [id] = await createPosts(1); // through t.app: a second server on the same database
      // The post itself is never missing (only hits are cached), even while the list still is.
      expect((await reader.app.inject({ method: 'GET', url: `/api/blogs/${id}` })).statusCode).toBe(200);
      expect((await reader.app.inject({ method: 'GET', url: '/api/blogs' })).json()).toEqual([]);
      time += 150;
      const list = await reader.app.inject({ method: 'GET', url: '/api/blogs' });
      expect(list.json<BlogSummary[]>().map((p) => p.id)).toEqual([id]);
    } finally {
      await reader.close();
    }
  });

  it('does not remember a 404: a post stored later by another process is found', async () => {
    const reader = await startTestApp({ testDb: t.testDb });
    try {
      const [first] = await createPosts(1);
      const missing = first + 1;
      expect((await reader.app.inject({ method: 'GET', url: `/api/blogs/${missing}` })).statusCode).toBe(404);
      const [second] = await createPosts(1);
      expect(second).toBe(missing);
      expect((await reader.app.inject({ method: 'GET', url: `/api/blogs/${missing}` })).statusCode).toBe(200);
    } finally {
      await reader.close();
    }
  });
});

describe('GET /api/blogs/:id', () => {
  it('answers 404 {"error":"Blog not found"} for an unknown id', async () => {
    for (const id of ['12345', '2147483647', '2147483648', '9007199254740991']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/blogs/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Blog not found' });
    }
  });

  it.each(['abc', '0', '-1', '1.5', '01', '1e3', '99999999999999999999', '7'.repeat(101), 'x'.repeat(5000)])(
    'answers 400 for the malformed id %s',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/blogs/${id}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Invalid id in the URL', details: [{ path: 'id' }] });
    },
  );

  it('answers HEAD with the headers of GET, its ETag included, and 304 to If-None-Match', async () => {
    const [id] = await createPosts(1);
    const get = await t.app.inject({ method: 'GET', url: `/api/blogs/${id}` });
    const head = await t.app.inject({ method: 'HEAD', url: `/api/blogs/${id}` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'HEAD',
      url: `/api/blogs/${id}`,
      headers: { 'if-none-match': get.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('carries an ETag and answers 304 to If-None-Match', async () => {
    const [id] = await createPosts(1);
    const first = await t.app.inject({ method: 'GET', url: `/api/blogs/${id}` });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/blogs/${id}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(res.statusCode).toBe(304);
  });

  it.each([
    ['a weak form of the tag', (etag: string) => `W/${etag}`],
    ['a list holding the tag', (etag: string) => `"other", ${etag}`],
    ['*', () => '*'],
  ])('answers 304 to If-None-Match with %s', async (_name, header) => {
    const [id] = await createPosts(1);
    const first = await t.app.inject({ method: 'GET', url: `/api/blogs/${id}` });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/blogs/${id}`,
      headers: { 'if-none-match': header(first.headers.etag as string) },
    });
    expect(res.statusCode).toBe(304);
  });

  it('answers 200 to an If-None-Match that does not hold the tag', async () => {
    const [id] = await createPosts(1);
    const res = await t.app.inject({ method: 'GET', url: `/api/blogs/${id}`, headers: { 'if-none-match': '"old"' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('URLs Fastify rejects before routing', () => {
  it('answers invalid percent-encoding with a 400 in the API error shape and the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blogs/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed URL: invalid percent-encoding' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('other /api paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api'],
    ['PATCH', '/api/blogs/1'],
    ['DELETE', '/api/blogs'],
  ])('%s %s answers a JSON 404', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'Not found' });
  });
});
