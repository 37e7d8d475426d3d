// GET /api/blogs/:id/live over real sockets: events in order with their ids, Last-Event-ID replay with no loss and no
// duplicate, reset, the heartbeat, visibility, the per-address and process caps, and the end of a stream.
import { get } from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveEntry } from '../../../src/contract/live';
import type { BlogPost } from '../../../src/contract/types';
import { recordLiveEvent } from '../../../src/server/repositories/liveEventsRepository';
import type { LiveEventInput } from '../../../src/server/repositories/liveEventsRepository';
import { sql } from 'kysely';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN, useTestApp } from '../helpers/testApp';
import { onPostgres } from '../helpers/testDb';

jest.setTimeout(30_000);

const t = useTestApp();

type SseEvent = { event: string; id: string | undefined; data: string };

/** A stream as a client reads it: its status, headers, events and comments so far, and a wait on what comes next. */
type Stream = {
  res: IncomingMessage;
  request: ClientRequest;
  events: SseEvent[];
  comments: number;
  text: () => string;
  /** resolves once `seen` holds (looked at on every chunk), rejects if the stream ends first */
  until: (seen: (stream: Stream) => boolean) => Promise<void>;
  ended: Promise<void>;
  close: () => void;
};

let base = '';

beforeEach(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

async function restart(live: Parameters<typeof t.restart>[0]) {
  await t.restart(live);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** Opens a stream; resolves once its headers arrived. */
function open(path: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let raw = '';
      const watchers = new Set<() => void>();
      let done = false;
      const stream: Stream = {
        res,
        request,
        events: [],
        comments: 0,
        text: () => raw,
        until: (seen) =>
          new Promise((ok, fail) => {
            const check = () => {
              if (seen(stream)) {
                watchers.delete(check);
                ok();
              } else if (done) {
                watchers.delete(check);
                fail(new Error(`stream ended before it was seen:\n${raw}`));
              }
            };
            watchers.add(check);
            check();
          }),
        ended: new Promise((ok) => res.once('close', ok)),
        close: () => request.destroy(),
      };
      let pending = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        pending += chunk;
        let end: number;
        while ((end = pending.indexOf('\n\n')) !== -1) {
          const block = pending.slice(0, end);
          pending = pending.slice(end + 2);
          const fields = block.split('\n');
          if (fields.every((line) => line.startsWith(':'))) stream.comments += 1;
          const field = (name: string) => fields.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const event = field('event');
          if (event !== undefined) stream.events.push({ event, id: field('id'), data: field('data') ?? '' });
        }
        for (const watch of [...watchers]) watch();
      });
      res.once('close', () => {
        done = true;
        for (const watch of [...watchers]) watch();
      });
      resolve(stream);
    });
    request.once('error', reject);
  });
}

/** Opens a stream and waits until it is live (its replay, if any, is sent). */
async function openLive(path: string, headers: Record<string, string> = {}): Promise<Stream> {
  const stream = await open(path, headers);
  expect(stream.res.statusCode).toBe(200);
  await stream.until((s) => s.text().includes('retry: '));
  return stream;
}

/** A JSON answer over a socket (for refusals). */
async function refusal(path: string) {
  const stream = await open(path);
  await stream.ended;
  return { status: stream.res.statusCode, headers: stream.res.headers, body: JSON.parse(stream.text()) as unknown };
}

async function createPost(extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    payload: { ...validSubmission({ title: 'Derby live' }), ...extra },
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>().id;
}

const entry = (id: number): LiveEntry => ({
  id,
  body: `Update ${id} </script>`,
  key: false,
  pinned: false,
  createdAt: '2026-11-26T15:00:00.000Z',
  updatedAt: '2026-11-26T15:00:00.000Z',
  author: { name: 'Sam' },
});

/** Records events as another process's write route does (its hub is not this app's), each in its own transaction. */
async function record(postId: number, ...events: LiveEventInput[]): Promise<void> {
  for (const event of events)
    await t.db.kysely.transaction().execute((trx) => recordLiveEvent(trx, postId, event, new Date()));
}

const entries = (from: number, to: number): LiveEventInput[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ kind: 'entry', data: entry(from + i) }));

const ids = (stream: Stream) => stream.events.map((event) => Number(event.id));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

it('streams each event once, in order, with an id that increases per post, uncompressed and uncached', async () => {
  const postId = await createPost();
  const other = await createPost();
  const stream = await openLive(`/api/blogs/${postId}/live`, { 'accept-encoding': 'gzip, br' });
  expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(stream.res.headers['cache-control']).toBe('no-store');
  expect(stream.res.headers['content-encoding']).toBeUndefined();
  expect(stream.res.headers.etag).toBeUndefined();

  await record(postId, { kind: 'entry', data: entry(7) });
  await record(other, { kind: 'entry', data: entry(8) });
  await record(postId, { kind: 'delete', data: { id: 7 } });
  const coverage = { state: 'live' as const, startedAt: '2026-11-26T15:00:00.000Z', endedAt: null, match: null };
  await record(postId, { kind: 'live', data: coverage });
  await stream.until((s) => s.events.length === 3);
  expect(stream.events).toEqual([
    { event: 'entry', id: '1', data: JSON.stringify(entry(7)) },
    { event: 'delete', id: '2', data: '{"id":7}' },
    { event: 'live', id: '3', data: JSON.stringify(coverage) },
  ]);
  stream.close();
});

it('replays exactly the missed events after Last-Event-ID (header or query), none twice, during a burst', async () => {
  const postId = await createPost();
  await record(postId, ...entries(1, 5));
  // The reconnects start while a burst of writes is under way: nothing is lost in the gap, nothing comes twice.
  const burst = Promise.all(
    entries(6, 45).map((event) =>
      t.db.kysely.transaction().execute((trx) => recordLiveEvent(trx, postId, event, new Date())),
    ),
  );
  const [byHeader, byQuery] = await Promise.all([
    openLive(`/api/blogs/${postId}/live`, { 'last-event-id': '2' }),
    openLive(`/api/blogs/${postId}/live?lastEventId=4`),
  ]);
  await burst;
  await byHeader.until((s) => s.events.length >= 43);
  await byQuery.until((s) => s.events.length >= 41);
  // One more after the burst: had anything come twice it would be before this one.
  await record(postId, ...entries(46, 46));
  await byHeader.until((s) => ids(s).includes(46));
  await byQuery.until((s) => ids(s).includes(46));
  expect(ids(byHeader)).toEqual(range(3, 46));
  expect(ids(byQuery)).toEqual(range(5, 46));
  // Concurrent writers take their seqs in the order they commit; each entry still comes once.
  const entryIds = byHeader.events.map((event) => (JSON.parse(event.data) as LiveEntry).id);
  expect(entryIds.sort((a, b) => a - b)).toEqual(range(3, 46));
  byHeader.close();
  byQuery.close();
});

it('sends one reset when it cannot replay: an id ahead of the newest, or older than the kept history', async () => {
  const postId = await createPost();
  // A long match: 1,099 events stored at once, then the 1,100th recorded as a write does, which trims the oldest.
  const at = new Date().toISOString();
  const rows = range(1, 1_099).map((seq) => ({
    post_id: postId,
    seq,
    kind: 'entry' as const,
    data: JSON.stringify(entry(seq)),
    created_at: at,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.db.kysely
      .insertInto('live_events')
      .values(rows.slice(i, i + 500))
      .execute();
  await t.db.kysely.insertInto('live_event_counters').values({ post_id: postId, seq: 1_099 }).execute();
  await record(postId, ...entries(1_100, 1_100));
  const kept = await t.db.kysely
    .selectFrom('live_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  expect(Number(kept.n)).toBe(1_000);
  const ahead = await openLive(`/api/blogs/${postId}/live`, { 'last-event-id': '5000' });
  const old = await openLive(`/api/blogs/${postId}/live?lastEventId=3`);
  const recent = await openLive(`/api/blogs/${postId}/live?lastEventId=1090`);
  for (const stream of [ahead, old]) expect(stream.events).toEqual([{ event: 'reset', id: '1100', data: '{}' }]);
  expect(ids(recent)).toEqual(range(1091, 1100));
  // After a reset the stream goes on live.
  await record(postId, ...entries(1_101, 1_101));
  await ahead.until((s) => s.events.length === 2);
  expect(ids(ahead)).toEqual([1100, 1101]);
  for (const stream of [ahead, old, recent]) stream.close();
});

/** A write through the API as the admin token. */
const api = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${TOKEN}` } });

async function addEntry(postId: number, body: string): Promise<LiveEntry> {
  const res = await api('POST', `/api/blogs/${postId}/entries`, { body });
  expect(res.statusCode).toBe(201);
  return res.json<LiveEntry>();
}

const setStatus = async (postId: number, status: 'draft' | 'published') =>
  expect(
    (await api('PUT', `/api/blogs/${postId}`, { ...validSubmission({ title: 'Derby live' }), status })).statusCode,
  ).toBe(200);

/** The entry bodies a fresh GET …/entries shows an anonymous reader. */
async function shownBodies(postId: number): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/blogs/${postId}/entries?limit=100` });
  expect(res.statusCode).toBe(200);
  return res.json<{ entries: LiveEntry[] }>().entries.map((e) => e.body);
}

it('replays only what a fresh read of the entries shows: no deleted entry, no text edited away, nothing from a draft', async () => {
  const postId = await createPost({ status: 'draft' });
  expect((await api('PUT', `/api/blogs/${postId}/live`, { state: 'live' })).statusCode).toBe(200);
  const drafted = await addEntry(postId, 'Draft note: team news embargoed');
  await api('PUT', `/api/blogs/${postId}/entries/${drafted.id}`, { body: 'Team news' });
  const scrapped = await addEntry(postId, 'Draft only: rumour we never ran');
  await api('DELETE', `/api/blogs/${postId}/entries/${scrapped.id}`);
  await setStatus(postId, 'published');
  const edited = await addEntry(postId, 'Penalty to Arsenal, wrong player named');
  expect(
    (await api('PUT', `/api/blogs/${postId}/entries/${edited.id}`, { body: 'Penalty to Arsenal' })).statusCode,
  ).toBe(200);
  const deleted = await addEntry(postId, 'Libellous aside, deleted');
  expect((await api('DELETE', `/api/blogs/${postId}/entries/${deleted.id}`)).statusCode).toBe(204);
  await addEntry(postId, 'Kick-off');

  const stream = await openLive(`/api/blogs/${postId}/live`, { 'last-event-id': '0' });
  for (const gone of ['embargoed', 'rumour', 'wrong player', 'Libellous']) expect(stream.text()).not.toContain(gone);
  const replayed = stream.events
    .filter((event) => event.event === 'entry')
    .map((event) => (JSON.parse(event.data) as LiveEntry).body);
  expect(replayed.sort()).toEqual((await shownBodies(postId)).sort());
  // Ids still increase, so the next reconnect's Last-Event-ID goes on from the last one.
  const seen = ids(stream);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(new Set(seen).size).toBe(seen.length);
  await addEntry(postId, 'GOAL');
  await stream.until((s) => s.text().includes('GOAL'));
  expect(ids(stream).at(-1)).toBeGreaterThan(seen.at(-1)!);
  stream.close();
});

it('delivers nothing written after the post left the public site, and ends its streams', async () => {
  const postId = await createPost();
  expect((await api('PUT', `/api/blogs/${postId}/live`, { state: 'live' })).statusCode).toBe(200);
  const stream = await openLive(`/api/blogs/${postId}/live`);
  await setStatus(postId, 'draft');
  await addEntry(postId, 'Written after unpublishing');
  await stream.ended;
  expect(stream.text()).not.toContain('Written after unpublishing');
  expect(await refusal(`/api/blogs/${postId}/live`)).toMatchObject({ status: 404 });
});

it('ends the streams of a post at the write that takes it off the public site, before any timed check', async () => {
  await restart({ live: { visibilityMs: 3_600_000 } });
  const postId = await createPost();
  expect((await api('PUT', `/api/blogs/${postId}/live`, { state: 'live' })).statusCode).toBe(200);
  const stream = await openLive(`/api/blogs/${postId}/live`);
  await setStatus(postId, 'draft');
  const open = new Promise<'open'>((settle) => setTimeout(() => settle('open'), 5_000).unref());
  expect(await Promise.race([stream.ended.then(() => 'ended'), open])).toBe('ended');
  expect(await refusal(`/api/blogs/${postId}/live`)).toMatchObject({ status: 404 });
});

it('replays at most a page of changes: past that one reset, as costly as reading the entries', async () => {
  const postId = await createPost();
  expect((await api('PUT', `/api/blogs/${postId}/live`, { state: 'live' })).statusCode).toBe(200);
  for (let n = 1; n <= 101; n += 1) await addEntry(postId, `Update ${n} ${'x'.repeat(4_000)}`);
  const far = await openLive(`/api/blogs/${postId}/live`, { 'last-event-id': '0' });
  expect(far.events).toEqual([{ event: 'reset', id: '102', data: '{}' }]);
  const near = await openLive(`/api/blogs/${postId}/live`, { 'last-event-id': '2' });
  expect(near.events.map((event) => event.event)).toEqual(Array(100).fill('entry'));
  far.close();
  near.close();
});

it('writes a comment line every heartbeat and outlives the request timeout', async () => {
  await restart({ live: { heartbeatMs: 100 }, timeouts: { requestMs: 300, headersMs: 300, checkEveryMs: 50 } });
  const postId = await createPost();
  const stream = await openLive(`/api/blogs/${postId}/live`);
  // 6 heartbeats: twice the request timeout, and the stream is still open.
  await stream.until((s) => s.comments >= 6);
  await record(postId, ...entries(1, 1));
  await stream.until((s) => s.events.length === 1);
  stream.close();
});

it('is 404 for a post that is not public, and 400 for a malformed id or Last-Event-ID', async () => {
  const draft = await createPost({ status: 'draft' });
  for (const path of [`/api/blogs/${draft}/live`, '/api/blogs/999999/live'])
    expect(await refusal(path)).toMatchObject({ status: 404, body: { error: 'Blog not found' } });
  expect(await refusal('/api/blogs/abc/live')).toMatchObject({ status: 400 });
  const postId = await createPost();
  expect(await refusal(`/api/blogs/${postId}/live?lastEventId=x`)).toMatchObject({
    status: 400,
    body: { error: 'Invalid Last-Event-ID' },
  });
  expect(await refusal(`/api/blogs/${postId}/live?lastEventId=1&lastEventId=2`)).toMatchObject({ status: 400 });
});

it("ends a post's streams once it is no longer public (trashed), and a reconnect is then a 404", async () => {
  await restart({ live: { visibilityMs: 100 } });
  const trashed = await createPost();
  const kept = await createPost();
  const [first, second, other] = [
    await openLive(`/api/blogs/${trashed}/live`),
    await openLive(`/api/blogs/${trashed}/live`),
    await openLive(`/api/blogs/${kept}/live`),
  ];
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/blogs/${trashed}`,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(204);
  await Promise.all([first.ended, second.ended]);
  expect(await refusal(`/api/blogs/${trashed}/live`)).toMatchObject({ status: 404 });
  // The other post's reader is not touched.
  await record(kept, ...entries(1, 1));
  await other.until((s) => s.events.length === 1);
  other.close();
});

it('holds 10 streams per address (the 11th is a 429) and frees a slot when its client goes', async () => {
  const postId = await createPost();
  const streams = await Promise.all(range(1, 10).map(() => openLive(`/api/blogs/${postId}/live`)));
  const refused = await refusal(`/api/blogs/${postId}/live`);
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ error: 'Too many live streams from this address: at most 10 at a time' });

  streams[0]!.close();
  // The server sees the client go (its socket closes) and frees the slot.
  let again: Stream | undefined;
  for (let tries = 0; again === undefined; tries += 1) {
    const next = await open(`/api/blogs/${postId}/live`);
    if (next.res.statusCode === 200) again = next;
    else {
      await next.ended;
      if (tries > 100) throw new Error('the slot was not freed');
    }
  }
  await record(postId, ...entries(1, 1));
  await again.until((s) => s.events.length === 1);
  for (const stream of [...streams.slice(1), again]) stream.close();
});

it('holds 100 streams per IPv6 /48 however many /64s they come from, and another /48 still gets one', async () => {
  await restart({ trustProxy: 1 });
  const postId = await createPost();
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const streams = await Promise.all(
    range(1, 100).map((n) => openLive(`/api/blogs/${postId}/live`, from(`2001:db8:7:${n.toString(16)}::1`))),
  );
  const refused = await open(`/api/blogs/${postId}/live`, from('2001:db8:7:ffff::1'));
  await refused.ended;
  expect(refused.res.statusCode).toBe(429);
  expect(JSON.parse(refused.text())).toEqual({
    error: 'Too many live streams from this network: at most 100 at a time',
  });
  const elsewhere = await openLive(`/api/blogs/${postId}/live`, from('2001:db8:8:1::1'));
  for (const stream of [...streams, elsewhere]) stream.close();
});

it('answers 503 with Retry-After past the process cap, and ends its streams when the server closes', async () => {
  await restart({ live: { maxStreams: 2 } });
  const postId = await createPost();
  const streams = [await openLive(`/api/blogs/${postId}/live`), await openLive(`/api/blogs/${postId}/live`)];
  const refused = await refusal(`/api/blogs/${postId}/live`);
  expect(refused.status).toBe(503);
  expect(refused.headers['retry-after']).toBe('10');
  expect(refused.body).toMatchObject({ error: expect.stringContaining('Too many live readers') });
  // The shutdown closes the app (main.ts on SIGTERM): the streams end cleanly, and close() does not wait for them.
  await t.app.close();
  await Promise.all(streams.map((stream) => stream.ended));
  for (const stream of streams) expect(stream.res.complete).toBe(true);
});

(onPostgres ? it : it.skip)('keeps delivering after its LISTEN connection drops (PostgreSQL)', async () => {
  const postId = await createPost();
  const stream = await openLive(`/api/blogs/${postId}/live?lastEventId=0`);
  const listening = () =>
    sql<{ pid: number }>`select pid from pg_stat_activity
      where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`.execute(t.db.kysely);
  const dropped = await sql<{ ok: boolean }>`select pg_terminate_backend(pid) as ok from pg_stat_activity
      where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`.execute(t.db.kysely);
  expect(dropped.rows).toEqual([{ ok: true }]);
  // Written while nobody listens: the hub reads it when it is back.
  await record(postId, ...entries(1, 1));
  await stream.until((s) => s.events.length === 1);
  expect((await listening()).rows).toHaveLength(1);
  await record(postId, ...entries(2, 2));
  await stream.until((s) => s.events.length === 2);
  expect(ids(stream)).toEqual([1, 2]);
  stream.close();
});
