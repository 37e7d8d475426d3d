// Two real server processes on one database (as behind a load balancer): a session from one works on the other, and
// a sign-out or a revoked key through one is refused by the other within 2 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseConfig } from '../../../src/server/config';
import { validSubmission } from '../fixtures/submissions';
import { createDatabaseConfig } from '../helpers/testDb';
import { spawnServer, waitForListening } from '../helpers/serverProcess';
import type { ServerProcess } from '../helpers/serverProcess';

jest.setTimeout(90_000);

const databaseUrl = (config: DatabaseConfig) => (config.kind === 'sqlite' ? `sqlite:${config.file}` : config.url);
const OWNER = { email: 'owner@touchline.test', password: 'two processes, one owner' };

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

it('honours a session from A on B, and B refuses a sign-out or a revoked key made through A', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'touchline-two-'));
  const database = await createDatabaseConfig();
  const env = {
    DATA_DIR: dataDir,
    PORT: '0',
    ADMIN_TOKEN: 'two-process-test-token-0123456789abcdef',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    DATABASE_URL: databaseUrl(database.config),
  };
  const servers: ServerProcess[] = [];
  try {
    servers.push(spawnServer(env));
    const a = await waitForListening(servers[0]!);
    servers.push(spawnServer(env));
    const b = await waitForListening(servers[1]!);

    const signIn = await fetch(`${a}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const onB = async () => (await fetch(`${b}/api/session`, { headers: { cookie } })).status;
    expect(await onB()).toBe(200);

    // A key made through A (a cookie write from A's own page) works on B until A revokes it.
    const made = await fetch(`${a}/api/keys`, {
      method: 'POST',
      headers: { cookie, origin: a, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Deploy' }),
    });
    expect(made.status).toBe(201);
    const { id, key } = (await made.json()) as { id: number; key: string };
    const postOnB = async () =>
      (
        await fetch(`${b}/api/blogs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(validSubmission()),
        })
      ).status;
    expect(await postOnB()).toBe(201);
    const revoked = await fetch(`${a}/api/keys/${id}`, { method: 'DELETE', headers: { cookie, origin: a } });
    expect(revoked.status).toBe(204);
    await within2s(async () => (await postOnB()) === 401);

    const out = await fetch(`${a}/api/session`, { method: 'DELETE', headers: { cookie, origin: a } });
    expect(out.status).toBe(204);
    await within2s(async () => (await onB()) === 401);
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await database.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
