import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, waitForListening } from '../helpers/serverProcess';
import type { ServerProcess } from '../helpers/serverProcess';

jest.setTimeout(60_000);

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'touchline-main-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** Resolves once the server's output matches `pattern` (or fails the test when it exits first or takes too long). */
const outputMatching = (server: ServerProcess, pattern: RegExp, timeoutMs = 20_000): Promise<string> =>
  server.outputWhere((output) => pattern.test(output), timeoutMs);

describe('start-up output', () => {
  const TOKEN = 'set-by-the-operator-0123456789abcdef';

  it('prints no token it was given, at any log level', async () => {
    const server = spawnServer({ DATA_DIR: dataDir, PORT: '0', ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'trace' });
    try {
      const url = await waitForListening(server);
      await fetch(`${url}/api/blogs?status=all`, { headers: { authorization: `Bearer ${TOKEN}` } });
      await fetch(`${url}/api/blogs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accessToken: TOKEN }),
      });
      server.child.kill('SIGTERM');
      await server.exited;
      expect(server.output()).toContain('admin token from ADMIN_TOKEN');
      expect(server.output()).not.toContain(TOKEN);
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  it('refuses a short ADMIN_TOKEN at start, saying 32 and how to make one', async () => {
    const server = spawnServer({ DATA_DIR: dataDir, PORT: '0', ADMIN_TOKEN: 'short-token' });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain(
      'ADMIN_TOKEN: must be at least 32 characters; make one with: openssl rand -hex 32',
    );
    expect(server.output()).not.toContain('short-token');
  });

  it('refuses TRUST_PROXY=true at start, saying to give the hop count', async () => {
    const server = spawnServer({ DATA_DIR: dataDir, PORT: '0', TRUST_PROXY: 'true' });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toMatch(/TRUST_PROXY: .*give the number of proxies in front of the server/);
  });

  it('logs one readable line per request for a terminal: method, path, status and time', async () => {
    const server = spawnServer({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
    try {
      const url = await waitForListening(server);
      await fetch(`${url}/api/blogs`);
      const output = await outputMatching(server, /GET \/api\/blogs 200 \d+ ms/);
      expect(output).not.toMatch(/^\{/m);
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});

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

  it('makes the owner from ADMIN_EMAIL once; a later start with another ADMIN_EMAIL ignores it and says so', async () => {
    const start = async (email: string) => {
      const server = spawnServer({
        DATA_DIR: dataDir,
        PORT: '0',
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: 'a long passphrase',
      });
      try {
        await waitForListening(server);
        server.child.kill('SIGTERM');
        await server.exited;
        return server.output();
      } finally {
        server.child.kill('SIGKILL');
      }
    };
    const first = await start('boss@touchline.test');
    expect(first).toContain('touchline: owner account boss@touchline.test created from ADMIN_EMAIL\n');
    expect(first).not.toContain('ADMIN_EMAIL ignored');
    expect(first).not.toContain('setup=');
    const second = await start('usurper@touchline.test');
    expect(second.match(/^touchline: .*ADMIN_EMAIL.*$/gm)).toEqual([
      'touchline: ADMIN_EMAIL ignored: the site already has an owner',
    ]);
    expect(second).not.toContain('setup=');
  });

  it('takes PUBLIC_URL for absolute URLs, and refuses a bad one at start', async () => {
    const bad = spawnServer({ DATA_DIR: dataDir, PORT: '0', PUBLIC_URL: 'https://touchline.example/?x=1' });
    expect((await bad.exited).code).toBe(1);
    expect(bad.output()).toContain('PUBLIC_URL: must be an absolute http(s) URL');

    const server = spawnServer({ DATA_DIR: dataDir, PORT: '0', PUBLIC_URL: 'https://Touchline.example/' });
    try {
      const url = await waitForListening(server);
      expect(await (await fetch(`${url}/robots.txt`)).text()).toContain(
        'Sitemap: https://touchline.example/sitemap.xml',
      );
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});

/**
 * One server process for a describe's tests (starting one costs seconds): spawned before them on its own data folder,
 * killed after them. Each test stands alone too; the one that stops the server with SIGTERM comes last.
 */
function sharedServer(env: Record<string, string>) {
  const shared = { dir: '', server: undefined as ServerProcess | undefined, url: '' };
  beforeAll(async () => {
    shared.dir = mkdtempSync(join(tmpdir(), 'touchline-main-'));
    shared.server = spawnServer({ DATA_DIR: shared.dir, PORT: '0', ...env });
    shared.url = await waitForListening(shared.server);
  });
  afterAll(async () => {
    shared.server?.child.kill('SIGKILL');
    await shared.server?.exited;
    rmSync(shared.dir, { recursive: true, force: true });
  });
  return {
    get dataDir() {
      return shared.dir;
    },
    get server() {
      if (shared.server === undefined) throw new Error('no server outside a test');
      return shared.server;
    },
    get url() {
      return shared.url;
    },
  };
}

describe('main with the defaults (one process)', () => {
  const started = sharedServer({});

  it('with PORT=0 and no PUBLIC_URL, writes absolute URLs with the port it really listens on', async () => {
    const { url } = started;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url).not.toBe('http://127.0.0.1:0');
    expect(await (await fetch(`${url}/robots.txt`)).text()).toContain(`Sitemap: ${url}/sitemap.xml`);
    expect(await (await fetch(`${url}/sitemap.xml`)).text()).toContain(`<loc>${url}/page/1</loc>`);
  });

  it('migrates, seeds, serves, prints where the token is, and exits 0 on SIGTERM', async () => {
    // Port 0: a fixed port can be taken on a shared CI host.
    const { server, url, dataDir } = started;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    expect(server.output()).toContain(`admin token generated and saved in ${join(dataDir, 'admin-token')}`);
    // The path, never the token.
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(server.output()).not.toContain(token);
    expect(server.output()).toContain('seeded 3 sample posts');
    expect(server.output()).toContain(`sign in at ${url}/auth to write posts at /admin`);
    // No account and no ADMIN_EMAIL: the one-time link that makes the owner.
    expect(server.output()).toMatch(new RegExp(`create the owner at ${url}/auth\\?setup=[\\w-]{43}\\n`));
    const list = await fetch(`${url}/api/blogs`);
    expect(list.status).toBe(200);
    expect(await list.json()).toHaveLength(3);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});

describe('main logging JSON at info into a pipe (one process)', () => {
  const started = sharedServer({ LOG_LEVEL: 'info' });
  /** The log lines written so far, each parsed: a line that is not JSON fails the test. */
  const logLines = () =>
    started.server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes a request line within about a second on a quiet server', async () => {
    const { server, url } = started;
    await fetch(`${url}/api/health`);
    const output = await server.outputWhere((text) => text.includes('"url":"/api/health"'), 5_000);
    expect(output).toContain('"url":"/api/health"');
  });

  it('logs JSON, one object a line, into a pipe', async () => {
    const { server, url } = started;
    await fetch(`${url}/api/blogs`);
    await server.outputWhere((text) => text.includes('"url":"/api/blogs"'), 5_000);
    const requests = logLines().filter((l) => l.msg === 'request' && l.url === '/api/blogs');
    expect(requests).toEqual([expect.objectContaining({ method: 'GET', url: '/api/blogs', statusCode: 200 })]);
  });

  it('logs one line per request through the buffered log and loses none on SIGTERM', async () => {
    const { server, url } = started;
    const count = 25;
    const sizes: number[] = [];
    for (let i = 0; i < count; i += 1) {
      // As they are: fetch decodes a compressed answer, and the log counts the bytes sent.
      const answer = await fetch(`${url}/api/blogs?limit=${i + 1}`, { headers: { 'accept-encoding': 'identity' } });
      expect(answer.status).toBe(200);
      sizes.push(Buffer.byteLength(await answer.text()));
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const lines = logLines() as { msg?: string; url?: string; statusCode?: number }[];
    const requests = lines.filter((line) => line.msg === 'request' && line.url?.startsWith('/api/blogs?'));
    expect(requests.map((line) => line.url)).toEqual(
      Array.from({ length: count }, (_, i) => `/api/blogs?limit=${i + 1}`),
    );
    expect(requests.every((line) => line.statusCode === 200)).toBe(true);
    // What an operator reads, and nothing else: no request or reply object walked into the line.
    const [first] = requests as Record<string, unknown>[];
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ['bytes', 'hostname', 'level', 'method', 'ms', 'msg', 'pid', 'reqId', 'statusCode', 'time', 'url'].sort(),
    );
    expect(first).toMatchObject({ method: 'GET', reqId: expect.any(String), bytes: expect.any(Number) });
    // The body's length, for a cached answer written whole (answers.ts) too.
    expect(requests.map((line) => (line as { bytes?: number }).bytes)).toEqual(sizes);
  });
});
