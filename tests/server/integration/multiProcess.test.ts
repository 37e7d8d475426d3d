// Two real server processes on one database, as behind a load balancer: a change made through one shows through the
// other within 2 s, although each answers reads from its own in-process cache.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlogPost, BlogSummary } from '../../../src/contract/types';
import type { DatabaseConfig } from '../../../src/server/config';
import { validSubmission } from '../fixtures/submissions';
import { createDatabaseConfig } from '../helpers/testDb';
import { spawnServer, waitForListening } from '../helpers/serverProcess';
import type { ServerProcess } from '../helpers/serverProcess';

jest.setTimeout(90_000);

const TOKEN = 'two-process-test-token-0123456789abcdef';
const databaseUrl = (config: DatabaseConfig) => (config.kind === 'sqlite' ? `sqlite:${config.file}` : config.url);
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

/**
 * Polls until check() holds; the time it took in ms, or a failure after 2 s. Polling is the measurement: the other
 * process notices a change on its own real-time timer, and no signal of it crosses to this one.
 */
async function within2s(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 2_000) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('not seen within 2 s');
}

it('shows an update and a delete made through one process in the other within 2 s', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'touchline-two-'));
  const database = await createDatabaseConfig();
  const env = { DATA_DIR: dataDir, PORT: '0', ADMIN_TOKEN: TOKEN, DATABASE_URL: databaseUrl(database.config) };
  const servers: ServerProcess[] = [];
  try {
    // One after the other: the first migrates and seeds, the second finds the database ready.
    servers.push(spawnServer(env));
    const writer = await waitForListening(servers[0]!);
    servers.push(spawnServer(env));
    const reader = await waitForListening(servers[1]!);

    const created = await fetch(`${writer}/api/blogs`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(validSubmission({ title: 'Before' })),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as BlogPost;
    const title = async () => {
      const res = await fetch(`${reader}/api/blogs/${id}`);
      return res.status === 200 ? ((await res.json()) as BlogPost).title : res.status;
    };
    const listed = async () => {
      const list = (await (await fetch(`${reader}/api/blogs?limit=100`)).json()) as BlogSummary[];
      return list.find((post) => post.id === id)?.title;
    };
    // The reader holds both answers in its caches now (a post is cached from its first read on).
    await within2s(async () => (await title()) === 'Before' && (await listed()) === 'Before');

    const etag = (await fetch(`${writer}/api/blogs/${id}`)).headers.get('etag') ?? '';
    const updated = await fetch(`${writer}/api/blogs/${id}`, {
      method: 'PUT',
      headers: { ...auth, 'if-match': etag },
      body: JSON.stringify(validSubmission({ title: 'After' })),
    });
    expect(updated.status).toBe(200);
    await within2s(async () => (await title()) === 'After' && (await listed()) === 'After');

    const deleted = await fetch(`${writer}/api/blogs/${id}`, { method: 'DELETE', headers: auth });
    expect(deleted.status).toBe(204);
    await within2s(async () => (await title()) === 404 && (await listed()) === undefined);
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await database.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
