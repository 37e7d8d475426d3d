// The request log as the server writes it (a real pino destination into a file): no code from a setup, invitation or
// password-reset link, no cookie, no token and no password ever reaches it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { createLogDestination, flushLog, loggedUrl } from '../../../src/server/http/logging';
import type { LogDestination } from '../../../src/server/http/logging';
import { createStaff, PASSWORD } from '../helpers/accounts';
import { PUBLIC_URL, TEST_PASSWORD_COST, TOKEN } from '../helpers/testApp';
import { createTestDb } from '../helpers/testDb';
import type { TestDb } from '../helpers/testDb';

/** One request exactly as written (no client tidies the path), answered with its status. */
function send(port: number, path: string, headers: Record<string, string> = {}, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: body === undefined ? 'GET' : 'POST', headers });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the request log', () => {
  let testDb: TestDb;
  let dir: string;
  let file: string;
  let destination: LogDestination;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    testDb = await createTestDb();
    dir = mkdtempSync(join(tmpdir(), 'touchline-log-'));
    file = join(dir, 'server.log');
    destination = createLogDestination({ dest: file, flushIntervalMs: 0 });
    app = await buildApp({
      db: testDb.db,
      config: { adminToken: TOKEN, trustProxy: false, clientDir: join(dir, 'no-client'), publicUrl: PUBLIC_URL },
      passwordCost: TEST_PASSWORD_COST,
      // As main.ts configures it.
      logger: {
        level: 'info',
        redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.accessToken', 'req.body.password'],
        stream: destination,
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app.close();
    await testDb.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds no code of any setup, invitation or reset link, however the sign-in page is spelled', async () => {
    const codes = Array.from({ length: 12 }, (_, i) => `secret${i}code${Math.random().toString(36).slice(2, 10)}`);
    const [a, b, c, d, e, f, g, h, i, j, k, l] = codes;
    const urls = [
      `/auth?setup=${a}`,
      `/auth/?setup=${b}`,
      `/auth?invite=${c}`,
      `/auth/?invite=${d}&next=%2Fadmin`,
      `/auth?reset=${e}`,
      `/auth/?reset=${f}`,
      `/auth?next=%2Fadmin&invite=${g}`,
      `/Auth?setup=${h}`,
      `/%61uth?invite=${i}`,
      `//auth//?reset=${j}`,
      // A code sent to any other address (an API check of a link) is dropped too.
      `/api/invitations/check?invite=${k}`,
      `/auth?${l}`,
    ];
    for (const url of urls) expect(await send(port, url)).toBeGreaterThanOrEqual(200);
    // And the secrets that travel in headers and bodies.
    const account = await createStaff(testDb.db, 'owner');
    const signIn = JSON.stringify({ email: account.email, password: PASSWORD });
    const signedIn = await send(
      port,
      '/api/session',
      { 'content-type': 'application/json', origin: PUBLIC_URL },
      signIn,
    );
    expect(signedIn).toBe(200);
    await send(port, '/api/session', { cookie: '__Host-touchline_session=cookievalue0123456789' });
    await send(port, '/api/keys', { authorization: `Bearer ${TOKEN}` });
    await flushLog(destination);

    const log = readFileSync(file, 'utf8');
    const lines = log.trim().split('\n');
    // One line per request above, each the request line: the test reads what was really written.
    expect(lines.filter((line) => line.includes('"msg":"request"'))).toHaveLength(urls.length + 3);
    expect(log).toContain('"url":"/auth?…"');
    expect(log).toContain('"url":"/auth/?…"');
    for (const secret of [...codes, PASSWORD, 'cookievalue0123456789', TOKEN]) expect(log).not.toContain(secret);
  });
});

describe('loggedUrl', () => {
  it('keeps every other address as it is', () => {
    for (const url of ['/', '/blog?page=2', '/api/blogs?status=all&cursor=abc', '/search?q=auth', '/authors?x=1'])
      expect(loggedUrl(url)).toBe(url);
    expect(loggedUrl('/auth')).toBe('/auth');
    expect(loggedUrl('/auth?setup=x')).toBe('/auth?…');
    // A bare code on the sign-in page however its path is spelled.
    for (const path of ['/auth', '/auth/', '/AUTH', '//auth', '/%61uth', '/a%75th/'])
      expect(loggedUrl(`${path}?bare-code`)).toBe(`${path}?…`);
    expect(loggedUrl('/%E0%A4%A?setup=x')).toBe('/%E0%A4%A?…');
  });
});
