// Posts on the API: PUT and DELETE with If-Match, draft and scheduled posts, who sees what, and caches that follow.
import { blogSubmissionSchema } from '../../../src/contract/schemas';
import type { BlogSubmission } from '../../../src/contract/schemas';
import type { BlogPost, BlogSummary } from '../../../src/contract/types';
import { countPosts, findPostImageUrl, updatePost } from '../../../src/server/repositories/postsRepository';
import { validSubmission } from '../fixtures/submissions';
import { manualSchedule, startTestApp, TOKEN, useTestApp } from '../helpers/testApp';
import type { TestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-28T09:00:00.000Z');
const HOUR = 3_600_000;

const t = useTestApp({ now: START, sharedApp: true });

const bearer = { authorization: `Bearer ${TOKEN}` };
type Body = BlogSubmission & Record<string, unknown>;
/** The test's app, or another on the same database. */
type AnApp = Pick<TestApp, 'app'>;

const inject = (app: AnApp, method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE', url: string, options = {}) =>
  app.app.inject({ method, url, ...options });

async function create(extra: Partial<Body> = {}, title = 'Derby Day'): Promise<BlogPost> {
  const res = await inject(t, 'POST', '/api/blogs', {
    payload: { ...validSubmission({ title }), ...extra },
    headers: bearer,
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

/** GET as a visitor: status and, for a 200, the post. */
async function anonymousGet(id: number, app: AnApp = t) {
  const res = await inject(app, 'GET', `/api/blogs/${id}`);
  return { status: res.statusCode, post: res.statusCode === 200 ? res.json<BlogPost>() : undefined, res };
}

async function anonymousTitles(app: AnApp = t): Promise<string[]> {
  const res = await inject(app, 'GET', '/api/blogs');
  expect(res.statusCode).toBe(200);
  return res.json<BlogSummary[]>().map((p) => p.title);
}

async function adminList(): Promise<BlogSummary[]> {
  const res = await inject(t, 'GET', '/api/blogs?status=all', { headers: bearer });
  expect(res.statusCode).toBe(200);
  return res.json<BlogSummary[]>();
}

async function etagOf(id: number, headers: Record<string, string> = bearer): Promise<string> {
  const res = await inject(t, 'GET', `/api/blogs/${id}`, { headers });
  expect(res.statusCode).toBe(200);
  return res.headers.etag as string;
}

const put = (id: number | string, payload: object, headers: Record<string, string> = bearer) =>
  inject(t, 'PUT', `/api/blogs/${id}`, { payload, headers });

const edited = (title = 'Derby Day (corrected)') => {
  const body = validSubmission({ title });
  body.header.sections = [{ type: 'single-paragraph', title: 'New section', paragraph: 'Rewritten.', list: ['one'] }];
  body.products = [{ title: 'Scarf', price: '$15' }];
  return body;
};

describe('PUT /api/blogs/:id', () => {
  it('replaces the post and answers 200 with the read shape; the id and createdAt stay, the list shows it at once', async () => {
    const original = await create();
    expect(await anonymousTitles()).toEqual(['Derby Day']); // the list is now cached
    expect((await anonymousGet(original.id)).post?.title).toBe('Derby Day'); // and so is the post
    t.clock += 60_000;
    const res = await put(original.id, edited());
    expect(res.statusCode).toBe(200);
    const updated = res.json<BlogPost>();
    expect(updated).toMatchObject({
      id: original.id,
      title: 'Derby Day (corrected)',
      createdAt: original.createdAt,
      updatedAt: new Date(START + 60_000).toISOString(),
      status: 'published',
      publishAt: null,
      sections: [{ type: 'single-paragraph', title: 'New section', paragraph: 'Rewritten.', list: [{ item: 'one' }] }],
      products: [{ title: 'Scarf', price: '$15', description: '', imageUrl: '', amazonUrl: '' }],
    });
    expect(updated.sections).toHaveLength(1);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const read = await anonymousGet(original.id);
    expect(read.post).toEqual(updated);
    // The ETag the PUT answered is the one GET carries, so the editor can save again without reading first.
    expect(read.res.headers.etag).toBe(res.headers.etag);
    expect(await anonymousTitles()).toEqual(['Derby Day (corrected)']);
  });

  it('takes the token from the body accessToken as well as from Authorization: Bearer', async () => {
    const { id } = await create();
    const res = await put(id, { ...edited('From the body'), accessToken: TOKEN }, {});
    expect(res.statusCode).toBe(200);
    expect(res.json<BlogPost>().title).toBe('From the body');
  });

  it.each([
    ['no token', {}, {}, 'Access token required'],
    ['a wrong body token', { accessToken: 'wrong-token-123' }, {}, 'Invalid access token'],
    ['a wrong Bearer token', {}, { authorization: 'Bearer wrong-token-123' }, 'Invalid access token'],
  ])('answers 401 for %s and changes nothing', async (_name, extra, headers, error) => {
    const { id } = await create();
    const before = await anonymousGet(id);
    const res = await put(id, { ...edited(), ...extra }, headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error });
    expect((await anonymousGet(id)).res.body).toBe(before.res.body);
  });

  it.each<[string, (body: Body) => void, string]>([
    ['an empty title', (b) => (b.header.title = ' '), 'header.title'],
    ['an unknown status', (b) => (b.status = 'archived' as never), 'status'],
    ['status "scheduled" (it follows from publishAt)', (b) => (b.status = 'scheduled' as never), 'status'],
    ['publishAt without an offset', (b) => (b.publishAt = '2026-12-01T10:00:00'), 'publishAt'],
    ['publishAt as a date only', (b) => (b.publishAt = '2026-12-01'), 'publishAt'],
    ['publishAt on February 30', (b) => (b.publishAt = '2027-02-30T10:00:00Z'), 'publishAt'],
    ['publishAt at 24:00', (b) => (b.publishAt = '2026-12-01T24:00:00Z'), 'publishAt'],
    ['publishAt with a space for T', (b) => (b.publishAt = '2026-12-01 10:00:00Z'), 'publishAt'],
    ['publishAt as a number', (b) => (b.publishAt = 1_790_000_000_000 as never), 'publishAt'],
    ['publishAt in year 0', (b) => (b.publishAt = '0000-01-01T00:00:00Z'), 'publishAt'],
    ['publishAt past year 9999', (b) => (b.publishAt = '9999-12-31T23:30:00-01:00'), 'publishAt'],
  ])('answers 400 for %s, naming the field, and changes nothing', async (_name, spoil, path) => {
    const { id } = await create();
    const before = await anonymousGet(id);
    const body = edited() as Body;
    spoil(body);
    const res = await put(id, body);
    expect(res.statusCode).toBe(400);
    const answer = res.json<{ error: string; details: { path: string }[] }>();
    expect(answer.error).toBe('Invalid request body');
    expect(answer.details.map((d) => d.path)).toContain(path);
    expect((await anonymousGet(id)).res.body).toBe(before.res.body);
  });

  it('answers 404 for an unknown id and 400 for a malformed one, creating nothing', async () => {
    const { id } = await create();
    for (const unknown of [id + 1, 2_147_483_647, 2_147_483_648]) {
      const res = await put(unknown, edited());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Blog not found' });
    }
    const malformed = await put('abc', edited());
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'Invalid id in the URL' });
    expect(await countPosts(t.db)).toBe(1);
  });

  it('answers 412 to a stale If-Match and changes nothing; the current tag, a list holding it and * succeed', async () => {
    const { id } = await create();
    const first = await etagOf(id);
    expect((await put(id, edited('Second'), { ...bearer, 'if-match': first })).statusCode).toBe(200);
    const before = await anonymousGet(id);
    const stale = await put(id, edited('Lost update'), { ...bearer, 'if-match': first });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ error: expect.stringContaining('changed or deleted since you loaded it') });
    expect((await anonymousGet(id)).res.body).toBe(before.res.body);

    const current = await etagOf(id);
    expect(current).not.toBe(first);
    // If-Match compares strongly: a weak tag never matches.
    expect((await put(id, edited('Weak'), { ...bearer, 'if-match': `W/${current}` })).statusCode).toBe(412);
    expect((await put(id, edited('Listed'), { ...bearer, 'if-match': `"nope", ${current}` })).statusCode).toBe(200);
    expect((await put(id, edited('Any'), { ...bearer, 'if-match': '*' })).statusCode).toBe(200);
    expect((await anonymousGet(id)).post?.title).toBe('Any');
  });

  it("takes a visitor's ETag and the staff reader's (whose shape names createdBy and updatedBy) in If-Match", async () => {
    const { id } = await create();
    const anonymous = await etagOf(id, {});
    const staff = await etagOf(id);
    // Different bytes, different tags: the admin shape adds who created and changed the post.
    expect(staff).not.toBe(anonymous);
    expect((await put(id, edited(), { ...bearer, 'if-match': anonymous })).statusCode).toBe(200);
    expect((await put(id, edited(), { ...bearer, 'if-match': await etagOf(id) })).statusCode).toBe(200);
    expect((await put(id, edited(), { ...bearer, 'if-match': staff })).statusCode).toBe(412);
  });

  it('lets exactly one of two concurrent PUTs holding the same tag succeed; the other gets 412', async () => {
    const { id } = await create();
    const tag = await etagOf(id);
    const [a, b] = await Promise.all([
      put(id, edited('Writer A'), { ...bearer, 'if-match': tag }),
      put(id, edited('Writer B'), { ...bearer, 'if-match': tag }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 412]);
    const winner = a.statusCode === 200 ? 'Writer A' : 'Writer B';
    expect((await anonymousGet(id)).post?.title).toBe(winner);
  });

  it('refuses the second of two writes that checked the same version, even after both passed the If-Match check', async () => {
    // What makes the race safe: the version is compared again by the write itself, in its transaction.
    const { id, updatedAt } = await create();
    const condition = { seenUpdatedAt: updatedAt, ifUnchanged: true, now: new Date(START + 1_000) };
    const input = (title: string) => blogSubmissionSchema.parse(edited(title));
    const first = await updatePost(t.db, id, input('First'), condition);
    const second = await updatePost(t.db, id, input('Second'), condition);
    expect(first.outcome).toBe('done');
    expect(second).toEqual({ outcome: 'conflict' });
    expect((await anonymousGet(id)).post?.title).toBe('First');
  });

  it('counts wrong tokens toward the 429, like POST', async () => {
    await t.restart({ attemptLimits: { token: { max: 2, windowMs: 15 * 60_000 } } });
    const { id } = await create();
    for (let i = 0; i < 2; i += 1)
      expect((await put(id, edited(), { authorization: 'Bearer nope' })).statusCode).toBe(401);
    const blocked = await put(id, edited('Too late'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: expect.any(String) });
    expect((await inject(t, 'DELETE', `/api/blogs/${id}`, { headers: bearer })).statusCode).toBe(429);
    expect((await anonymousGet(id)).post?.title).toBe('Derby Day');
  });
});

describe('DELETE /api/blogs/:id', () => {
  const del = (id: number | string, headers: Record<string, string> = bearer) =>
    inject(t, 'DELETE', `/api/blogs/${id}`, { headers });

  it('answers 204; afterwards GET is a 404 and no list has it; deleted for good, its parts go, uploads stay', async () => {
    const keep = await create({}, 'Keep me');
    const gone = await create({}, 'Delete me');
    await t.db.kysely
      .insertInto('uploads')
      .values({
        name: `${'a'.repeat(64)}.png`,
        content_type: 'image/png',
        byte_size: 3,
        data: Buffer.from('png'),
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await anonymousTitles()).toEqual(['Delete me', 'Keep me']); // cached
    expect((await anonymousGet(gone.id)).status).toBe(200); // cached
    const res = await del(gone.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await anonymousGet(gone.id)).toMatchObject({ status: 404 });
    expect((await inject(t, 'GET', `/api/blogs/${gone.id}`, { headers: bearer })).statusCode).toBe(404);
    expect(await anonymousTitles()).toEqual(['Keep me']);
    expect((await adminList()).map((p) => p.id)).toEqual([keep.id]);
    // In the trash its parts stay (a restore brings them back); deleted for good, they go with it.
    expect((await inject(t, 'DELETE', `/api/blogs/${gone.id}?permanent=true`, { headers: bearer })).statusCode).toBe(
      204,
    );
    const orphans = await t.db.kysely.selectFrom('sections').select('id').where('post_id', '=', gone.id).execute();
    expect(orphans).toEqual([]);
    const products = await t.db.kysely.selectFrom('products').select('id').where('post_id', '=', gone.id).execute();
    expect(products).toEqual([]);
    expect(await t.db.kysely.selectFrom('uploads').select('name').execute()).toHaveLength(1);
    expect((await del(gone.id)).statusCode).toBe(404);
  });

  it('accepts a DELETE labelled application/json with no body (clients that label every request)', async () => {
    const { id } = await create();
    const res = await del(id, { ...bearer, 'content-type': 'application/json' });
    expect(res.statusCode).toBe(204);
    expect((await anonymousGet(id)).status).toBe(404);
  });

  it('answers 401 without the token or with a wrong one, and deletes nothing', async () => {
    const { id } = await create();
    const missing = await del(id, {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: 'Access token required' });
    expect((await del(id, { authorization: 'Bearer wrong-token' })).statusCode).toBe(401);
    expect((await anonymousGet(id)).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { id } = await create();
    const res = await del(id + 1);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Blog not found' });
    expect((await del('0')).statusCode).toBe(400);
    expect(await countPosts(t.db)).toBe(1);
  });

  it('answers 412 to a stale If-Match and keeps the post; the current tag deletes it', async () => {
    const { id } = await create();
    const old = await etagOf(id);
    expect((await put(id, edited(), bearer)).statusCode).toBe(200);
    const stale = await del(id, { ...bearer, 'if-match': old });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ error: expect.any(String) });
    expect((await anonymousGet(id)).status).toBe(200);
    expect((await del(id, { ...bearer, 'if-match': await etagOf(id) })).statusCode).toBe(204);
  });
});

describe('drafts', () => {
  it('keeps a draft out of every anonymous read, and shows it to the token holder', async () => {
    const published = await create({}, 'Public story');
    const draft = await create({ status: 'draft' }, 'Secret draft');
    expect(draft).toMatchObject({ status: 'draft', publishAt: null, title: 'Secret draft' });

    const visitor = await anonymousGet(draft.id);
    expect(visitor.status).toBe(404);
    expect(visitor.res.json()).toEqual({ error: 'Blog not found' });
    expect(visitor.res.body).not.toContain('Secret');
    expect((await inject(t, 'HEAD', `/api/blogs/${draft.id}`)).statusCode).toBe(404);
    expect(await anonymousTitles()).toEqual(['Public story']);
    // A token on an ordinary list request still lists only what is public.
    const plain = await inject(t, 'GET', '/api/blogs', { headers: bearer });
    expect(plain.json<BlogSummary[]>().map((p) => p.title)).toEqual(['Public story']);

    const admin = await inject(t, 'GET', `/api/blogs/${draft.id}`, { headers: bearer });
    expect(admin.statusCode).toBe(200);
    // The admin shape: the post plus who created and changed it (a key's write names no account).
    expect(admin.json<BlogPost>()).toEqual({ ...draft, createdBy: null, updatedBy: null });
    expect(admin.headers['cache-control']).toBe('private, no-store');
    expect(admin.headers.vary).toMatch(/authorization/i);
    // Served to the admin, and still not to a visitor after that: nothing went into the shared caches.
    expect((await anonymousGet(draft.id)).status).toBe(404);
    expect(await anonymousTitles()).toEqual(['Public story']);

    const all = await inject(t, 'GET', '/api/blogs?status=all', { headers: bearer });
    expect(all.headers['cache-control']).toBe('private, no-store');
    expect(all.json<BlogSummary[]>()).toEqual([
      expect.objectContaining({ id: draft.id, status: 'draft', publishAt: null, updatedAt: draft.updatedAt }),
      expect.objectContaining({ id: published.id, status: 'published' }),
    ]);
  });

  it("leaves no trace of a draft in the page shell's preload hints: its hero image is not looked up", async () => {
    const draft = await create({ status: 'draft' }, 'Secret draft');
    const scheduled = await create({ publishAt: new Date(START + HOUR).toISOString() }, 'Later');
    const published = await create({}, 'Out');
    const at = new Date(START);
    expect(await findPostImageUrl(t.db, draft.id, at)).toBeUndefined();
    expect(await findPostImageUrl(t.db, scheduled.id, at)).toBeUndefined();
    expect(await findPostImageUrl(t.db, published.id, at)).toBe('https://images.example.com/derby.jpg');
    expect(await findPostImageUrl(t.db, scheduled.id, new Date(START + HOUR))).toBe(
      'https://images.example.com/derby.jpg',
    );
  });

  it('answers ?status=all with 401 without the token or with a wrong one, and 400 for another status', async () => {
    await create({ status: 'draft' }, 'Secret draft');
    const missing = await inject(t, 'GET', '/api/blogs?status=all');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: 'Access token required' });
    const wrong = await inject(t, 'GET', '/api/blogs?status=all', { headers: { authorization: 'Bearer wrong' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('Secret');
    expect((await inject(t, 'GET', '/api/blogs/1', { headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(
      401,
    );
    const other = await inject(t, 'GET', '/api/blogs?status=draft', { headers: bearer });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ details: [{ path: 'status' }] });
  });

  it('counts a wrong token on a read toward the 429, but not a missing one; visitors are never limited', async () => {
    await t.restart({ attemptLimits: { token: { max: 2, windowMs: 15 * 60_000 } } });
    const { id } = await create({ status: 'draft' });
    for (let i = 0; i < 5; i += 1) expect((await inject(t, 'GET', '/api/blogs?status=all')).statusCode).toBe(401);
    expect((await inject(t, 'GET', `/api/blogs/${id}`, { headers: bearer })).statusCode).toBe(200);
    const wrong = { authorization: 'Bearer wrong-token' };
    for (let i = 0; i < 2; i += 1)
      expect((await inject(t, 'GET', `/api/blogs/${id}`, { headers: wrong })).statusCode).toBe(401);
    expect((await inject(t, 'GET', `/api/blogs/${id}`, { headers: bearer })).statusCode).toBe(429);
    expect((await inject(t, 'GET', '/api/blogs?status=all', { headers: bearer })).statusCode).toBe(429);
    expect((await inject(t, 'GET', '/api/blogs')).statusCode).toBe(200);
  });

  it('pages ?status=all with Link headers that keep status=all', async () => {
    for (let i = 1; i <= 3; i += 1) await create({ status: 'draft' }, `Draft ${i}`);
    const first = await inject(t, 'GET', '/api/blogs?status=all&limit=2', { headers: bearer });
    expect(first.json<BlogSummary[]>().map((p) => p.title)).toEqual(['Draft 3', 'Draft 2']);
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.link as string)?.[1];
    expect(next).toMatch(/status=all/);
    const second = await inject(t, 'GET', next as string, { headers: bearer });
    expect(second.json<BlogSummary[]>().map((p) => p.title)).toEqual(['Draft 1']);
  });

  it('publishes a draft with PUT, and takes a published post back to draft; visitors follow at once', async () => {
    const { id } = await create({ status: 'draft' }, 'Coming soon');
    expect(await anonymousTitles()).toEqual([]);
    expect((await put(id, { ...validSubmission({ title: 'Coming soon' }), status: 'published' })).statusCode).toBe(200);
    expect(await anonymousTitles()).toEqual(['Coming soon']);
    expect((await anonymousGet(id)).post?.status).toBe('published');
    const back = await put(id, { ...validSubmission({ title: 'Coming soon' }), status: 'draft' });
    expect(back.json<BlogPost>().status).toBe('draft');
    expect((await anonymousGet(id)).status).toBe(404);
    expect(await anonymousTitles()).toEqual([]);
  });
});

describe('scheduled posts', () => {
  it('stores publishAt as UTC, reports "scheduled", and a published post without a future publishAt is public', async () => {
    const scheduled = await create({ publishAt: '2026-11-28T11:00:00+01:00' }, 'At ten');
    expect(scheduled).toMatchObject({ status: 'scheduled', publishAt: '2026-11-28T10:00:00.000Z' });
    const past = await create({ publishAt: '2026-11-28T08:00:00Z' }, 'An hour ago');
    expect(past).toMatchObject({ status: 'published', publishAt: '2026-11-28T08:00:00.000Z' });
    const cleared = await put(scheduled.id, { ...validSubmission({ title: 'At once' }), publishAt: null });
    expect(cleared.json<BlogPost>()).toMatchObject({ status: 'published', publishAt: null });
    // Newest first means most recently created: publishing later does not move a post up the list.
    expect(await anonymousTitles()).toEqual(['An hour ago', 'At once']);
  });

  it('becomes public by itself at its time: no write, no job, and caches that never expire on their own', async () => {
    // Day-long list TTL and revision interval: only the schedule itself may make the post appear.
    await t.restart({ listCacheTtlMs: 24 * HOUR, revisionCheckMs: 24 * HOUR });
    await create({}, 'Already out');
    const kickOff = await create({ publishAt: new Date(START + HOUR).toISOString() }, 'Kick-off report');
    expect(kickOff.status).toBe('scheduled');
    expect(await anonymousTitles()).toEqual(['Already out']); // cached from here on
    expect((await anonymousGet(kickOff.id)).status).toBe(404);
    const scheduledRow = (await adminList()).find((p) => p.id === kickOff.id);
    expect(scheduledRow?.status).toBe('scheduled');

    t.clock = START + HOUR - 1;
    expect(await anonymousTitles()).toEqual(['Already out']);
    expect((await anonymousGet(kickOff.id)).status).toBe(404);

    t.clock = START + HOUR;
    expect(await anonymousTitles()).toEqual(['Kick-off report', 'Already out']);
    const read = await anonymousGet(kickOff.id);
    expect(read.status).toBe(200);
    expect(read.post).toMatchObject({ status: 'published', publishAt: new Date(START + HOUR).toISOString() });
    expect((await adminList()).find((p) => p.id === kickOff.id)?.status).toBe('published');
  });

  it('never makes a draft public, whatever its publishAt', async () => {
    const { id } = await create({ status: 'draft', publishAt: new Date(START + HOUR).toISOString() }, 'Parked');
    t.clock = START + 2 * HOUR;
    expect((await anonymousGet(id)).status).toBe(404);
    expect(await anonymousTitles()).toEqual([]);
    expect((await adminList())[0]).toMatchObject({ status: 'draft' });
  });
});

describe('another server on the same database', () => {
  /** A second app on the test database whose revision check runs only when the test ticks it. */
  async function startReader(now: () => number) {
    const revisionCheck = manualSchedule();
    const app = await startTestApp({
      testDb: t.testDb,
      now,
      listCacheTtlMs: 24 * HOUR,
      scheduleRevisionCheck: revisionCheck.schedule,
    });
    return { reader: app, revisionCheck };
  }

  it('shows an update and a delete made through one app in the other once its revision check is due', async () => {
    const { reader, revisionCheck } = await startReader(() => START);
    try {
      const { id } = await create();
      expect((await anonymousGet(id, reader)).post?.title).toBe('Derby Day');
      expect(await anonymousTitles(reader)).toEqual(['Derby Day']);
      expect((await put(id, edited('Changed elsewhere'))).statusCode).toBe(200);
      // Until its revision check runs the reader answers from memory; once it has run, it must not.
      expect((await anonymousGet(id, reader)).post?.title).toBe('Derby Day');
      await revisionCheck.tick();
      expect((await anonymousGet(id, reader)).post?.title).toBe('Changed elsewhere');
      expect(await anonymousTitles(reader)).toEqual(['Changed elsewhere']);

      expect((await inject(t, 'DELETE', `/api/blogs/${id}`, { headers: bearer })).statusCode).toBe(204);
      await revisionCheck.tick();
      expect((await anonymousGet(id, reader)).status).toBe(404);
      expect(await anonymousTitles(reader)).toEqual([]);
    } finally {
      await reader.close();
    }
  });

  it('learns a schedule set through the other app and publishes it on time', async () => {
    let readerClock = START;
    const { reader, revisionCheck } = await startReader(() => readerClock);
    try {
      expect(await anonymousTitles(reader)).toEqual([]);
      await create({ publishAt: new Date(START + HOUR).toISOString() }, 'Saturday preview');
      readerClock += 1_000;
      await revisionCheck.tick();
      expect(await anonymousTitles(reader)).toEqual([]);
      readerClock = START + HOUR;
      expect(await anonymousTitles(reader)).toEqual(['Saturday preview']);
    } finally {
      await reader.close();
    }
  });
});
