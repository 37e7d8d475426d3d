// The live stream across real server processes: an event written to the database reaches the streams of every
// process within 2 s (LISTEN/NOTIFY on PostgreSQL, the poll on SQLite), and SIGTERM ends a process's streams cleanly.
import { get } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiveEntry } from '../../../src/contract/live';
import type { BlogPost } from '../../../src/contract/types';
import { openDatabase } from '../../../src/server/db/database';
import { recordLiveEvent } from '../../../src/server/live/liveEvents';
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

async function createPost(base: string): Promise<number> {
  const res = await fetch(`${base}/api/blogs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(validSubmission({ title: 'Derby live' })),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as BlogPost).id;
}

const entry = (id: number): LiveEntry => ({
  id,
  body: `Goal ${id}`,
  key: true,
  pinned: false,
  createdAt: '2026-11-26T15:00:00.000Z',
  updatedAt: '2026-11-26T15:00:00.000Z',
  author: { name: 'Sam' },
});

it('delivers an event written to the database to the streams of both processes within 2 s', async () => {
  await withTwoServers({ ADMIN_TOKEN: TOKEN }, async (first, second, config) => {
    const postId = await createPost(first);
    const readers = await Promise.all([read(first, postId), read(second, postId)]);
    // A third process writes, as a write route does: neither server wrote it, so both must learn of it.
    const writer = openDatabase(config);
    try {
      for (const id of [1, 2]) {
        await writer.kysely
          .transaction()
          .execute((trx) => recordLiveEvent(trx, postId, { kind: 'entry', data: entry(id) }));
        const committed = Date.now();
        const arrived = await Promise.all(readers.map((reader) => reader.seen(`id: ${id}\n`)));
        for (const at of arrived) expect(at - committed).toBeLessThan(2_000);
      }
    } finally {
      await writer.kysely.destroy();
    }
    for (const reader of readers) {
      expect(reader.text()).toContain(`event: entry\nid: 2\ndata: ${JSON.stringify(entry(2))}\n\n`);
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
