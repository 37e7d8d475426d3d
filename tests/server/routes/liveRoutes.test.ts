// Live coverage through the real app: the coverage state and the entry rules, every refusal and role, entries pages
// (before, after, limit, pinned), who reads what, `live` on the read shapes, caches that follow a write here or on
// another process, the rendered page (its entries, ?before= pages, the LiveBlogPosting JSON-LD, escaped), the landing
// page's lists, the export archive and the trash.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntriesAnswer, LiveCoverage, LiveEntry, LiveNowAnswer } from '../../../src/contract/live';
import type { RenderInput } from '../../../src/contract/rendering';
import type { BlogSubmission } from '../../../src/contract/schemas';
import type { BlogPost, BlogSummary } from '../../../src/contract/types';
import { exportArchive, importArchive } from '../../../src/server/archive/archive';
import { sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate';
import { addEntry, setCoverage } from '../../../src/server/repositories/liveRepository';
import { findPost } from '../../../src/server/repositories/postsRepository';
import { validSubmission } from '../fixtures/submissions';
import { SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { manualSchedule, PUBLIC_URL, startTestApp, TOKEN, useTestApp } from '../helpers/testApp';
import { createDatabaseConfig, createTestDb } from '../helpers/testDb';

const START = Date.parse('2026-11-28T15:00:00.000Z');
const MINUTE = 60_000;
const bearer = { authorization: `Bearer ${TOKEN}` };

const clientDir = mkdtempSync(join(tmpdir(), 'touchline-live-'));
writeFileSync(
  join(clientDir, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Touchline</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** What the server handed the SSR bundle, page by page (the bundle's own markup is the client's concern). */
const rendered: RenderInput[] = [];
const revisionCheck = manualSchedule();
const t = useTestApp({
  sharedApp: true,
  now: START,
  clientDir,
  renderPage: async (input) => {
    rendered.push(input);
    return { html: '<main></main>', stateScript: '' };
  },
  scheduleRevisionCheck: revisionCheck.schedule,
});
beforeEach(() => {
  rendered.length = 0;
});

type Headers = Record<string, string>;
type Staff = Awaited<ReturnType<typeof staffSession>>;
const as = (who: Staff): Headers => ({ cookie: who.cookie, ...SAME_ORIGIN });

async function createPost(
  headers: Headers = bearer,
  extra: Partial<BlogSubmission> = {},
  title = 'Arsenal v Chelsea',
): Promise<BlogPost> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers,
    payload: { ...validSubmission({ title }), ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

const putLive = (id: number | string, payload: unknown, headers: Headers = bearer) =>
  t.app.inject({ method: 'PUT', url: `/api/blogs/${id}/live`, headers, payload: payload as object });
const postEntry = (id: number | string, payload: unknown, headers: Headers = bearer) =>
  t.app.inject({ method: 'POST', url: `/api/blogs/${id}/entries`, headers, payload: payload as object });
const putEntry = (id: number, entryId: number | string, payload: unknown, headers: Headers = bearer) =>
  t.app.inject({ method: 'PUT', url: `/api/blogs/${id}/entries/${entryId}`, headers, payload: payload as object });
const deleteEntry = (id: number, entryId: number | string, headers: Headers = bearer) =>
  t.app.inject({ method: 'DELETE', url: `/api/blogs/${id}/entries/${entryId}`, headers });
const getEntries = (id: number | string, query = '', headers: Headers = {}) =>
  t.app.inject({ method: 'GET', url: `/api/blogs/${id}/entries${query}`, headers });

async function startLive(id: number, match: unknown = undefined): Promise<LiveCoverage> {
  const res = await putLive(id, { state: 'live', ...(match === undefined ? {} : { match }) });
  expect(res.statusCode).toBe(200);
  return res.json<LiveCoverage>();
}

async function entry(id: number, body: string, extra: { key?: boolean; pinned?: boolean } = {}): Promise<LiveEntry> {
  const res = await postEntry(id, { body, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json<LiveEntry>();
}

async function entries(id: number, query = '', headers: Headers = {}): Promise<EntriesAnswer> {
  const res = await getEntries(id, query, headers);
  expect(res.statusCode).toBe(200);
  return res.json<EntriesAnswer>();
}

const MATCH = { home: 'Arsenal', away: 'Chelsea', homeScore: '0', awayScore: '0', clock: "1'" };
const iso = (ms: number) => new Date(ms).toISOString();

describe('PUT /api/blogs/:id/live', () => {
  it('starts coverage once, ends it, resumes it, and changes the match line alone, answering the new live', async () => {
    const post = await createPost();
    expect(post.live).toBeNull();
    expect(await startLive(post.id, MATCH)).toEqual({
      state: 'live',
      startedAt: iso(START),
      endedAt: null,
      match: MATCH,
    });

    t.clock += 45 * MINUTE;
    const goal = { ...MATCH, homeScore: '1', clock: "45+2'" };
    const scored = await putLive(post.id, { state: 'live', match: goal });
    expect(scored.json()).toEqual({ state: 'live', startedAt: iso(START), endedAt: null, match: goal });

    t.clock += 60 * MINUTE;
    const ended = await putLive(post.id, { state: 'ended' });
    // match omitted keeps the stored one
    expect(ended.json()).toEqual({ state: 'ended', startedAt: iso(START), endedAt: iso(t.clock), match: goal });

    t.clock += MINUTE;
    const resumed = await putLive(post.id, { state: 'live', match: null });
    expect(resumed.json()).toEqual({ state: 'live', startedAt: iso(START), endedAt: null, match: null });
  });

  it('shows live on GET /api/blogs/:id and in the list summaries, null for a post that never went live', async () => {
    const quiet = await createPost(bearer, {}, 'A quiet post');
    const match = await createPost();
    // Both answers are cached first: the write must drop them.
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${match.id}` })).json<BlogPost>().live).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs' })).statusCode).toBe(200);
    const live = await startLive(match.id, MATCH);

    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${match.id}` })).json<BlogPost>().live).toEqual(live);
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${quiet.id}` })).json<BlogPost>().live).toBeNull();
    const list = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json<BlogSummary[]>();
    expect(list.map((summary) => [summary.id, summary.live])).toEqual([
      [match.id, live],
      [quiet.id, null],
    ]);
  });

  it("changes the post's ETag on every score change without making an editor's If-Match stale", async () => {
    const post = await createPost();
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/blogs/${post.id}`, headers: bearer })).headers.etag as string;
    const save = (etag: string, title: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/blogs/${post.id}`,
        headers: { ...bearer, 'if-match': etag },
        payload: validSubmission({ title }),
      });
    const beforeLive = await read();
    await startLive(post.id, MATCH);
    const atKickOff = await read();
    await putLive(post.id, { state: 'live', match: { ...MATCH, homeScore: '1' } });
    const afterGoal = await read();
    expect(new Set([beforeLive, atKickOff, afterGoal]).size).toBe(3);
    // Opened before the match, saved after the goal: the text is as the editor saw it.
    const saved = await save(beforeLive, 'Arsenal v Chelsea: live');
    expect(saved.statusCode).toBe(200);
    expect(saved.json<BlogPost>().live?.match?.homeScore).toBe('1');
    // A tag read before that save names a version of the text that is gone.
    expect((await save(afterGoal, 'Overwritten')).statusCode).toBe(412);
    expect((await save(`${saved.headers.etag as string}`, 'Second save')).statusCode).toBe(200);
  });

  it('refuses a bad body (400, per field), an unknown post (404), and changes nothing', async () => {
    const post = await createPost();
    const bad = [
      [{ state: 'paused' }, 'state'],
      [{}, 'state'],
      [{ state: 'live', match: { ...MATCH, home: '   ' } }, 'match.home'],
      [{ state: 'live', match: { ...MATCH, away: 'x'.repeat(61) } }, 'match.away'],
      [{ state: 'live', match: { ...MATCH, homeScore: '1'.repeat(41) } }, 'match.homeScore'],
      [{ state: 'live', match: { ...MATCH, clock: '4'.repeat(41) } }, 'match.clock'],
      [{ state: 'live', match: { ...MATCH, home: 'Ars\u0000enal' } }, 'match.home'],
    ] as const;
    for (const [body, path] of bad) {
      const res = await putLive(post.id, body);
      expect([res.statusCode, res.json<{ details: { path: string }[] }>().details.map((d) => d.path)]).toEqual([
        400,
        [path],
      ]);
    }
    // The limits themselves pass: cricket's score and a 60-character name.
    const long = { ...MATCH, home: 'h'.repeat(60), homeScore: '245/6', clock: 'c'.repeat(40) };
    expect((await putLive(post.id, { state: 'live', match: long })).statusCode).toBe(200);
    expect((await putLive(999_999, { state: 'live' })).statusCode).toBe(404);
    expect((await putLive('abc', { state: 'live' })).statusCode).toBe(400);
  });
});

describe('entries', () => {
  it('refuses an entry with 409 until coverage starts, and after it ends', async () => {
    const post = await createPost();
    const before = await postEntry(post.id, { body: 'Kick-off soon' });
    expect(before.statusCode).toBe(409);
    expect(before.json<{ error: string }>().error).toMatch(/start coverage/);
    await startLive(post.id);
    expect((await postEntry(post.id, { body: 'Kick-off' })).statusCode).toBe(201);
    await putLive(post.id, { state: 'ended' });
    expect((await postEntry(post.id, { body: 'Too late' })).statusCode).toBe(409);
    expect((await entries(post.id)).entries.map((e) => e.body)).toEqual(['Kick-off']);
  });

  it('answers 201 with the entry, trimmed, by its author; an edit keeps its place; a delete removes it', async () => {
    const editor = await staffSession(t.app, t.db, 'editor');
    const post = await createPost();
    await startLive(post.id);
    const res = await postEntry(post.id, { body: '  GOAL! Saka, 12 minutes.  ', key: true }, as(editor));
    expect(res.statusCode).toBe(201);
    const goal = res.json<LiveEntry>();
    expect(goal).toEqual({
      id: expect.any(Number),
      body: 'GOAL! Saka, 12 minutes.',
      key: true,
      pinned: false,
      createdAt: iso(START),
      updatedAt: iso(START),
      author: { name: editor.account.name },
    });
    t.clock += MINUTE;
    const later = await entry(post.id, 'Chelsea press high.');

    t.clock += MINUTE;
    const fixed = await putEntry(post.id, goal.id, { body: 'GOAL! Saka, 13 minutes.', key: true });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toEqual({ ...goal, body: 'GOAL! Saka, 13 minutes.', updatedAt: iso(t.clock) });
    // Still below the later entry: an edited entry keeps its place.
    expect((await entries(post.id)).entries.map((e) => e.id)).toEqual([later.id, goal.id]);

    expect((await deleteEntry(post.id, later.id)).statusCode).toBe(204);
    expect((await entries(post.id)).entries.map((e) => e.id)).toEqual([goal.id]);
    expect((await deleteEntry(post.id, later.id)).statusCode).toBe(404);
    expect((await putEntry(post.id, later.id, { body: 'x' })).statusCode).toBe(404);
    // Coverage over, the record can still be corrected.
    await putLive(post.id, { state: 'ended' });
    expect((await putEntry(post.id, goal.id, { body: 'GOAL! Saka.', key: true })).statusCode).toBe(200);
  });

  it('keeps at most one pinned entry: pinning one unpins the one before', async () => {
    const post = await createPost();
    await startLive(post.id);
    const first = await entry(post.id, 'Team news: unchanged', { pinned: true });
    expect((await entries(post.id)).pinned?.id).toBe(first.id);
    const second = await entry(post.id, 'Summary: 1-0 at half time', { pinned: true });
    let answer = await entries(post.id);
    expect(answer.pinned).toEqual(second);
    expect(answer.entries.filter((e) => e.pinned).map((e) => e.id)).toEqual([second.id]);
    // Pinning by an edit works the same way.
    await putEntry(post.id, first.id, { body: 'Team news: unchanged', pinned: true });
    answer = await entries(post.id);
    expect(answer.pinned?.id).toBe(first.id);
    expect(answer.entries.filter((e) => e.pinned).map((e) => e.id)).toEqual([first.id]);

    // Writers racing to pin: each is answered, and one pinned entry is left (the last one written).
    const raced = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => postEntry(post.id, { body: `Race ${i}`, pinned: true })),
    );
    expect(raced.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    answer = await entries(post.id);
    const newest = Math.max(...raced.map((res) => res.json<LiveEntry>().id));
    expect(answer.entries.filter((e) => e.pinned).map((e) => e.id)).toEqual([newest]);
  });

  it('refuses a bad entry body with 400 per field, and an unknown post or entry with 404', async () => {
    const post = await createPost();
    await startLive(post.id);
    const bad = [
      [{}, 'body'],
      [{ body: '   ' }, 'body'],
      [{ body: 'x'.repeat(5_001) }, 'body'],
      [{ body: 'bad \u0007 bell' }, 'body'],
      [{ body: 'ok', key: 'yes' }, 'key'],
      [{ body: 'ok', pinned: 1 }, 'pinned'],
    ] as const;
    for (const [body, path] of bad) {
      const res = await postEntry(post.id, body);
      expect([res.statusCode, res.json<{ details: { path: string }[] }>().details.map((d) => d.path)]).toEqual([
        400,
        [path],
      ]);
    }
    expect((await postEntry(post.id, { body: ` ${'x'.repeat(5_000)} ` })).statusCode).toBe(201);
    expect((await postEntry(999_999, { body: 'x' })).statusCode).toBe(404);
    expect((await putEntry(post.id, 999_999, { body: 'x' })).statusCode).toBe(404);
    expect((await putEntry(post.id, 'x', { body: 'x' })).statusCode).toBe(400);
    expect((await getEntries(999_999)).statusCode).toBe(404);
    // An entry of another post is not this post's.
    const other = await createPost();
    await startLive(other.id);
    const theirs = await entry(other.id, 'Elsewhere');
    expect((await deleteEntry(post.id, theirs.id)).statusCode).toBe(404);
  });
});

describe('who may write', () => {
  it('lets the post author, editors, owners, a key and the admin token write; refuses the rest', async () => {
    const author = await staffSession(t.app, t.db, 'author');
    const otherAuthor = await staffSession(t.app, t.db, 'author');
    const editor = await staffSession(t.app, t.db, 'editor');
    const owner = await staffSession(t.app, t.db, 'owner');
    const keyRes = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: as(owner),
      payload: { name: 'Bot' },
    });
    const key = { authorization: `Bearer ${keyRes.json<{ key: string }>().key}` };
    const post = await createPost(as(author));
    await startLive(post.id);

    const outcome = async (headers: Headers) =>
      [
        (await putLive(post.id, { state: 'live' }, headers)).statusCode,
        (await postEntry(post.id, { body: 'update' }, headers)).statusCode,
      ] as const;
    expect(await outcome(as(author))).toEqual([200, 201]);
    expect(await outcome(as(editor))).toEqual([200, 201]);
    expect(await outcome(as(owner))).toEqual([200, 201]);
    expect(await outcome(key)).toEqual([200, 201]);
    expect(await outcome(bearer)).toEqual([200, 201]);
    expect(await outcome(as(otherAuthor))).toEqual([403, 403]);
    expect(await outcome({})).toEqual([401, 401]);
    expect(await outcome({ authorization: 'Bearer wrong-token' })).toEqual([401, 401]);
    // A cookie write from another site is refused, whoever the cookie names.
    expect(await outcome({ cookie: owner.cookie, origin: 'https://evil.example' })).toEqual([403, 403]);
    expect(await outcome({ cookie: owner.cookie })).toEqual([403, 403]);

    const names = (await entries(post.id)).entries.map((e) => e.author.name);
    expect(names).toEqual(['Admin token', 'Bot', owner.account.name, editor.account.name, author.account.name]);
    const mine = (await entries(post.id)).entries.at(-1)!;
    expect((await deleteEntry(post.id, mine.id, as(otherAuthor))).statusCode).toBe(403);
    expect((await putEntry(post.id, mine.id, { body: 'x' }, as(otherAuthor))).statusCode).toBe(403);
    expect((await deleteEntry(post.id, mine.id, as(author))).statusCode).toBe(204);
  });

  it('lets a contributor cover only their own draft, as they may edit only that', async () => {
    const contributor = await staffSession(t.app, t.db, 'contributor');
    const draft = await createPost(as(contributor), { status: 'draft' });
    expect((await putLive(draft.id, { state: 'live' }, as(contributor))).statusCode).toBe(200);
    expect((await postEntry(draft.id, { body: 'Warm-up' }, as(contributor))).statusCode).toBe(201);
    const published = await createPost();
    await startLive(published.id);
    expect((await putLive(published.id, { state: 'ended' }, as(contributor))).statusCode).toBe(403);
    expect((await postEntry(published.id, { body: 'x' }, as(contributor))).statusCode).toBe(403);
  });

  it('refuses a contributor every coverage write while their post is in review, saying an editor decides first', async () => {
    const contributor = await staffSession(t.app, t.db, 'contributor');
    const post = await createPost(as(contributor), { status: 'draft' });
    await putLive(post.id, { state: 'live' }, as(contributor));
    const first = (await postEntry(post.id, { body: 'Warm-up' }, as(contributor))).json<LiveEntry>();
    const submitted = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post.id}`,
      headers: as(contributor),
      payload: { ...validSubmission({ title: 'Arsenal v Chelsea' }), status: 'review' },
    });
    expect(submitted.statusCode).toBe(200);

    const refusals = [
      await postEntry(post.id, { body: 'Kick-off' }, as(contributor)),
      await putEntry(post.id, first.id, { body: 'Changed' }, as(contributor)),
      await deleteEntry(post.id, first.id, as(contributor)),
      await putLive(post.id, { state: 'ended' }, as(contributor)),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json<{ error: string }>().error).toMatch(/in review.*editor decides/);
    }
    const staff = await entries(post.id, '', bearer);
    expect(staff.entries.map((e) => e.body)).toEqual(['Warm-up']);

    const editor = await staffSession(t.app, t.db, 'editor');
    expect((await postEntry(post.id, { body: 'Kick-off' }, as(editor))).statusCode).toBe(201);
  });
});

describe('GET /api/live', () => {
  const liveNow = () => t.app.inject({ method: 'GET', url: '/api/live' });

  it('names the public posts live now with their title and coverage, and drops one once it ends', async () => {
    const quiet = await createPost(bearer, {}, 'No coverage');
    const post = await createPost();
    const draft = await createPost(bearer, { status: 'draft' }, 'A draft');
    await startLive(draft.id);
    expect((await liveNow()).json<LiveNowAnswer>()).toEqual({ posts: [], matches: [] });

    const live = await startLive(post.id, MATCH);
    expect((await liveNow()).json<LiveNowAnswer>()).toEqual({
      posts: [{ id: post.id, title: 'Arsenal v Chelsea', live }],
      matches: [],
    });
    expect(JSON.stringify((await liveNow()).json())).not.toContain(String(quiet.title));

    await putLive(post.id, { state: 'ended' });
    expect((await liveNow()).json<LiveNowAnswer>()).toEqual({ posts: [], matches: [] });
  });

  it('answers a reader who holds the current answer with a 304, and a new score with a new tag', async () => {
    const post = await createPost();
    await startLive(post.id, MATCH);
    const first = await liveNow();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/api/live', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await putLive(post.id, { state: 'live', match: { ...MATCH, homeScore: '1' } });
    const changed = await t.app.inject({ method: 'GET', url: '/api/live', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<LiveNowAnswer>().posts[0]?.live.match?.homeScore).toBe('1');
  });
});

describe('GET /api/blogs/:id/entries', () => {
  it('pages newest first with limit and before, answers the newer ones with after, the pinned in its own place', async () => {
    const post = await createPost();
    await startLive(post.id, MATCH);
    const made: LiveEntry[] = [];
    for (let i = 1; i <= 7; i += 1) made.push(await entry(post.id, `Update ${i}`, { pinned: i === 2 }));
    const ids = made.map((e) => e.id);

    const all = await entries(post.id);
    expect(all).toEqual({
      entries: [...made].reverse().map((e) => (e.id === ids[1] ? { ...e, pinned: true } : e)),
      live: { state: 'live', startedAt: iso(START), endedAt: null, match: MATCH },
      pinned: expect.objectContaining({ id: ids[1], pinned: true }),
      hasOlder: false,
      lastEventId: expect.any(Number),
    });
    const first = await entries(post.id, '?limit=3');
    expect([first.entries.map((e) => e.id), first.hasOlder]).toEqual([[ids[6], ids[5], ids[4]], true]);
    // The pinned entry comes along on every page, in its own place.
    expect(first.pinned?.id).toBe(ids[1]);
    const second = await entries(post.id, `?limit=3&before=${ids[4]}`);
    expect([second.entries.map((e) => e.id), second.hasOlder]).toEqual([[ids[3], ids[2], ids[1]], true]);
    const last = await entries(post.id, `?limit=3&before=${ids[1]}`);
    expect([last.entries.map((e) => e.id), last.hasOlder]).toEqual([[ids[0]], false]);

    // The polling fallback: what is newer than the last one seen, newest first; a full page asks again from its top.
    const newer = await entries(post.id, `?after=${ids[4]}`);
    expect(newer.entries.map((e) => e.id)).toEqual([ids[6], ids[5]]);
    const firstNewer = await entries(post.id, `?after=${ids[0]}&limit=2`);
    expect(firstNewer.entries.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    expect((await entries(post.id, `?after=${ids[6]}`)).entries).toEqual([]);

    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=0', '?after=-1']) {
      expect([query, (await getEntries(post.id, query)).statusCode]).toEqual([query, 400]);
    }
    expect((await getEntries(post.id, '?limit=100')).statusCode).toBe(200);
  });

  it('answers anonymous readers for a public post only (404 otherwise, as for the post); staff read any', async () => {
    const draft = await createPost(bearer, { status: 'draft' });
    await startLive(draft.id);
    await entry(draft.id, 'Private warm-up');
    expect((await getEntries(draft.id)).statusCode).toBe(404);
    expect((await entries(draft.id, '', bearer)).entries.map((e) => e.body)).toEqual(['Private warm-up']);

    const scheduled = await createPost(bearer, { publishAt: iso(START + 60 * MINUTE) });
    expect((await getEntries(scheduled.id)).statusCode).toBe(404);
    t.clock += 61 * MINUTE;
    expect((await entries(scheduled.id)).entries).toEqual([]);
    // A post that never went live has no entries and no live.
    expect(await entries(scheduled.id)).toMatchObject({ live: null, pinned: null, hasOlder: false });
  });

  it('shows a write at once here, and a write by another process once the shared revision is checked', async () => {
    const post = await createPost();
    await startLive(post.id);
    await entry(post.id, 'One');
    expect((await entries(post.id)).entries.map((e) => e.body)).toEqual(['One']); // now cached
    await entry(post.id, 'Two');
    expect((await entries(post.id)).entries.map((e) => e.body)).toEqual(['Two', 'One']);

    // Another process writes to the same database: the cached answer stays until this one's revision check runs.
    await addEntry(
      t.db,
      post.id,
      { body: 'Three', key: false, pinned: false },
      { accountId: null, name: 'Bot' },
      new Date(t.clock),
    );
    expect((await entries(post.id)).entries.map((e) => e.body)).toEqual(['Two', 'One']);
    await revisionCheck.tick();
    expect((await entries(post.id)).entries.map((e) => e.body)).toEqual(['Three', 'Two', 'One']);
  });

  it('goes to the trash with its post and comes back with a restore', async () => {
    const post = await createPost();
    await startLive(post.id, MATCH);
    await entry(post.id, 'Kept through the trash', { pinned: true });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blogs/${post.id}`, headers: bearer })).statusCode).toBe(
      204,
    );
    expect((await getEntries(post.id)).statusCode).toBe(404);
    expect((await getEntries(post.id, '', bearer)).statusCode).toBe(404);
    expect((await postEntry(post.id, { body: 'x' })).statusCode).toBe(404);
    expect((await putLive(post.id, { state: 'ended' })).statusCode).toBe(404);

    const restored = await t.app.inject({ method: 'POST', url: `/api/blogs/${post.id}/restore`, headers: bearer });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<BlogPost>().live).toMatchObject({ state: 'live', match: MATCH });
    const answer = await entries(post.id);
    expect([answer.entries.map((e) => e.body), answer.pinned?.body]).toEqual([
      ['Kept through the trash'],
      'Kept through the trash',
    ]);
  });
});

/** The JSON-LD graph of a rendered page. */
function jsonLd(html: string): { '@type': string; [key: string]: unknown }[] {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return (JSON.parse(block ?? '{}') as { '@graph': { '@type': string }[] })['@graph'];
}
const page = (url: string) => t.app.inject({ method: 'GET', url });

describe('pages', () => {
  it('renders a live post with its entries and a LiveBlogPosting whose entries stay text', async () => {
    const post = await createPost();
    await startLive(post.id, MATCH);
    const hostile = `</script><script>alert(1)</script> ${'long '.repeat(40)}`;
    const first = await entry(post.id, 'Kick-off');
    t.clock += MINUTE;
    const second = await entry(post.id, hostile, { key: true });

    const res = await page(`/page/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    const article = jsonLd(res.body)[0]!;
    expect(article).toMatchObject({ '@type': 'LiveBlogPosting', coverageStartTime: iso(START) });
    expect(article).not.toHaveProperty('coverageEndTime');
    const url = `${PUBLIC_URL}/page/${post.id}`;
    expect(article.liveBlogUpdate).toEqual([
      {
        '@type': 'BlogPosting',
        headline: hostile.trim().slice(0, 110),
        articleBody: hostile.trim(),
        datePublished: second.createdAt,
        dateModified: second.updatedAt,
        url: `${url}#entry-${second.id}`,
      },
      expect.objectContaining({ headline: 'Kick-off', url: `${url}#entry-${first.id}` }),
    ]);
    const input = rendered.at(-1)!;
    expect(input.post?.entries).toMatchObject({ before: null, hasOlder: false, live: { state: 'live' } });
    expect(input.post?.entries?.entries.map((e) => e.id)).toEqual([second.id, first.id]);
    expect(input.post?.post.live).toMatchObject({ state: 'live', match: MATCH });

    // Ended: the JSON-LD says when, and the cached page was dropped by the write.
    t.clock += MINUTE;
    await putLive(post.id, { state: 'ended' });
    expect(jsonLd((await page(`/page/${post.id}`)).body)[0]).toMatchObject({ coverageEndTime: iso(t.clock) });
  });

  it('renders ?before= as a page of its own (its own cache entry); a post never live stays a BlogPosting', async () => {
    const post = await createPost();
    await startLive(post.id);
    const made: LiveEntry[] = [];
    for (let i = 1; i <= 52; i += 1) made.push(await entry(post.id, `Update ${i}`));
    await page(`/page/${post.id}`);
    await page(`/page/${post.id}?before=${made[2]!.id}`);
    await page(`/page/${post.id}?before=${made[2]!.id}`); // cached
    await page(`/page/${post.id}?before=${made[1]!.id}`);
    expect(rendered.map((input) => [input.url, input.post?.entries?.before])).toEqual([
      [`/page/${post.id}`, null],
      [`/page/${post.id}?before=${made[2]!.id}`, made[2]!.id],
      [`/page/${post.id}?before=${made[1]!.id}`, made[1]!.id],
    ]);
    expect(rendered[0]!.post?.entries?.entries).toHaveLength(50);
    expect(rendered[0]!.post?.entries?.hasOlder).toBe(true);
    expect(rendered[1]!.post?.entries?.entries.map((e) => e.body)).toEqual(['Update 2', 'Update 1']);
    // The JSON-LD lists the 50 newest on every page.
    const older = await page(`/page/${post.id}?before=${made[1]!.id}`);
    const updates = jsonLd(older.body)[0]!.liveBlogUpdate as { headline: string }[];
    expect([updates.length, updates[0]?.headline]).toEqual([50, 'Update 52']);
    expect((await page(`/page/${post.id}?before=nope`)).statusCode).toBe(404);

    const quiet = await createPost(bearer, {}, 'Quiet');
    const res = await page(`/page/${quiet.id}`);
    expect(jsonLd(res.body)[0]).toMatchObject({ '@type': 'BlogPosting' });
    expect(jsonLd(res.body)[0]).not.toHaveProperty('liveBlogUpdate');
    expect(rendered.at(-1)!.post).not.toHaveProperty('entries');
  });

  it('gives the landing page the posts live now and the 6 newest public posts', async () => {
    const posts: BlogPost[] = [];
    for (let i = 1; i <= 8; i += 1) posts.push(await createPost(bearer, {}, `Story ${i}`));
    await createPost(bearer, { status: 'draft' }, 'A draft');
    await startLive(posts[1]!.id, MATCH);
    await startLive(posts[3]!.id);
    await putLive(posts[3]!.id, { state: 'ended' });
    await startLive(posts[5]!.id);

    expect((await page('/')).statusCode).toBe(200);
    const home = rendered.at(-1)!.home!;
    expect(home.live.map((p) => [p.title, p.live?.match])).toEqual([
      ['Story 6', null],
      ['Story 2', MATCH],
    ]);
    expect(home.latest.map((p) => p.title)).toEqual(['Story 8', 'Story 7', 'Story 6', 'Story 5', 'Story 4', 'Story 3']);
  });
});

describe('export archive', () => {
  it('carries coverage and entries to a new database, which answers them as before', async () => {
    const post = await createPost();
    await startLive(post.id, MATCH);
    await entry(post.id, 'Kick-off', { pinned: true });
    await entry(post.id, 'GOAL', { key: true });
    await putLive(post.id, { state: 'ended' });
    const before = await entries(post.id);
    const dir = mkdtempSync(join(tmpdir(), 'touchline-live-archive-'));
    const target = await createTestDb();
    try {
      const file = join(dir, 'blog.touchline');
      const exported = await exportArchive(t.db, file);
      expect(exported.rows).toMatchObject({ live_coverage: 1, live_entries: 2 });
      await importArchive(target.db, file);
      const other = await startTestApp({ testDb: target });
      try {
        const res = await other.app.inject({ method: 'GET', url: `/api/blogs/${post.id}/entries` });
        // The stream's event log stays behind (a reader holding an older id gets a reset and reloads): all else as before.
        expect(res.json()).toEqual({ ...before, lastEventId: 0 });
        // Ids go on after the imported ones.
        await other.app.inject({
          method: 'PUT',
          url: `/api/blogs/${post.id}/live`,
          headers: bearer,
          payload: { state: 'live' },
        });
        const next = await other.app.inject({
          method: 'POST',
          url: `/api/blogs/${post.id}/entries`,
          headers: bearer,
          payload: { body: 'After the move' },
        });
        expect(next.statusCode).toBe(201);
        expect(next.json<LiveEntry>().id).toBeGreaterThan(before.entries[0]!.id);
      } finally {
        await other.app.close();
      }
    } finally {
      await target.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('migration 0013', () => {
  it('upgrades a database of the release before with no step by hand: its posts read live null, and can go live', async () => {
    const { config, remove } = await createDatabaseConfig();
    const db = openDatabase(config);
    const tables = async () => (await db.kysely.introspection.getTables()).map((table) => table.name);
    try {
      expect((await migratorFor(db).migrateTo('20261126_0010_header_image_alt')).error).toBeUndefined();
      await sql`insert into posts (title, icon, author_name, author_title, author_image, publish_date, read_time,
        image_url, created_at, status, updated_at) values ('Old post', 'Trophy', '', '', '', '', '', '',
        '2026-11-25T09:00:00.000Z', 'published', '2026-11-25T09:00:00.000Z')`.execute(db.kysely);
      await migrateToLatest(db);
      const [old] = await db.kysely.selectFrom('posts').select('id').execute();
      expect((await findPost(db, old!.id, { now: new Date(START) }))?.live).toBeNull();
      expect(await setCoverage(db, old!.id, { state: 'live' }, new Date(START))).toMatchObject({ state: 'live' });

      expect((await migratorFor(db).migrateTo('20261126_0010_header_image_alt')).error).toBeUndefined();
      expect(await tables()).not.toContain('live_entries');
      expect(await tables()).not.toContain('live_coverage');
    } finally {
      await db.kysely.destroy();
      await remove();
    }
  });
});
