// Tags and search on the API: tags on posts (rules, slugs, ?tag=, /api/tags), related stories, and full-text search
// with its matching rules, hostile queries and an index that follows every write. Runs on SQLite and on PostgreSQL.
import type { BlogSubmission } from '../../../src/contract/schemas';
import type { BlogPost, BlogSummary, SearchAnswer, TagCount } from '../../../src/contract/types';
import { slugOf } from '../../../src/contract/tags';
import { rebuildSearchIndex } from '../../../src/server/search/searchIndex';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN, useTestApp } from '../helpers/testApp';

const clock = Date.parse('2026-11-25T09:00:00.000Z');
const t = useTestApp({ now: clock, sharedApp: true });

const bearer = { authorization: `Bearer ${TOKEN}` };

type Extra = Partial<Omit<BlogSubmission, 'header'>> & { header?: Partial<BlogSubmission['header']> };

/** A post with these header fields (and a plain body unless sections are given). */
function submission({ header = {}, ...rest }: Extra = {}): BlogSubmission {
  const base = validSubmission();
  return {
    ...base,
    header: {
      ...base.header,
      sections: [
        { type: 'single-paragraph', icon: 'Camera', title: 'Notes', paragraph: 'A quiet afternoon.', list: [] },
      ],
      ...header,
    },
    products: [],
    ...rest,
  };
}

async function create(extra: Extra = {}): Promise<BlogPost> {
  const res = await t.app.inject({ method: 'POST', url: '/api/blogs', payload: submission(extra), headers: bearer });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

async function get<T>(url: string, headers = {}): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json<T>() };
}

async function search(q: string, cursor?: number): Promise<SearchAnswer> {
  const query = new URLSearchParams({ q, ...(cursor === undefined ? {} : { cursor: String(cursor) }) });
  const { status, body } = await get<SearchAnswer>(`/api/search?${query}`);
  expect(status).toBe(200);
  return body;
}

/** A post whose words are its title and one paragraph (a match in the body, not the title). */
const withParagraph = (title: string, paragraph: string) => ({
  header: {
    title,
    sections: [{ type: 'single-paragraph' as const, icon: 'Camera', title: '', paragraph, list: [] }],
  },
});

const titlesFor = async (q: string) => (await search(q)).items.map((item) => item.title);

describe('tags on a post', () => {
  it('makes a slug of a name: lowercase, no accents, one dash for each run of other characters', () => {
    expect(slugOf('Premier League')).toBe('premier-league');
    expect(slugOf('Fútbol Sala')).toBe('futbol-sala');
    expect(slugOf('Formula 1')).toBe('formula-1');
    expect(slugOf('  Rugby -- Union!! ')).toBe('rugby-union');
  });

  it('keeps the tags in order, primary first, each once whatever its case or accents, in the first spelling', async () => {
    const post = await create({
      header: { tags: [' Fútbol Sala ', 'Premier League', 'futbol sala', 'FÚTBOL SALA', 'Formula 1'] },
    });
    const expected = [
      { name: 'Fútbol Sala', slug: 'futbol-sala' },
      { name: 'Premier League', slug: 'premier-league' },
      { name: 'Formula 1', slug: 'formula-1' },
    ];
    expect(post.tags).toEqual(expected);
    expect((await get<BlogPost>(`/api/blogs/${post.id}`)).body.tags).toEqual(expected);
    // A later post spelling it differently shares the tag and its first spelling.
    const other = await create({ header: { title: 'Another', tags: ['premier LEAGUE'] } });
    expect(other.tags).toEqual([{ name: 'Premier League', slug: 'premier-league' }]);
    const list = (await get<BlogSummary[]>('/api/blogs')).body;
    expect(list.map((summary) => summary.tags)).toEqual([other.tags, expected]);
  });

  it.each([
    ['nine tags', Array.from({ length: 9 }, (_, i) => `Tag ${i}`)],
    ['an empty name', ['Football', '   ']],
    ['a name over 40 characters', ['x'.repeat(41)]],
    ['a name with no letter or digit', ['!!!']],
  ])('refuses %s with a 400 and stores nothing', async (_name, tags) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      payload: submission({ header: { tags } }),
      headers: bearer,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toEqual(expect.any(String));
    expect((await get<BlogSummary[]>('/api/blogs')).body).toEqual([]);
    expect((await get<TagCount[]>('/api/tags')).body).toEqual([]);
  });

  it('accepts eight tags of 40 characters, trimmed, and a submission without tags', async () => {
    const tags = Array.from({ length: 8 }, (_, i) => ` ${String(i).padEnd(40, 'a')} `);
    expect((await create({ header: { tags } })).tags).toHaveLength(8);
    const { tags: _none, ...header } = submission().header;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      payload: { ...submission(), header },
      headers: bearer,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<BlogPost>().tags).toEqual([]);
  });

  it('replaces the tags on an edit', async () => {
    const post = await create({ header: { tags: ['Tennis', 'Wimbledon'] } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post.id}`,
      payload: submission({ header: { tags: ['Golf'] } }),
      headers: bearer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<BlogPost>().tags).toEqual([{ name: 'Golf', slug: 'golf' }]);
    expect((await get<TagCount[]>('/api/tags')).body).toEqual([
      { slug: 'golf', name: 'Golf', kind: 'topic', count: 1 },
    ]);
  });
});

describe('GET /api/blogs?tag= and GET /api/tags', () => {
  it('lists a tag’s public posts newest first, paginated with the tag kept in the next link', async () => {
    const first = await create({ header: { title: 'First', tags: ['Tennis'] } });
    await create({ header: { title: 'Golf only', tags: ['Golf'] } });
    const second = await create({ header: { title: 'Second', tags: ['Golf', 'Tennis'] } });
    await create({ header: { title: 'Draft', tags: ['Tennis'] }, status: 'draft' });
    const page1 = await t.app.inject({ method: 'GET', url: '/api/blogs?tag=tennis&limit=1' });
    expect(page1.json<BlogSummary[]>().map((p) => p.id)).toEqual([second.id]);
    expect(page1.headers.link).toBe(`</api/blogs?limit=1&cursor=${second.id}&tag=tennis>; rel="next"`);
    const page2 = await get<BlogSummary[]>(`/api/blogs?limit=1&cursor=${second.id}&tag=tennis`);
    expect(page2.body.map((p) => p.id)).toEqual([first.id]);
    expect((await get<BlogSummary[]>('/api/blogs?tag=cricket')).body).toEqual([]);
    expect((await get<{ error: string }>('/api/blogs?tag=Not%20A%20Slug')).status).toBe(400);
  });

  it('counts public posts per tag, most used first, and leaves out a tag only drafts use', async () => {
    await create({ header: { tags: ['Tennis'] } });
    await create({ header: { tags: ['Golf', 'Tennis'] } });
    await create({ header: { tags: ['Secret Signing'] }, status: 'draft' });
    await create({ header: { tags: ['Golf'] }, status: 'published', publishAt: '2099-01-01T00:00:00Z' });
    expect((await get<TagCount[]>('/api/tags')).body).toEqual([
      { slug: 'tennis', name: 'Tennis', kind: 'topic', count: 2 },
      { slug: 'golf', name: 'Golf', kind: 'topic', count: 1 },
    ]);
  });

  it('answers a post’s related stories: other public posts of its primary tag, newest first, at most 3', async () => {
    const post = await create({ header: { title: 'Main', tags: ['Tennis', 'Golf'] } });
    const older = await create({ header: { title: 'Older', tags: ['Tennis'] } });
    await create({ header: { title: 'Golf', tags: ['Golf'] } });
    await create({ header: { title: 'Hidden', tags: ['Tennis'] }, status: 'draft' });
    const newer = await Promise.all([1, 2, 3].map(() => create({ header: { title: 'Newer', tags: ['tennis'] } })));
    const related = (await get<BlogSummary[]>(`/api/blogs/${post.id}/related`)).body.map((p) => p.id);
    expect(related).toEqual(newer.map((p) => p.id).sort((a, b) => b - a));
    expect(related).not.toContain(older.id);
    const untagged = await create({ header: { tags: [] } });
    expect((await get<BlogSummary[]>(`/api/blogs/${untagged.id}/related`)).body).toEqual([]);
    expect((await get<unknown>('/api/blogs/999999/related')).status).toBe(404);
  });
});

describe('GET /api/search', () => {
  it('answers items with id, title, author, date, tags and a marked snippet', async () => {
    const post = await create({
      header: {
        title: 'Derby report',
        tags: ['Football'],
        sections: [
          {
            type: 'single-paragraph',
            icon: 'Camera',
            title: 'Second half',
            paragraph: 'The winger scored a stunning volley before <the> break.',
            list: [],
          },
        ],
      },
    });
    const answer = await search('volley');
    expect(answer).toEqual({
      items: [
        {
          id: post.id,
          title: 'Derby report',
          authorName: 'Sam Rivera',
          publishDate: 'March 14, 2024',
          tags: [{ name: 'Football', slug: 'football' }],
          snippet: expect.stringContaining('a stunning <mark>volley</mark> before <the> break'),
        },
      ],
      nextCursor: null,
    });
  });

  it('matches every indexed field: section titles, paragraphs, list items, columns, products, author and tags', async () => {
    const post = await create({
      header: {
        title: 'Plain title',
        tags: ['Curling'],
        sections: [
          { type: 'single-paragraph', icon: 'Camera', title: 'Quokka', paragraph: 'Narwhal', list: ['Pangolin'] },
          {
            type: 'two-column',
            icon: 'Users',
            title: '',
            paragraph: '',
            columns: [{ heading: 'Axolotl', list: ['Okapi'] }],
          },
        ],
      },
      products: [
        { title: 'Capybara', description: 'Wombat', price: '$1', imageUrl: '', amazonUrl: '' },
      ] as BlogSubmission['products'],
      footer: { authorName: 'Zebedee Quill', authorTitle: 'Writer', imageUrl: '' },
    });
    for (const word of [
      'quokka',
      'narwhal',
      'pangolin',
      'axolotl',
      'okapi',
      'capybara',
      'wombat',
      'zebedee',
      'curling',
    ])
      expect((await search(word)).items.map((item) => item.id)).toEqual([post.id]);
    expect((await search('writer')).items).toEqual([]);
  });

  it('stems English words, takes the last word as a prefix, and ignores accents both ways', async () => {
    await create({ header: { title: 'Sprints at dawn' } });
    await create({ header: { title: 'The championship decider' } });
    await create({ header: { title: 'Mbappé on the run' } });
    await create({ header: { title: 'Mbappe again' } });
    expect(await titlesFor('sprinting')).toEqual(['Sprints at dawn']);
    expect(await titlesFor('champio')).toEqual(['The championship decider']);
    expect(await titlesFor('Mbappe')).toEqual(['Mbappe again', 'Mbappé on the run']);
    expect(await titlesFor('Mbappé')).toEqual(['Mbappe again', 'Mbappé on the run']);
    // Only the last word is a prefix, and only from two characters on.
    expect(await titlesFor('champio decider')).toEqual([]);
    expect(await titlesFor('ch')).toEqual(['The championship decider']);
    expect(await titlesFor('c')).toEqual([]);
  });

  it('matches a quoted phrase as a phrase and excludes -words', async () => {
    await create({ header: { title: 'Red card for the keeper' } });
    await create({ header: { title: 'The keeper saw red' } });
    expect(await titlesFor('"red card"')).toEqual(['Red card for the keeper']);
    expect(await titlesFor('keeper -card')).toEqual(['The keeper saw red']);
    expect(await titlesFor('keeper -"red card"')).toEqual(['The keeper saw red']);
    expect(await titlesFor('-keeper')).toEqual([]);
    // An excluded word anywhere in the post excludes it, also when its title holds the rest of the query.
    await create(withParagraph('Keeper heroics', 'Then the red card.'));
    expect(await titlesFor('keeper -card')).toEqual(['The keeper saw red']);
    expect(await titlesFor('heroics -card')).toEqual([]);
  });

  it('ranks title matches first, then newer first, and pages with a cursor', async () => {
    await create({ header: { title: 'Marathon training plan' } });
    await create(withParagraph('Old body match', 'A marathon of a match.'));
    await create({ header: { title: 'Marathon race day' } });
    await create(withParagraph('New body match', 'A marathon of a match.'));
    expect(await titlesFor('marathon')).toEqual([
      'Marathon race day',
      'Marathon training plan',
      'New body match',
      'Old body match',
    ]);
    for (let i = 0; i < 20; i += 1) await create({ header: { title: `Marathon ${i}` } });
    const first = await search('marathon');
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toBe(20);
    const second = await search('marathon', 20);
    expect(second.items.map((item) => item.title)).toEqual([
      'Marathon race day',
      'Marathon training plan',
      'New body match',
      'Old body match',
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('pages through body matches when no title matches, and when the titles end on a page boundary', async () => {
    for (let i = 0; i < 23; i += 1) await create(withParagraph(`Stage ${i}`, 'A peloton on the climb.'));
    const first = await search('peloton');
    expect(first.items.map((item) => item.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Stage ${22 - i}`));
    const second = await search('peloton', 20);
    expect(second.items.map((item) => item.title)).toEqual(['Stage 2', 'Stage 1', 'Stage 0']);
    expect(second.nextCursor).toBeNull();
    // Exactly one page of title matches: the next page starts with the first body match.
    for (let i = 0; i < 20; i += 1) await create({ header: { title: `Peloton ${i}` } });
    expect((await search('peloton')).items.map((item) => item.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Peloton ${19 - i}`),
    );
    const after = await search('peloton', 20);
    expect(after.items.map((item) => item.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Stage ${22 - i}`));
    expect(after.nextCursor).toBe(40);
    expect((await search('peloton', 40)).items.map((item) => item.title)).toEqual(['Stage 2', 'Stage 1', 'Stage 0']);
  });

  it('never finds a post that is not public', async () => {
    await create({ header: { title: 'Secret transfer' }, status: 'draft' });
    await create({ header: { title: 'Scheduled transfer' }, publishAt: '2099-01-01T00:00:00Z' });
    expect(await titlesFor('transfer')).toEqual([]);
    expect((await get<SearchAnswer>('/api/search?q=transfer', bearer)).body.items).toEqual([]);
  });

  it('finds an edited post by its new words at once, never by its old ones, and drops unpublished and deleted posts', async () => {
    const post = await create({ header: { title: 'Penguin parade' } });
    expect(await titlesFor('penguin')).toEqual(['Penguin parade']);
    const put = (extra: Extra) =>
      t.app.inject({ method: 'PUT', url: `/api/blogs/${post.id}`, payload: submission(extra), headers: bearer });
    expect((await put({ header: { title: 'Flamingo parade' } })).statusCode).toBe(200);
    expect(await titlesFor('penguin')).toEqual([]);
    expect(await titlesFor('flamingo')).toEqual(['Flamingo parade']);
    expect((await put({ header: { title: 'Flamingo parade' }, status: 'draft' })).statusCode).toBe(200);
    expect(await titlesFor('flamingo')).toEqual([]);
    expect((await put({ header: { title: 'Flamingo parade' } })).statusCode).toBe(200);
    expect(await titlesFor('flamingo')).toEqual(['Flamingo parade']);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/blogs/${post.id}`, headers: bearer });
    expect(del.statusCode).toBe(204);
    expect(await titlesFor('flamingo')).toEqual([]);
  });

  it('rebuilds the index from the tables (what an import calls)', async () => {
    await create({ header: { title: 'Walrus watch', tags: ['Wildlife'] } });
    await t.testDb.db.kysely.deleteFrom('post_search').execute();
    expect(await titlesFor('walrus')).toEqual([]);
    await rebuildSearchIndex(t.testDb.db);
    expect(await titlesFor('walrus')).toEqual(['Walrus watch']);
    expect(await titlesFor('wildlife')).toEqual(['Walrus watch']);
  });

  it.each([
    ['no q', '/api/search'],
    ['an empty q', '/api/search?q='],
    ['only spaces', '/api/search?q=%20%20%20'],
    ['201 characters', `/api/search?q=${'a'.repeat(201)}`],
    ['a NUL character', '/api/search?q=a%00b'],
    ['two q parameters', '/api/search?q=a&q=b'],
    ['a negative cursor', '/api/search?q=a&cursor=-1'],
    ['a cursor past the last page allowed', '/api/search?q=a&cursor=100000'],
    ['a cursor that is not a number', '/api/search?q=a&cursor=abc'],
  ])('answers %s with a 400 and an error', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toEqual(expect.any(String));
  });

  it('answers hostile queries with 200, never an error, and treats them as words', async () => {
    await create({ header: { title: 'Near the goal: OR and AND' } });
    const hostile = [
      '"',
      '"""',
      '"unbalanced',
      '(((',
      ')',
      '*',
      'goal*',
      '* goal',
      'NEAR(goal, and)',
      'title:goal',
      '{title}: goal',
      'goal OR',
      'AND',
      'NOT goal',
      '-',
      '--goal',
      '^goal',
      "'; DROP TABLE posts; --",
      "' OR 1=1 --",
      '\\',
      '&|!:*<->',
      'goal & ! | <-> :*',
      'a'.repeat(200),
      '😀 ⚽ 中文',
      '%',
      '_',
      "O'Neil",
    ];
    for (const q of hostile) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?${new URLSearchParams({ q })}` });
      expect({ q, status: res.statusCode }).toEqual({ q, status: 200 });
      expect(Array.isArray(res.json<SearchAnswer>().items)).toBe(true);
    }
    expect(await titlesFor('near')).toEqual(['Near the goal: OR and AND']);
    expect(await titlesFor('goal*')).toEqual(['Near the goal: OR and AND']);
    expect((await get<BlogSummary[]>('/api/blogs')).body).toHaveLength(1);
  });
});
