// Whatever the API stores, the import takes back: hostile values the API accepts (unicode, direction marks, emoji,
// quotes, markup, entities, values at their length limit, line breaks where a field is many lines) written through
// the API into every archived field, exported, and imported into an empty database (the driver TEST_DATABASE_URL
// names), answer every staff read as before.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlogSubmission } from '../../../src/contract/schemas';
import type { BlogPost } from '../../../src/contract/types';
import { exportArchive, importArchive } from '../../../src/server/archive/archive';
import { cookieOf, PASSWORD, SAME_ORIGIN, signIn, staffSession } from '../helpers/accounts';
import { startTestApp, TOKEN } from '../helpers/testApp';
import type { TestApp } from '../helpers/testApp';
import { createTestDb } from '../helpers/testDb';
import type { TestDb } from '../helpers/testDb';

jest.setTimeout(120_000);

const START = Date.parse('2026-11-28T09:00:00.000Z');
const bearer = { authorization: `Bearer ${TOKEN}` };

// One line of everything a careless renderer or a naive parser trips on: quotes, markup, entities, right-to-left
// text and override marks, emoji with joiners and skin tones, combining accents, a non-breaking space.
const HOSTILE = `O'Brien "Ünïcödé" \u202Eevil\u202C שלום 👩🏽‍⚽ <script>alert(1)</script> &amp; &lt; \\ ₂\u00A0é`;
/** The text cut to exactly `max` characters (UTF-16 units, as the limits count), never through an emoji's pair. */
const fit = (text: string, max: number) => {
  const cut = text.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? `${cut.slice(0, -1)}x` : cut}x`;
};
/** One line of exactly `max` characters. */
const line = (max: number) => fit(HOSTILE + ' x'.repeat(max), max);
/** Many lines (tabs, CRLF, LF) of exactly `max` characters, not starting or ending with a break. */
const lines = (max: number) => {
  const text = `${HOSTILE}\r\n\tsecond line\n\nthird ${'🏟'.repeat(3)}\n`;
  return fit(text.repeat(Math.ceil(max / text.length)) + HOSTILE, max);
};

function hostilePost(status: 'draft' | 'review' | 'published'): BlogSubmission {
  return {
    header: {
      icon: line(120),
      title: line(200),
      image: 'https://images.example.com/ünï "q" <x>.jpg?a=1&b=&amp;',
      imageAlt: line(300),
      publishDate: line(120),
      readTime: line(120),
      textFormat: 'marks',
      tags: [`${HOSTILE}`.slice(0, 40), 'Ünïcödé 2', '👩🏽‍⚽ 3 &amp;'],
      sections: [
        { type: 'single-paragraph', icon: line(120), title: line(200), paragraph: lines(10_000), list: [lines(1_000)] },
        {
          type: 'two-column',
          icon: line(120),
          title: line(200),
          paragraph: lines(10_000),
          columns: [
            { heading: line(200), list: [lines(1_000), HOSTILE] },
            { heading: HOSTILE, list: [] },
          ],
        },
        {
          type: 'image',
          image: 'https://images.example.com/ph\u00F6to.png',
          alt: line(300),
          caption: lines(500),
          credit: line(120),
        },
        { type: 'quote', text: lines(1_000), cite: line(200) },
        { type: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', caption: lines(500) },
      ],
    },
    products: [
      {
        title: line(200),
        description: lines(10_000),
        price: line(120),
        imageUrl: 'https://images.example.com/b\u00E4ll.png',
        amazonUrl: 'https://www.amazon.com/s?k=ball&q="x"',
      },
    ],
    footer: { authorName: line(120), authorTitle: line(120), imageUrl: '/images/seed/author-maya.svg' },
    status,
  };
}

let dir: string;
let source: TestDb;
let src: TestApp;
let clock = START;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'touchline-hostile-'));
  source = await createTestDb();
  src = await startTestApp({ testDb: source, now: () => clock });
});

afterAll(async () => {
  await src.close();
  await source.drop();
  rmSync(dir, { recursive: true, force: true });
});

type Headers = Record<string, string>;

async function call(app: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) {
  clock += 1_000;
  const res = await app.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  expect([method, url, res.statusCode, res.statusCode < 300 ? '' : res.body]).toEqual([
    method,
    url,
    res.statusCode,
    '',
  ]);
  return res;
}

/** Signs up through an invitation with a hostile name at its limit; the session's headers. */
async function invited(owner: Headers, email: string, role: string, name?: string): Promise<Headers> {
  const { url } = (await call(src, 'POST', '/api/invitations', owner, { email, role })).json<{ url: string }>();
  const invitation = new URL(url).searchParams.get('invite') ?? '';
  const res = await call(src, 'POST', '/api/users', SAME_ORIGIN, { invitation, email, password: PASSWORD, name });
  return { cookie: cookieOf(res.headers['set-cookie']), ...SAME_ORIGIN };
}

/** Every staff read of the blog, by URL. */
async function answers(app: TestApp, owner: Headers, postIds: number[]): Promise<Map<string, string>> {
  const urls = [
    '/api/blogs?status=all',
    '/api/tags',
    '/api/users',
    '/api/keys',
    '/api/reviews',
    '/api/account/profile',
  ];
  for (const id of postIds) {
    for (const path of ['', '/revisions', '/entries', '/notes', '/review-steps', '/review'])
      urls.push(`/api/blogs/${id}${path}`);
    const revisions = (await call(app, 'GET', `/api/blogs/${id}/revisions`, owner)).json<{ id: number }[]>();
    for (const revision of revisions) urls.push(`/api/blogs/${id}/revisions/${revision.id}`);
  }
  const seen = new Map<string, string>();
  for (const url of urls) {
    const res = await app.app.inject({ method: 'GET', url, headers: owner });
    // The stream's event log never travels: a moved blog's readers start a new one.
    seen.set(url, `${res.statusCode} ${res.body.replace(/"lastEventId":\d+/, '"lastEventId":…')}`);
  }
  return seen;
}

it('moves every field the API accepted, hostile and at its limit, into an empty database unchanged', async () => {
  const owner = await staffSession(src.app, src.db, 'owner');
  const asOwner = { cookie: owner.cookie, ...SAME_ORIGIN };
  await call(src, 'PUT', '/api/account/profile', asOwner, { name: line(100), title: line(120), photo: '' });
  const editor = await invited(asOwner, 'editor@touchline.test', 'editor', line(100));
  const author = await invited(asOwner, 'author@touchline.test', 'author', `${HOSTILE} author`);
  // An email with quotes, markup and accents at its limit, and no name: the account is named after the email.
  const local = `"o'b<script>&amp;"+ünï${'x'.repeat(300)}`.slice(0, 254 - '@exämple.test'.length);
  await invited(asOwner, `${local}@exämple.test`, 'contributor');
  const { key } = (await call(src, 'POST', '/api/keys', asOwner, { name: line(100) })).json<{ key: string }>();
  const asKey = { authorization: `Bearer ${key}` };

  // A post the editor writes, the key edits (a revision saved by the key's name) and the editor edits again.
  const post = (await call(src, 'POST', '/api/blogs', editor, hostilePost('published'))).json<BlogPost>();
  await call(src, 'PUT', `/api/blogs/${post.id}`, asKey, hostilePost('published'));
  await call(src, 'PUT', `/api/blogs/${post.id}`, editor, { ...hostilePost('published'), products: [] });
  // Live coverage: the score line at its limits, entries of many lines by a person and by the key.
  const match = { home: line(60), away: line(60), homeScore: line(40), awayScore: line(40), clock: line(40) };
  await call(src, 'PUT', `/api/blogs/${post.id}/live`, editor, { state: 'live', match });
  await call(src, 'POST', `/api/blogs/${post.id}/entries`, editor, { body: lines(5_000), key: true, pinned: true });
  await call(src, 'POST', `/api/blogs/${post.id}/entries`, asKey, { body: HOSTILE });
  // The desk: a submission, a decision with a note of many lines, editorial notes.
  const submitted = (await call(src, 'POST', '/api/blogs', author, hostilePost('review'))).json<BlogPost>();
  await call(src, 'POST', `/api/blogs/${submitted.id}/notes`, editor, { body: lines(2_000) });
  await call(src, 'POST', `/api/blogs/${submitted.id}/notes`, author, { body: HOSTILE });
  const decision = { decision: 'changes', note: lines(2_000) };
  await call(src, 'POST', `/api/blogs/${submitted.id}/review`, editor, decision);

  const ids = [post.id, submitted.id];
  const before = await answers(src, asOwner, ids);
  // The hostile text is really in what the API answers (JSON-escaped), line breaks and all.
  expect([...before].filter(([, answer]) => !answer.startsWith('200 ')).map(([url]) => url)).toEqual([]);
  const all = [...before.values()].join('\n');
  for (const text of [line(100), lines(5_000), lines(2_000), line(60), `${HOSTILE} author`])
    expect(all).toContain(JSON.stringify(text).slice(1, -1));

  const file = join(dir, 'hostile.touchline');
  const { rows } = await exportArchive(source.db, file);
  expect(rows).toMatchObject({ accounts: 4, api_keys: 1, post_revisions: expect.any(Number), live_entries: 2 });

  const target = await createTestDb();
  try {
    await importArchive(target.db, file);
    const moved = await startTestApp({ testDb: target, now: () => clock });
    try {
      const cookie = await signIn(moved.app, owner.account.email);
      const after = await answers(moved, { cookie, ...SAME_ORIGIN }, ids);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [url, body] of before) expect([url, after.get(url)]).toEqual([url, body]);
      expect(
        (await moved.app.inject({ method: 'GET', url: '/api/blogs?status=all', headers: bearer })).statusCode,
      ).toBe(200);
    } finally {
      await moved.close();
    }
  } finally {
    await target.drop();
  }
});
