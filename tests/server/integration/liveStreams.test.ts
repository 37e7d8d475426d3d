// The live stream across real server processes: an entry posted through one reaches the streams of every process
// within 2 s (LISTEN/NOTIFY on PostgreSQL, the poll on SQLite), and SIGTERM ends a process's streams cleanly.
import { get } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiveEntry } from '../../../src/contract/live';
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { spawnServer, waitForListening, withTwoServers } from '../helpers/serverProcess';
import { createDatabaseConfig, databaseUrl } from '../helpers/testDb';

jest.setTimeout(90_000);

const TOKEN = 'live-stream-test-token-0123456789abcdef';

type Reader = { res: IncomingMessage; text: () => string; seen: (text: string) => Promise<number> };

/** Opens a stream from event `lastEventId` on; resolves once it is live. `seen` resolves with when a text arrived. */
function read(base: string, postId: number, lastEventId = 0): Promise<Reader> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}/api/blogs/${postId}/live?lastEventId=${lastEventId}`, (res) => {
      let text = '';
      const watchers = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        for (const watch of [...watchers]) watch();
      });
      const reader: Reader = {
        res,
        text: () => text,
        seen: (wanted) =>
          new Promise((ok) => {
            const watch = () => {
              if (!text.includes(wanted)) return;
              watchers.delete(watch);
              ok(Date.now());
            };
            watchers.add(watch);
            watch();
          }),
      };
      void reader.seen('retry: ').then(() => resolve(reader));
    });
    request.once('error', reject);
  });
}

const write = (base: string, method: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function createPost(base: string): Promise<number> {
  const res = await write(base, 'POST', '/api/blogs', validSubmission({ title: 'Derby live' }));
  expect(res.status).toBe(201);
  return ((await res.json()) as BlogPost).id;
}

it('delivers an entry posted through one process to the streams of both within 2 s', async () => {
  await withTwoServers({ ADMIN_TOKEN: TOKEN }, async (first, second) => {
    const postId = await createPost(first);
    expect((await write(first, 'PUT', `/api/blogs/${postId}/live`, { state: 'live' })).status).toBe(200);
    const readers = await Promise.all([read(first, postId), read(second, postId)]);
    for (const body of ['Kick-off', 'GOAL']) {
      const posted = await write(first, 'POST', `/api/blogs/${postId}/entries`, { body, key: body === 'GOAL' });
      const created = Date.now();
      expect(posted.status).toBe(201);
      const entry = (await posted.json()) as LiveEntry;
      const arrived = await Promise.all(readers.map((reader) => reader.seen(JSON.stringify(entry))));
      // The writing process may deliver before its 201 arrives: at or below 0 ms.
      for (const at of arrived) expect(at - created).toBeLessThan(2_000);
    }
    for (const reader of readers) {
      expect(reader.text()).toMatch(/event: entry\nid: 3\ndata: \{"id":\d+,"body":"GOAL"/);
      reader.res.destroy();
    }
  });
});

it('ends its streams cleanly on SIGTERM and exits', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'touchline-live-'));
  const database = await createDatabaseConfig();
  const server = spawnServer({
    ADMIN_TOKEN: TOKEN,
    DATA_DIR: dataDir,
    PORT: '0',
    DATABASE_URL: databaseUrl(database.config),
  });
  try {
    const base = await waitForListening(server);
    const reader = await read(base, await createPost(base));
    const ended = new Promise<boolean>((resolve) => reader.res.once('close', () => resolve(reader.res.complete)));
    server.child.kill('SIGTERM');
    // complete: the response ended as HTTP ends one (the last chunk), not cut: the client reconnects elsewhere.
    expect(await ended).toBe(true);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    await database.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('caps its streams below a low open-files limit, says so at start, and keeps answering /api/health', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'touchline-live-'));
  const database = await createDatabaseConfig();
  const server = spawnServer(
    { ADMIN_TOKEN: TOKEN, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: databaseUrl(database.config) },
    { openFiles: 200 },
  );
  const opened: IncomingMessage[] = [];
  try {
    const base = await waitForListening(server);
    expect(server.output()).toContain('touchline: live streams capped at 100 (open-files limit 200)');
    const postId = await createPost(base);
    // Ten streams per address: each ten come from another loopback address.
    let refused: number | undefined;
    for (let n = 0; refused === undefined && n < 200; n += 1) {
      const res = await answer(`${base}/api/blogs/${postId}/live`, `127.0.0.${2 + Math.floor(n / 10)}`);
      if (res.statusCode === 200) opened.push(res);
      else refused = res.statusCode;
    }
    expect(refused).toBe(503);
    expect(opened).toHaveLength(100);
    const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
    expect(health.status).toBe(200);
  } finally {
    for (const res of opened) res.destroy();
    server.child.kill('SIGKILL');
    await server.exited;
    await database.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** A response's head from `localAddress`; fails after 5 s (a server out of descriptors never answers). */
function answer(url: string, localAddress: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = get(url, { localAddress, timeout: 5_000 }, resolve);
    request.once('timeout', () => request.destroy(new Error(`no answer from ${url} within 5 s`)));
    request.once('error', reject);
  });
}
