import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { createDatabaseConfig, databaseUrl } from '../helpers/testDb';
import { spawnServer, waitForListening } from '../helpers/serverProcess';

jest.setTimeout(90_000);

const TOKEN = 'durability-test-token-0123456789abcdef';

it('keeps every post that got a 201 when the server is SIGKILLed in the middle of a burst of writes', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'touchline-durability-'));
  const database = await createDatabaseConfig();
  const env = { DATA_DIR: dataDir, PORT: '0', ADMIN_TOKEN: TOKEN, DATABASE_URL: databaseUrl(database.config) };
  const first = spawnServer(env);
  let second: ReturnType<typeof spawnServer> | undefined;
  try {
    const url = await waitForListening(first);
    const acknowledged: BlogPost[] = [];
    let failures = 0;
    const send = async (i: number) => {
      try {
        const res = await fetch(`${url}/api/blogs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
          body: JSON.stringify(validSubmission({ title: `Burst post ${i}` })),
        });
        if (res.status === 201) acknowledged.push((await res.json()) as BlogPost);
      } catch {
        failures += 1; // the connection died with the process
      }
    };
    // Waves of concurrent writes; the kill lands while a wave is in flight.
    const inFlight: Promise<void>[] = [];
    let killed = false;
    // Until 40 are acknowledged, however long a loaded machine takes (each write is a transaction with its revision,
    // tags and search index), within a bound so a broken server still ends the test.
    const giveUpAt = Date.now() + 20_000;
    for (let wave = 0; !killed; wave += 1) {
      const sent = Array.from({ length: 10 }, (_, k) => send(wave * 10 + k));
      inFlight.push(...sent);
      // Killed right after a wave left, so those ten are in flight when the process dies.
      if (acknowledged.length >= 40 || Date.now() > giveUpAt) killed = first.child.kill('SIGKILL');
      // Otherwise the next wave leaves once the server answered one of this one: its own pace, not a fixed pause.
      else await Promise.race(sent);
    }
    await Promise.all(inFlight);
    await first.exited;
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(failures).toBeGreaterThan(0);

    second = spawnServer(env);
    const url2 = await waitForListening(second);
    for (const post of acknowledged) {
      const res = await fetch(`${url2}/api/blogs/${post.id}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(post);
    }
  } finally {
    first.child.kill('SIGKILL');
    second?.child.kill('SIGTERM');
    if (second) await second.exited;
    await database.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
