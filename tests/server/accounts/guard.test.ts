import { tokenMatches } from '../../../src/server/accounts/guard';
import { validSubmission } from '../fixtures/submissions';
import { startTestApp, TOKEN } from '../helpers/testApp';
import type { TestApp } from '../helpers/testApp';
import { createTestDb, emptyDatabase } from '../helpers/testDb';
import type { TestDb } from '../helpers/testDb';

describe('token comparison', () => {
  it('matches only the exact token', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(`${TOKEN} `, TOKEN)).toBe(false);
    expect(tokenMatches('', TOKEN)).toBe(false);
    expect(tokenMatches(TOKEN.slice(0, -1), TOKEN)).toBe(false);
  });
});

describe('failed-attempt limiting on writes', () => {
  let now = 1_000_000;
  let testDb: TestDb;
  let t: TestApp;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  beforeEach(async () => {
    now = 1_000_000;
    await emptyDatabase(testDb);
    t = await startTestApp({ testDb, now: () => now });
  });
  afterEach(async () => {
    await t.close();
  });
  afterAll(async () => {
    await testDb.drop();
  });

  const write = (token: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      payload: { ...validSubmission(), accessToken: token },
      remoteAddress,
    });

  it('answers 429 after 10 failures in 15 minutes, even for the right token, until the window passes', async () => {
    for (let i = 0; i < 10; i += 1) expect((await write('wrong')).statusCode).toBe(401);
    const blocked = await write(TOKEN);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'Too many failed access token attempts. Try again later.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before its body was read: the connection closes rather than read the rest.
    expect(blocked.headers.connection).toBe('close');

    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { authorization: `Bearer ${TOKEN}` },
      remoteAddress: '10.0.0.1',
    });
    expect(upload.statusCode).toBe(429);

    // Reads are never limited.
    const read = await t.app.inject({ method: 'GET', url: '/api/blogs', remoteAddress: '10.0.0.1' });
    expect(read.statusCode).toBe(200);
    // Other addresses are not affected.
    expect((await write(TOKEN, '10.0.0.2')).statusCode).toBe(201);

    now += 15 * 60_000;
    expect((await write(TOKEN)).statusCode).toBe(201);
  });

  it('counts every address of an IPv6 /64 as one client', async () => {
    for (let i = 0; i < 10; i += 1)
      expect((await write('wrong', `2001:db8:1:2::${i.toString(16)}`)).statusCode).toBe(401);
    expect((await write(TOKEN, '2001:db8:1:2:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await write(TOKEN, '2001:db8:1:3::1')).statusCode).toBe(201);
  });

  it('still allows writes after 9 failures', async () => {
    for (let i = 0; i < 9; i += 1) expect((await write('wrong')).statusCode).toBe(401);
    expect((await write(TOKEN)).statusCode).toBe(201);
  });

  it('starts a new count once the window has passed', async () => {
    for (let i = 0; i < 9; i += 1) await write('wrong');
    now += 15 * 60_000 + 1;
    for (let i = 0; i < 9; i += 1) await write('wrong');
    expect((await write(TOKEN)).statusCode).toBe(201);
  });
});

describe('failed-attempt limiting behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ trustProxy: 1 });
  });
  afterAll(async () => {
    await t.close();
  });

  // The load balancer at 10.0.0.9 appends the address it saw; everything before that entry is the client's to write.
  const viaProxy = (token: string, forged: string, client = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      payload: { ...validSubmission(), accessToken: token },
      remoteAddress: '10.0.0.9',
      headers: { 'x-forwarded-for': `${forged}, ${client}` },
    });

  it('answers 429 to a client that writes a new X-Forwarded-For entry on every attempt', async () => {
    for (let i = 0; i < 10; i += 1)
      expect((await viaProxy('wrong', `198.51.100.${i}, 192.0.2.${i}`)).statusCode).toBe(401);
    expect((await viaProxy(TOKEN, '198.51.100.200')).statusCode).toBe(429);
    // Another client behind the same proxy is not blocked.
    expect((await viaProxy(TOKEN, '198.51.100.200', '203.0.113.8')).statusCode).toBe(201);
  });
});
