// Export and import: a blog in SQLite with posts in every status, edits, a trashed post and uploads moves
// into another database (PostgreSQL when TEST_DATABASE_URL is set, SQLite otherwise) and answers every API request
// and upload byte for byte as before; damaged, truncated, unknown and not-empty cases change nothing.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlogPost, BlogSummary, RevisionSummary, UploadResult } from '../../../src/contract/types';
import { ArchiveError, exportArchive, importArchive } from '../../../src/server/archive/archive';
import { openDatabase } from '../../../src/server/db/database';
import type { DatabaseConfig } from '../../../src/server/config';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { createPost } from '../../../src/server/repositories/postsRepository';
import { blogSubmissionSchema } from '../../../src/contract/schemas';
import { validSubmission } from '../fixtures/submissions';
import { sampleImages } from '../helpers/images';
import { multipart, startTestApp, TOKEN } from '../helpers/testApp';
import type { TestApp } from '../helpers/testApp';
import { createTestDb } from '../helpers/testDb';
import type { TestDb } from '../helpers/testDb';

jest.setTimeout(120_000);

const START = Date.parse('2026-11-25T09:00:00.000Z');
const bearer = { authorization: `Bearer ${TOKEN}` };

let dir: string;
let source: TestDb;
let src: TestApp;
let clock = START;
const archive = () => join(dir, 'blog.touchline');

/** A SQLite database whatever TEST_DATABASE_URL says: the blog that grew out of it. */
async function sqliteDb(name: string): Promise<TestDb> {
  const config: DatabaseConfig = { kind: 'sqlite', file: join(dir, name) };
  const db = openDatabase(config);
  await migrateToLatest(db);
  return { db, config, drop: async () => db.kysely.destroy() };
}

async function call(app: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await app.app.inject({ method, url, headers: bearer, ...(payload ? { payload } : {}) });
  expect(res.statusCode).toBeLessThan(300);
  return res;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'touchline-archive-'));
  source = await sqliteDb('source.db');
  src = await startTestApp({ testDb: source, now: () => clock });
  const images = await sampleImages();
  const urls: string[] = [];
  for (const ext of ['png', 'jpg', 'webp'] as const) {
    const form = await multipart({ file: { bytes: images[ext], name: `photo.${ext}` } });
    const res = await src.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: form.payload,
      headers: { ...form.headers, ...bearer },
    });
    expect(res.statusCode).toBe(201);
    urls.push(res.json<UploadResult>().url);
  }
  const post = (title: string, extra: object = {}) =>
    call(src, 'POST', '/api/blogs', {
      ...validSubmission({ title, image: urls[0], imageAlt: `The photo of ${title}` }),
      ...extra,
    });
  await post('Published story');
  await post('Quiet draft', { status: 'draft' });
  await post('Scheduled story', { publishAt: '2026-12-01T09:00:00.000Z' });
  const edited = (await post('Edited story')).json<BlogPost>();
  for (const title of ['Edited story, again', 'Edited story, finally']) {
    clock += 60_000;
    await call(src, 'PUT', `/api/blogs/${edited.id}`, {
      ...validSubmission({ title, image: urls[1], imageAlt: `The photo of ${title}` }),
      products: [{ title: 'Ball', imageUrl: urls[2] }],
    });
  }
  const trashed = (await post('Trashed story')).json<BlogPost>();
  clock += 60_000;
  await call(src, 'DELETE', `/api/blogs/${trashed.id}`);
});

afterAll(async () => {
  await src.close();
  await source.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every answer a reader or the staff can get, by URL: what must not change in the move. */
async function answers(app: TestApp): Promise<Map<string, string>> {
  const urls = ['/api/blogs', '/api/blogs?status=all', '/api/blogs?status=trash', '/sitemap.xml', '/feed.xml'];
  const all = (await call(app, 'GET', '/api/blogs?status=all')).json<BlogSummary[]>();
  const trash = (await call(app, 'GET', '/api/blogs?status=trash')).json<BlogSummary[]>();
  for (const { id } of [...all, ...trash]) {
    urls.push(`/api/blogs/${id}`, `/api/blogs/${id}/revisions`);
    const revisions = (await call(app, 'GET', `/api/blogs/${id}/revisions`)).json<RevisionSummary[]>();
    for (const revision of revisions) urls.push(`/api/blogs/${id}/revisions/${revision.id}`);
  }
  const uploads = await app.db.kysely.selectFrom('uploads').select('name').orderBy('name').execute();
  const variants = await app.db.kysely.selectFrom('image_variants').select(['hash', 'width', 'format']).execute();
  for (const { name } of uploads) urls.push(`/uploads/${name}`);
  for (const v of variants) urls.push(`/uploads/${v.hash}-${v.width}.${v.format}`);
  const seen = new Map<string, string>();
  for (const url of urls) {
    for (const headers of [{}, bearer]) {
      const res = await app.app.inject({ method: 'GET', url, headers });
      const body = url.startsWith('/uploads/') ? res.rawPayload.toString('base64') : res.body;
      seen.set(`${'authorization' in headers ? 'staff' : 'visitor'} ${url}`, `${res.statusCode} ${body}`);
    }
  }
  return seen;
}

it('moves the whole blog into an empty database: every answer and every upload byte the same', async () => {
  const before = await answers(src);
  expect([...before.keys()].filter((k) => k.includes('/uploads/')).length).toBeGreaterThan(6);
  expect(before.get('staff /api/blogs?status=trash')).toContain('Trashed story');
  // The header image's alt text travels with the post and with its revisions.
  const alts = [...before.values()].filter((body) => body.includes('"imageAlt":"The photo of Edited story'));
  expect(alts.length).toBeGreaterThan(2);

  const result = await exportArchive(source.db, archive());
  expect(result.rows).toMatchObject({ posts: 5, uploads: 3, post_revisions: 2 });

  const target = await createTestDb();
  try {
    await importArchive(target.db, archive());
    const moved = await startTestApp({ testDb: target, now: () => clock });
    try {
      const after = await answers(moved);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [key, value] of before) expect([key, after.get(key)]).toEqual([key, value]);
      // The next post gets a new id (identity sequences moved past the imported ids), and keeps its revisions apart.
      const next = (
        await call(moved, 'POST', '/api/blogs', validSubmission({ title: 'After the move' }))
      ).json<BlogPost>();
      const ids = (await call(moved, 'GET', '/api/blogs?status=all')).json<BlogSummary[]>().map((p) => p.id);
      expect(next.id).toBeGreaterThan(Math.max(...ids.filter((id) => id !== next.id)));
      await call(moved, 'PUT', `/api/blogs/${next.id}`, validSubmission({ title: 'After the move, edited' }));
      expect((await call(moved, 'GET', `/api/blogs/${next.id}/revisions`)).json()).toHaveLength(1);
    } finally {
      await moved.close();
    }
  } finally {
    await target.drop();
  }
});

describe('refusals: one line, nothing changed', () => {
  let target: TestDb;
  beforeAll(async () => {
    await exportArchive(source.db, archive());
  });
  beforeEach(async () => {
    target = await createTestDb();
  });
  afterEach(async () => {
    await target.drop();
  });

  const lines = () => readFileSync(archive(), 'utf8').split('\n');
  const attempt = async (text: string) => {
    const file = join(dir, 'bad.touchline');
    writeFileSync(file, text);
    const error = await importArchive(target.db, file).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ArchiveError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(await target.db.kysely.selectFrom('posts').select('id').execute()).toEqual([]);
    expect(await target.db.kysely.selectFrom('uploads').select('name').execute()).toEqual([]);
    return message;
  };

  /** The archive's lines with `edit` applied to its rows, sealed again (counts and checksum): sound, but hostile. */
  const resealed = (edit: (rows: { t: string; r: Record<string, unknown> }[]) => void) => {
    const all = lines().filter((line) => line !== '');
    const rows = all.slice(1, -1).map((line) => JSON.parse(line) as { t: string; r: Record<string, unknown> });
    edit(rows);
    const body = [all[0]!, ...rows.map((row) => JSON.stringify(row))].map((line) => `${line}\n`).join('');
    const counts: Record<string, number> = {};
    for (const row of rows) counts[row.t] = (counts[row.t] ?? 0) + 1;
    const sha256 = createHash('sha256').update(body).digest('hex');
    return `${body}${JSON.stringify({ end: true, rows: counts, sha256 })}\n`;
  };
  const rowsOf = (rows: { t: string; r: Record<string, unknown> }[], table: string) =>
    rows.filter((row) => row.t === table).map((row) => row.r);
  const first = (rows: { t: string; r: Record<string, unknown> }[], table: string) => rowsOf(rows, table)[0]!;
  const ACCOUNT = {
    id: 1,
    email: 'sam@touchline.test',
    name: 'Sam',
    role: 'editor',
    password_hash: '$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
    created_at: '2026-11-25T09:00:00.000Z',
    updated_at: '2026-11-25T09:00:00.000Z',
  };
  const withAccount = (account: Record<string, unknown>) => (rows: { t: string; r: Record<string, unknown> }[]) =>
    rows.unshift({ t: 'accounts', r: account });

  it('loads a resealed archive it did not change, with an account: the sealing below is sound', async () => {
    const file = join(dir, 'resealed.touchline');
    writeFileSync(file, resealed(withAccount(ACCOUNT)));
    await importArchive(target.db, file);
    expect(await target.db.kysely.selectFrom('accounts').select('role').execute()).toEqual([{ role: 'editor' }]);
  });

  it.each<[string, (rows: { t: string; r: Record<string, unknown> }[]) => void, RegExp]>([
    [
      'a malformed section list',
      (rows) => (first(rows, 'sections').content = { not: 'a list' }),
      /^the API would refuse the sections row on line \d+ \(id \d+, post_id \d+\): content/,
    ],
    [
      'a two-column section whose column has no list of text',
      (rows) => Object.assign(first(rows, 'sections'), { type: 'two-column', content: [{ heading: 'A', list: [1] }] }),
      /sections row on line \d+ .*: content/,
    ],
    [
      'a javascript: URL as a post image',
      (rows) => (first(rows, 'posts').image_url = 'javascript:alert(1)'),
      /^the API would refuse the posts row on line 2 \(id \d+\): image_url: must be empty, an http\(s\) URL/,
    ],
    [
      'a javascript: URL as a product link',
      (rows) => (first(rows, 'products').amazon_url = 'JavaScript:alert(1)'),
      /products row .*: amazon_url: must be empty, an http\(s\) URL/,
    ],
    [
      'a text format the API does not know',
      (rows) => (first(rows, 'posts').text_format = 'html'),
      /posts row .*: text_format/,
    ],
    [
      'a NUL in a title',
      (rows) => (first(rows, 'posts').title = 'Nul\u0000here'),
      /posts row .*: title: must not contain control characters/,
    ],
    [
      'a bad role',
      withAccount({ ...ACCOUNT, role: 'admin' }),
      /accounts row on line 2 \(id 1, name Sam\): role: must be one of/,
    ],
    [
      'an email the API would not store',
      withAccount({ ...ACCOUNT, email: 'Sam@Touchline.test' }),
      /accounts row .*: email: is not stored as the API stores it/,
    ],
    ['a password hash that is none', withAccount({ ...ACCOUNT, password_hash: 'plain' }), /password_hash: must be/],
    [
      'a status no post has',
      (rows) => (first(rows, 'posts').status = 'scheduled'),
      /posts row .*: status: must be one of "published", "draft"/,
    ],
    ['a time that is none', (rows) => (first(rows, 'posts').publish_at = 'soon'), /publish_at: must be a UTC time/],
    ['a column no table has', (rows) => (first(rows, 'posts').evil = 1), /posts row .*: evil: is no column of posts/],
    ['a missing column', (rows) => delete first(rows, 'products').title, /products row .*: title: is missing/],
    [
      'a revision whose post has a malformed section',
      (rows) => {
        const post = first(rows, 'post_revisions').post as { sections: unknown[] };
        post.sections = [{ id: 1, type: 'two-column', icon: '', title: '', paragraph: '', columns: 'x' }];
      },
      /post_revisions row .*: post: header\.sections\[0\]\.columns: /,
    ],
    [
      'an upload whose type is not its name',
      (rows) => (first(rows, 'uploads').content_type = 'image/svg+xml'),
      /uploads row .*: content_type: must be the image type its name says/,
    ],
    [
      // The last rows of the archive: nothing before them is kept either.
      'an image variant whose size is not its bytes',
      (rows) => (rowsOf(rows, 'image_variants').at(-1)!.byte_size = 1),
      /image_variants row .*: byte_size: must be the length of data/,
    ],
  ])('refuses the whole archive for %s, naming the table, row and field', async (_name, edit, message) => {
    expect(await attempt(resealed(edit))).toMatch(message);
    expect(await target.db.kysely.selectFrom('accounts').select('id').execute()).toEqual([]);
  });

  it('refuses a post with more sections than a write may have', async () => {
    const message = await attempt(
      resealed((rows) => {
        const section = first(rows, 'sections');
        const more = Array.from({ length: 51 }, (_, i) => ({
          t: 'sections',
          r: { ...section, id: 10_000 + i, position: 100 + i },
        }));
        rows.splice(rows.indexOf(rows.find((row) => row.r === section)!), 0, ...more);
      }),
    );
    expect(message).toMatch(/sections row .*: post_id: post \d+ has more than 50 sections/);
  });

  it('refuses a truncated archive', async () => {
    const all = lines();
    expect(await attempt(all.slice(0, -3).join('\n'))).toMatch(/truncated/);
  });

  it('refuses a damaged one (a changed row, a broken line, a dropped row)', async () => {
    const all = lines();
    const changed = all.map((line) => line.replace('Quiet draft', 'Quiet draFt'));
    expect(await attempt(changed.join('\n'))).toMatch(/damaged/);
    const broken = [...all];
    broken[3] = broken[3]!.slice(0, 20);
    expect(await attempt(broken.join('\n'))).toMatch(/damaged/);
    expect(await attempt(all.filter((_, i) => i !== 2).join('\n'))).toMatch(/damaged/);
  });

  it('refuses an unknown version, and a file that is no archive', async () => {
    const all = lines();
    all[0] = all[0]!.replace('"version":1', '"version":99');
    expect(await attempt(all.join('\n'))).toMatch(/version 99/);
    expect(await attempt('hello\n')).toMatch(/damaged|not a Touchline archive/);
    expect(await attempt('')).toMatch(/empty/);
  });

  it('refuses a database that is not empty, keeping what it holds', async () => {
    const app = await startTestApp({ testDb: target, now: () => clock });
    try {
      await call(app, 'POST', '/api/blogs', validSubmission({ title: 'Already here' }));
    } finally {
      await app.close();
    }
    const error = await importArchive(target.db, archive()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as Error).message).toMatch(/^the database is not empty \(1 posts/);
    const titles = await target.db.kysely.selectFrom('posts').select('title').execute();
    expect(titles).toEqual([{ title: 'Already here' }]);
  });

  it('leaves no archive behind when an export fails', async () => {
    // A database that stops answering once the archive file is open (the export makes a missing folder itself).
    const gone = await sqliteDb('gone.db');
    await gone.drop();
    const file = join(dir, 'x.touchline');
    await expect(exportArchive(gone.db, file)).rejects.toThrow();
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);
  });
});

it('exports one consistent snapshot while posts are being written', async () => {
  const busy = await createTestDb();
  const target = await createTestDb();
  try {
    const write = (i: number) =>
      createPost(busy.db, blogSubmissionSchema.parse(validSubmission({ title: `Busy ${i}` })), new Date(clock));
    for (let i = 0; i < 20; i += 1) await write(i);
    // Writers keep going while the export reads table after table: every post it holds comes with all its parts.
    const [exported] = await Promise.all([
      exportArchive(busy.db, join(dir, 'busy.touchline')),
      (async () => {
        for (let i = 20; i < 60; i += 1) await write(i);
      })(),
    ]);
    expect(exported.rows.sections).toBe(2 * exported.rows.posts!);
    expect(exported.rows.products).toBe(2 * exported.rows.posts!);
    await importArchive(target.db, join(dir, 'busy.touchline'));
    const loaded = await target.db.kysely.selectFrom('posts').select('id').execute();
    expect(loaded).toHaveLength(exported.rows.posts!);
  } finally {
    await busy.drop();
    await target.drop();
  }
});
