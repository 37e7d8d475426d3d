// Revisions and trash on the API: revisions written by every change, listed, read and restored (If-Match too); the
// trash with its restore, permanent delete and 30-day purge on an injected clock; no read path shows a trashed post.
import type { BlogPost, BlogSummary, RevisionSummary, TrashedSummary } from '../../../src/contract/types';
import { ADMIN_TOKEN_ACTOR } from '../../../src/server/accounts/actor';
import { mayDeleteForever } from '../../../src/contract/roles';
import { updatePost } from '../../../src/server/repositories/postsRepository';
import { blogSubmissionSchema } from '../../../src/contract/schemas';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN, useTestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

const START = Date.parse('2026-11-25T09:00:00.000Z');
const DAY = 86_400_000;

const t = useTestApp({ now: START, sharedApp: true });

const bearer = { authorization: `Bearer ${TOKEN}` };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = bearer, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

async function create(title = 'Derby Day', extra: object = {}): Promise<BlogPost> {
  const res = await call('POST', '/api/blogs', bearer, { ...validSubmission({ title }), ...extra });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

async function edit(id: number, title: string, extra: object = {}, headers = bearer): Promise<BlogPost> {
  t.clock += 60_000;
  const res = await call('PUT', `/api/blogs/${id}`, headers, { ...validSubmission({ title }), ...extra });
  expect(res.statusCode).toBe(200);
  return res.json<BlogPost>();
}

async function revisions(id: number): Promise<RevisionSummary[]> {
  const res = await call('GET', `/api/blogs/${id}/revisions`);
  expect(res.statusCode).toBe(200);
  return res.json<RevisionSummary[]>();
}

const anonymousGet = (id: number) => call('GET', `/api/blogs/${id}`, {});
const staffGet = (id: number) => call('GET', `/api/blogs/${id}`);
const titles = (res: { json: <T>() => T }) => res.json<BlogSummary[]>().map((p) => p.title);

describe('revisions', () => {
  it('keeps the version each PUT replaced, newest first, with when and who, and reads one in the read shape', async () => {
    const first = await create('First');
    expect(await revisions(first.id)).toEqual([]);
    const second = await edit(first.id, 'Second');
    await edit(first.id, 'Third', { status: 'draft' });

    const list = await revisions(first.id);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        savedAt: new Date(START + 120_000).toISOString(),
        savedBy: 'Admin token',
        title: 'Second',
      },
      {
        id: expect.any(Number),
        savedAt: new Date(START + 60_000).toISOString(),
        savedBy: 'Admin token',
        title: 'First',
      },
    ]);
    const one = await call('GET', `/api/blogs/${first.id}/revisions/${list[1]!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(first);
    expect(one.headers['cache-control']).toBe('private, no-store');
    expect((await call('GET', `/api/blogs/${first.id}/revisions/${list[0]!.id}`)).json()).toEqual(second);
  });

  it('keeps both replaced versions when two PUTs without If-Match race: the later one runs on the new version', async () => {
    const post = await create('Original');
    t.clock += 60_000;
    const [a, b] = await Promise.all([
      call('PUT', `/api/blogs/${post.id}`, bearer, validSubmission({ title: 'Writer A' })),
      call('PUT', `/api/blogs/${post.id}`, bearer, validSubmission({ title: 'Writer B' })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const final = (await staffGet(post.id)).json<BlogPost>().title;
    const first = final === 'Writer A' ? 'Writer B' : 'Writer A';
    // Each revision is the version its write replaced: the original, then the first writer's.
    expect((await revisions(post.id)).map((r) => r.title)).toEqual([first, 'Original']);
  });

  it('refuses a write whose replaced version is no longer current, so no revision misstates what it replaced', async () => {
    // The deterministic half of the race above (on SQLite one connection serializes the two requests).
    const post = await create('Original');
    await edit(post.id, 'Meanwhile');
    const input = blogSubmissionSchema.parse(validSubmission({ title: 'Late' }));
    const late = await updatePost(t.db, post.id, input, { replaced: post, now: new Date(t.clock + 1) });
    expect(late).toEqual({ outcome: 'conflict' });
    expect((await revisions(post.id)).map((r) => r.title)).toEqual(['Original']);
  });

  it('restores a version: 200 with the post equal to it apart from updatedAt, itself undoable', async () => {
    const first = await create('First');
    await edit(first.id, 'Second', { status: 'draft' });
    const [oldest] = (await revisions(first.id)).slice(-1);
    t.clock += 60_000;
    const res = await call('POST', `/api/blogs/${first.id}/revisions/${oldest!.id}/restore`);
    expect(res.statusCode).toBe(200);
    const restored = res.json<BlogPost>();
    expect({ ...restored, updatedAt: 'x' }).toEqual({ ...first, updatedAt: 'x' });
    expect(restored.updatedAt).toBe(new Date(t.clock).toISOString());
    // The answer is the read shape with its ETag, as a reader gets it; staff reads add who created and changed it.
    expect(res.headers.etag).toBe((await anonymousGet(first.id)).headers.etag);
    expect((await staffGet(first.id)).json()).toEqual({ ...restored, createdBy: null, updatedBy: null });

    // The restore kept the draft it replaced, so it can be undone the same way.
    const list = await revisions(first.id);
    expect(list.map((r) => r.title)).toEqual(['Second', 'First']);
    const undo = await call('POST', `/api/blogs/${first.id}/revisions/${list[0]!.id}/restore`);
    expect(undo.json<BlogPost>()).toMatchObject({ title: 'Second', status: 'draft' });
  });

  it('honours If-Match on a restore: a stale tag is a 412 and changes nothing', async () => {
    const first = await create('First');
    const old = (await staffGet(first.id)).headers.etag as string;
    await edit(first.id, 'Second');
    const [rev] = await revisions(first.id);
    const stale = await call('POST', `/api/blogs/${first.id}/revisions/${rev!.id}/restore`, {
      ...bearer,
      'if-match': old,
    });
    expect(stale.statusCode).toBe(412);
    expect((await staffGet(first.id)).json<BlogPost>().title).toBe('Second');
    expect(await revisions(first.id)).toHaveLength(1);
    const current = (await staffGet(first.id)).headers.etag as string;
    const fresh = await call('POST', `/api/blogs/${first.id}/revisions/${rev!.id}/restore`, {
      ...bearer,
      'if-match': current,
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json<BlogPost>().title).toBe('First');
  });

  it('drops the cached public answer when a restore changes a published post', async () => {
    const first = await create('First');
    await edit(first.id, 'Second');
    expect((await anonymousGet(first.id)).json<BlogPost>().title).toBe('Second'); // cached now
    expect(titles(await call('GET', '/api/blogs', {}))).toEqual(['Second']);
    const [rev] = await revisions(first.id);
    await call('POST', `/api/blogs/${first.id}/revisions/${rev!.id}/restore`);
    expect((await anonymousGet(first.id)).json<BlogPost>().title).toBe('First');
    expect(titles(await call('GET', '/api/blogs', {}))).toEqual(['First']);
  });

  it('is staff only: 401 for anonymous callers whatever the id, 404 for an unknown post or revision', async () => {
    const post = await create('First');
    await edit(post.id, 'Second');
    const [rev] = await revisions(post.id);
    for (const url of [
      `/api/blogs/${post.id}/revisions`,
      `/api/blogs/${post.id}/revisions/${rev!.id}`,
      `/api/blogs/${post.id + 50}/revisions`,
    ]) {
      const res = await call('GET', url, {});
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('First');
    }
    expect((await call('POST', `/api/blogs/${post.id}/revisions/${rev!.id}/restore`, {})).statusCode).toBe(401);
    expect((await staffGet(post.id)).json<BlogPost>().title).toBe('Second');
    expect((await call('GET', `/api/blogs/${post.id + 50}/revisions`)).statusCode).toBe(404);
    expect((await call('GET', `/api/blogs/${post.id}/revisions/${rev!.id + 50}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/blogs/${post.id}/revisions/${rev!.id + 50}/restore`)).statusCode).toBe(404);
    expect((await call('GET', `/api/blogs/${post.id}/revisions/x`)).statusCode).toBe(400);
    // A revision belongs to its post: another post's id does not reach it.
    const other = await create('Other');
    expect((await call('GET', `/api/blogs/${other.id}/revisions/${rev!.id}`)).statusCode).toBe(404);
  });
});

describe('the trash', () => {
  const del = (id: number, query = '', headers = bearer) => call('DELETE', `/api/blogs/${id}${query}`, headers);
  const trash = async () => {
    const res = await call('GET', '/api/blogs?status=trash');
    expect(res.statusCode).toBe(200);
    return res.json<TrashedSummary[]>();
  };

  it('moves a deleted post to the trash: gone from every read, listed only under status=trash', async () => {
    const keep = await create('Keep me');
    const gone = await create('Trash me');
    await edit(gone.id, 'Trash me (edited)');
    t.clock += 60_000;
    expect((await del(gone.id)).statusCode).toBe(204);

    expect((await anonymousGet(gone.id)).statusCode).toBe(404);
    expect((await staffGet(gone.id)).statusCode).toBe(404);
    expect(titles(await call('GET', '/api/blogs', {}))).toEqual(['Keep me']);
    expect(titles(await call('GET', '/api/blogs?status=all'))).toEqual(['Keep me']);
    for (const url of ['/sitemap.xml', '/feed.xml']) {
      const body = (await call('GET', url, {})).body;
      expect(body).toContain(`/page/${keep.id}`);
      expect(body).not.toContain(`/page/${gone.id}`);
    }
    expect(await trash()).toEqual([
      expect.objectContaining({ id: gone.id, title: 'Trash me (edited)', deletedAt: new Date(t.clock).toISOString() }),
    ]);
    expect((await call('GET', '/api/blogs?status=trash', {})).statusCode).toBe(401);
    // Its history stays; a PUT or a second DELETE finds nothing.
    expect((await revisions(gone.id)).map((r) => r.title)).toEqual(['Trash me']);
    expect((await call('PUT', `/api/blogs/${gone.id}`, bearer, validSubmission())).statusCode).toBe(404);
    expect((await del(gone.id)).statusCode).toBe(404);
  });

  it('restores a trashed post with the status it had, its page back, keeping the trashed version as a revision', async () => {
    const draft = await create('Quiet draft', { status: 'draft' });
    const story = await create('Public story');
    expect((await anonymousGet(story.id)).statusCode).toBe(200); // cached
    await del(story.id);
    await del(draft.id);
    expect((await anonymousGet(story.id)).statusCode).toBe(404);

    t.clock += 60_000;
    const res = await call('POST', `/api/blogs/${story.id}/restore`);
    expect(res.statusCode).toBe(200);
    expect({ ...res.json<BlogPost>(), updatedAt: 'x' }).toEqual({ ...story, updatedAt: 'x' });
    expect((await anonymousGet(story.id)).json<BlogPost>().title).toBe('Public story');
    expect(await revisions(story.id)).toHaveLength(1);

    const back = await call('POST', `/api/blogs/${draft.id}/restore`);
    expect(back.json<BlogPost>().status).toBe('draft');
    expect((await anonymousGet(draft.id)).statusCode).toBe(404);
    expect(await trash()).toEqual([]);
    // Not in the trash (any more): nothing to restore.
    expect((await call('POST', `/api/blogs/${story.id}/restore`)).statusCode).toBe(404);
    expect((await call('POST', `/api/blogs/${story.id}/restore`, {})).statusCode).toBe(401);
  });

  it('deletes for good only a post in the trash, with its revisions', async () => {
    const post = await create('Doomed');
    await edit(post.id, 'Doomed, edited');
    const live = await del(post.id, '?permanent=true');
    expect(live.statusCode).toBe(409);
    expect(live.json()).toEqual({ error: expect.stringContaining('trash') });
    expect((await anonymousGet(post.id)).statusCode).toBe(200);

    await del(post.id);
    expect((await del(post.id, '?permanent=true', {} as typeof bearer)).statusCode).toBe(401);
    expect((await del(post.id, '?permanent=true')).statusCode).toBe(204);
    expect(await trash()).toEqual([]);
    expect((await call('GET', `/api/blogs/${post.id}/revisions`)).statusCode).toBe(404);
    const left = await t.db.kysely.selectFrom('post_revisions').select('id').where('post_id', '=', post.id).execute();
    expect(left).toEqual([]);
    expect((await del(post.id, '?permanent=true')).statusCode).toBe(404);
    expect((await del(post.id, '?permanent=yes')).statusCode).toBe(400);
  });

  it('lets only owners and editors delete for good', () => {
    expect(mayDeleteForever(ADMIN_TOKEN_ACTOR.role)).toBe(true);
    expect(mayDeleteForever('editor')).toBe(true);
    expect(mayDeleteForever('author')).toBe(false);
    expect(mayDeleteForever('contributor')).toBe(false);
    expect(mayDeleteForever(undefined)).toBe(false);
  });

  it('removes a post 30 days in the trash on the next write, with no job to run', async () => {
    const old = await create('Old news');
    const recent = await create('Recent');
    await del(old.id);
    t.clock += 10 * DAY;
    await del(recent.id);
    t.clock += 20 * DAY; // old: exactly 30 days, still kept
    await create('A write');
    expect((await trash()).map((p) => p.title)).toEqual(['Recent', 'Old news']);
    t.clock += 1;
    await create('Another write');
    expect((await trash()).map((p) => p.title)).toEqual(['Recent']);
    expect(await t.db.kysely.selectFrom('sections').select('id').where('post_id', '=', old.id).execute()).toEqual([]);
  });

  it('removes a post 30 days in the trash when the server starts', async () => {
    const old = await create('Old news');
    await del(old.id);
    t.clock += 31 * DAY;
    await t.restart();
    expect(await trash()).toEqual([]);
  });
});
