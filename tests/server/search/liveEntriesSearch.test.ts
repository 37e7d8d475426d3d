// Search finds the words of a post's live entries through the real app: an entry added, edited or deleted changes what
// its post is found by at once, a draft's entries are never found, and an upgrade indexes the entries already written.
import { sql } from 'kysely';
import type { LiveEntry } from '../../../src/contract/live';
import type { BlogSubmission } from '../../../src/contract/schemas';
import type { BlogPost, SearchAnswer } from '../../../src/contract/types';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate';
import { validSubmission } from '../fixtures/submissions';
import { startTestApp, TOKEN, useTestApp } from '../helpers/testApp';
import { createDatabaseConfig } from '../helpers/testDb';

const bearer = { authorization: `Bearer ${TOKEN}` };
const t = useTestApp({ sharedApp: true });

async function createPost(extra: Partial<BlogSubmission> = {}): Promise<BlogPost> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: bearer,
    payload: { ...validSubmission(), ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

async function goLive(id: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/blogs/${id}/live`,
    headers: bearer,
    payload: { state: 'live' },
  });
  expect(res.statusCode).toBe(200);
}

async function addEntry(id: number, body: string): Promise<LiveEntry> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/blogs/${id}/entries`,
    headers: bearer,
    payload: { body },
  });
  expect(res.statusCode).toBe(201);
  return res.json<LiveEntry>();
}

async function found(q: string): Promise<SearchAnswer['items']> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return res.json<SearchAnswer>().items;
}
const foundIds = async (q: string) => (await found(q)).map((item) => item.id);

it('finds a post by a word only in one of its live entries, with the entry quoted in the snippet', async () => {
  const post = await createPost();
  await goLive(post.id);
  expect(await foundIds('Saka')).toEqual([]);
  await addEntry(post.id, "Penalty! Saka sends the keeper the wrong way, 1-0 on 23'.");
  const items = await found('Saka');
  expect(items.map((item) => item.id)).toEqual([post.id]);
  expect(items[0]!.snippet).toContain('<mark>Saka</mark>');
  // The post's own words still find it.
  expect(await foundIds('rumours')).toEqual([post.id]);
});

it("stops finding an entry's old words once it is edited, and finds the new ones", async () => {
  const post = await createPost();
  await goLive(post.id);
  const entry = await addEntry(post.id, 'Odegaard hits the bar from thirty yards');
  expect(await foundIds('Odegaard')).toEqual([post.id]);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/blogs/${post.id}/entries/${entry.id}`,
    headers: bearer,
    payload: { body: 'Rice hits the bar from thirty yards' },
  });
  expect(res.statusCode).toBe(200);
  expect(await foundIds('Odegaard')).toEqual([]);
  expect(await foundIds('Rice')).toEqual([post.id]);
});

it("stops finding a deleted entry's words, and keeps the post's other entries found", async () => {
  const post = await createPost();
  await goLive(post.id);
  const wrong = await addEntry(post.id, 'Goal for Martinelli, ruled out for offside');
  await addEntry(post.id, 'Havertz heads wide');
  expect(await foundIds('Martinelli')).toEqual([post.id]);
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/blogs/${post.id}/entries/${wrong.id}`,
    headers: bearer,
  });
  expect(res.statusCode).toBe(204);
  expect(await foundIds('Martinelli')).toEqual([]);
  expect(await foundIds('Havertz')).toEqual([post.id]);
});

it("never finds a draft's entries, and finds them once the post is published", async () => {
  const draft = await createPost({ status: 'draft' });
  await goLive(draft.id);
  await addEntry(draft.id, 'Trossard warming up on the touchline');
  expect(await foundIds('Trossard')).toEqual([]);
  const { accessToken: _token, ...rest } = validSubmission();
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/blogs/${draft.id}`,
    headers: bearer,
    payload: { ...rest, status: 'published' },
  });
  expect(res.statusCode).toBe(200);
  expect(await foundIds('Trossard')).toEqual([draft.id]);
});

it('indexes the entries of posts written before an upgrade', async () => {
  const { config, remove } = await createDatabaseConfig();
  const db = openDatabase(config);
  try {
    // The post is written by today's app, then the schema goes back to the release before entries were indexed
    // (later migrations' downs), as a database that release left would be: the app no longer runs on that schema.
    await migrateToLatest(db);
    const app = await startTestApp({ testDb: { db, config, drop: async () => undefined } });
    let id = 0;
    try {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/blogs',
        headers: bearer,
        payload: validSubmission(),
      });
      id = res.json<BlogPost>().id;
    } finally {
      await app.close();
    }
    const { error } = await migratorFor(db).migrateTo('20261128_0018_mail_digests');
    expect(error).toBeUndefined();
    // Entries as the release before wrote them: stored, its index row left without their words.
    await sql`insert into live_coverage (post_id, state, started_at) values (${id}, 'live', '2026-11-28T15:00:00.000Z')`.execute(
      db.kysely,
    );
    for (const body of ['Jesus scores on the break', 'White clears off the line'])
      await sql`insert into live_entries (post_id, body, key, pinned, author_name, created_at, updated_at)
        values (${id}, ${body}, 0, 0, 'Desk', '2026-11-28T15:01:00.000Z', '2026-11-28T15:01:00.000Z')`.execute(
        db.kysely,
      );
    await migrateToLatest(db);

    const upgraded = await startTestApp({ testDb: { db, config, drop: async () => undefined } });
    try {
      for (const q of ['Jesus', 'clears', 'rumours']) {
        const res = await upgraded.app.inject({ method: 'GET', url: `/api/search?q=${q}` });
        expect({ q, ids: res.json<SearchAnswer>().items.map((item) => item.id) }).toEqual({ q, ids: [id] });
      }
    } finally {
      await upgraded.close();
    }
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});
