import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, waitForListening } from './helpers/serverProcess';

jest.setTimeout(60_000);

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'touchline-main-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('main (the server process)', () => {
  it('stops with exit code 1 and a readable message, no stack, on bad configuration', async () => {
    const server = spawnServer({ DATA_DIR: dataDir, PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT: must be a port number');
    expect(server.output()).toContain('DATABASE_URL: must be sqlite:<path> or postgres://');
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('migrates, seeds, serves, prints where the token is, and exits 0 on SIGTERM', async () => {
    const server = spawnServer({ DATA_DIR: dataDir, PORT: '3151' });
    try {
      const url = await waitForListening(server);
      expect(url).toBe('http://127.0.0.1:3151');
      expect(server.output()).toContain(`admin token generated and saved in ${join(dataDir, 'admin-token')}`);
      expect(server.output()).toContain('seeded 3 sample posts');
      expect(server.output()).toContain(
        'write a post at http://127.0.0.1:3151/admin and publish it with the admin token',
      );
      const list = await fetch(`${url}/api/blogs`);
      expect(list.status).toBe(200);
      expect(await list.json()).toHaveLength(3);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});
