// A draft whose every paragraph is a run of marks that never pair (`[*[*[*…`) is saved, read and published through a
// real server process while /api/health is probed every 20 ms over HTTP: no probe waits 500 ms, as the parser's work
// per text is bounded (contract/marksParser.ts MARKS_DELIMITERS_MAX), so the save, its search indexing and the reads
// after it cost what plain text does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '../../../src/contract/limits';
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { spawnServer, waitForListening } from '../helpers/serverProcess';
import { createDatabaseConfig, databaseUrl } from '../helpers/testDb';

jest.setTimeout(90_000);

const TOKEN = 'pathological-marks-token-0123456789abcdef';
const PROBE_EVERY_MS = 20;

/** Probes `${base}/api/health` every 20 ms (one at a time) until stop() is called; stop() gives the longest wait. */
function probeHealth(base: string) {
  let stopped = false;
  let longest = 0;
  let probes = 0;
  const done = (async () => {
    while (!stopped) {
      const sent = performance.now();
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      longest = Math.max(longest, performance.now() - sent);
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return async () => {
    stopped = true;
    await done;
    return { longest, probes };
  };
}

it('answers /api/health within 500 ms while a draft of unpaired marks in every paragraph is saved and published', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'touchline-marks-'));
  const database = await createDatabaseConfig();
  const server = spawnServer({
    ADMIN_TOKEN: TOKEN,
    DATA_DIR: dataDir,
    PORT: '0',
    DATABASE_URL: databaseUrl(database.config),
  });
  try {
    const base = await waitForListening(server);
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const paragraph = '[*'.repeat(LIMITS.paragraphMax / 2);
    const sections = Array.from({ length: LIMITS.sectionsMax }, (_, i) => ({
      type: 'single-paragraph' as const,
      icon: 'Camera',
      title: `Part ${i + 1}`,
      paragraph,
      list: [],
    }));
    const draft = { ...validSubmission({ title: 'Unpaired', sections, textFormat: 'marks' }), status: 'draft' };
    const stop = probeHealth(base);
    const saved = await send('POST', '/api/blogs', draft);
    expect(saved.status).toBe(201);
    const post = (await saved.json()) as BlogPost;
    // Its text shows as typed, every character kept.
    const section = post.sections[0];
    expect(section?.type === 'single-paragraph' && section.paragraph).toBe(paragraph);
    const published = await send('PUT', `/api/blogs/${post.id}`, { ...draft, status: 'published' });
    expect(published.status).toBe(200);
    for (const path of ['/feed.xml', `/api/blogs/${post.id}`, '/api/search?q=unpaired'])
      expect((await fetch(`${base}${path}`)).status).toBe(200);
    const { longest, probes } = await stop();
    expect(probes).toBeGreaterThan(0);
    expect(longest).toBeLessThan(500);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await database.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
