// Decompression bombs against a real server process: it refuses them all and stays up, within bounded memory.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pngDeclaring } from '../helpers/images';
import { spawnServer, waitForListening } from '../helpers/serverProcess';
import { createDatabaseConfig } from '../helpers/testDb';

jest.setTimeout(60_000);

const TOKEN = 'upload-bombs-test-token-0123456789abcdef';

it('stays up and under 1 GB of RSS through 20 uploads at once of a tiny PNG declaring 100000×100000 pixels', async () => {
  // A real server process, so the figure is the server's own peak RSS (VmHWM), not the test runner's.
  const dataDir = mkdtempSync(join(tmpdir(), 'touchline-bombs-'));
  const database = await createDatabaseConfig();
  const url = database.config.kind === 'sqlite' ? `sqlite:${database.config.file}` : database.config.url;
  const server = spawnServer({ DATA_DIR: dataDir, PORT: '0', ADMIN_TOKEN: TOKEN, DATABASE_URL: url });
  try {
    const base = await waitForListening(server);
    const bomb = pngDeclaring();
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), 'bomb.png');
        const res = await fetch(`${base}/api/uploads`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}` },
          body: form,
        });
        return { status: res.status, body: (await res.json()) as { error?: unknown } };
      }),
    );
    for (const { status, body } of answers) {
      expect(status).toBe(422);
      expect(typeof body.error).toBe('string');
    }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const peakKb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]);
    expect(peakKb).toBeGreaterThan(0);
    expect(peakKb * 1024).toBeLessThan(1024 * 1_048_576);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await database.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
