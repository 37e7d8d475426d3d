// Staff sign-in: sessions in the database, sign-out, the guessing limits, cross-site cookie writes and API keys.
import type { BlogPost } from '../../../src/contract/types';
import { countPosts } from '../../../src/server/repositories/postsRepository';
import { validSubmission } from '../fixtures/submissions';
import { cookieOf, createStaff, PASSWORD, SAME_ORIGIN, signIn } from '../helpers/accounts';
import { PUBLIC_URL, startTestApp, TOKEN, useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-25T09:00:00.000Z');
const DAY = 24 * 3_600_000;

const t = useTestApp({
  sharedApp: true,
  now: START,
  alsoEmpty: ['accounts', 'api_keys'],
  attemptLimits: { pair: { max: 3, windowMs: 15 * 60_000 }, address: { max: 5, windowMs: 15 * 60_000 } },
});

const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
const post = (headers: Record<string, string>, body: object = validSubmission({ title: 'From the cookie' })) =>
  t.app.inject({ method: 'POST', url: '/api/blogs', headers, payload: body });
const signInAs = (email: string, password: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password }, remoteAddress });

describe('sessions', () => {
  it('signs in with 200 {user} and a HttpOnly, SameSite=Lax, Secure cookie that GET /api/session honours', async () => {
    const account = await createStaff(t.db, 'author', 'Sam@Touchline.test', 'Sam');
    // The email is compared case-insensitively.
    const res = await signInAs('sam@TOUCHLINE.test', PASSWORD);
    expect(res.statusCode).toBe(200);
    const user = { id: account.id, email: 'sam@touchline.test', name: 'Sam', role: 'author' };
    expect(res.json()).toEqual({ user });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^__Host-touchline_session=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    const cookie = cookieOf(setCookie);
    const me = await session(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user });
    expect(me.headers['cache-control']).toBe('private, no-store');
    // Stored only as a hash: the id in the cookie appears nowhere in the database.
    const rows = await t.db.kysely.selectFrom('sessions').select('id_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id_hash).not.toContain(cookie.split('=')[1]);
    // No plaintext password either.
    const stored = await t.db.kysely.selectFrom('accounts').select('password_hash').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain(PASSWORD);
  });

  it('gives 401 without a cookie, and a plain touchline_session cookie without Secure when PUBLIC_URL is http', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/session' })).statusCode).toBe(401);
    const plain = await startTestApp({ testDb: t.testDb, publicUrl: 'http://127.0.0.1:3000' });
    try {
      const account = await createStaff(t.db, 'editor');
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email: account.email, password: PASSWORD },
      });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^touchline_session=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
      const cookie = cookieOf(setCookie);
      expect((await plain.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).statusCode).toBe(
        200,
      );
      // The https site's name is not this site's cookie.
      const renamed = `__Host-${cookie}`;
      const other = await plain.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: renamed } });
      expect(other.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });

  it('on an https site honours only the __Host- cookie, which names no Domain, never the plain name', async () => {
    const account = await createStaff(t.db, 'author');
    const res = await signInAs(account.email, PASSWORD);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-touchline_session=/);
    expect(setCookie).toContain('; Secure');
    expect(setCookie).toContain('; Path=/;');
    expect(setCookie.toLowerCase()).not.toContain('domain');
    const cookie = cookieOf(setCookie);
    expect((await session(cookie)).statusCode).toBe(200);
    // The same id under the plain name, as a sibling subdomain or an http page could set it: not a session here.
    expect((await session(cookie.replace(/^__Host-/, ''))).statusCode).toBe(401);
  });

  it("treats a request carrying two session cookies of the site's name as signed out, in either order", async () => {
    const account = await createStaff(t.db, 'author');
    const cookie = await signIn(t.app, account.email);
    const planted = '__Host-touchline_session=planted-by-someone-else';
    for (const header of [`${cookie}; ${planted}`, `${planted}; ${cookie}`, `${cookie}; ${cookie}`]) {
      expect((await session(header)).statusCode).toBe(401);
      const write = await post({ cookie: header, ...SAME_ORIGIN });
      expect(write.statusCode).toBe(401);
    }
    expect(await countPosts(t.db)).toBe(0);
    // Another cookie beside it, even one whose name ends the same, is no second session cookie.
    expect((await session(`x-touchline_session=1; ${cookie}; theme=dark`)).statusCode).toBe(200);
  });

  it('ends a session 90 days after sign-in however much it is used, and its cookie never outlives that', async () => {
    const account = await createStaff(t.db, 'author');
    const cookie = await signIn(t.app, account.email);
    for (let day = 20; day < 90; day += 20) {
      t.clock = START + day * DAY;
      const used = await session(cookie);
      expect(used.statusCode).toBe(200);
      // The cookie is sent again for the time left: 30 days until the last 30, then what remains of the 90.
      const left = Math.min(30, 90 - day) * DAY;
      expect(String(used.headers['set-cookie'])).toContain(`Max-Age=${left / 1000};`);
    }
    t.clock = START + 90 * DAY - 1;
    expect((await session(cookie)).statusCode).toBe(200);
    t.clock = START + 90 * DAY;
    expect((await session(cookie)).statusCode).toBe(401);
    // Gone from the table too.
    expect(await t.db.kysely.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('takes the absolute lifetime from SESSION_MAX_DAYS, and signs in with a cookie no longer than that', async () => {
    await t.restart({ sessionMaxDays: 7 });
    const account = await createStaff(t.db, 'author');
    const res = await signInAs(account.email, PASSWORD);
    expect(String(res.headers['set-cookie'])).toContain(`Max-Age=${(7 * DAY) / 1000};`);
    const cookie = cookieOf(res.headers['set-cookie']);
    t.clock = START + 6 * DAY;
    expect((await session(cookie)).statusCode).toBe(200);
    t.clock = START + 7 * DAY;
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('removes sessions past their absolute lifetime when someone signs in', async () => {
    const first = await createStaff(t.db, 'author');
    await signIn(t.app, first.email);
    t.clock = START + 20 * DAY;
    await signIn(t.app, first.email);
    // Kept busy: the first session would still be inside its idle window, but not inside its 90 days.
    await t.db.kysely
      .updateTable('sessions')
      .set({ last_used_at: new Date(START + 91 * DAY).toISOString() })
      .execute();
    t.clock = START + 91 * DAY;
    const second = await createStaff(t.db, 'editor');
    await signIn(t.app, second.email);
    const left = await t.db.kysely.selectFrom('sessions').select('account_id').execute();
    expect(left.map((row) => row.account_id).sort()).toEqual([first.id, second.id].sort());
  });

  it('signs out with 204, clears the cookie, and a replayed old cookie then answers 401', async () => {
    const account = await createStaff(t.db, 'author');
    const cookie = await signIn(t.app, account.email);
    // Labelled JSON with no body, as some clients send every request: still a sign-out.
    const headers = { cookie, ...SAME_ORIGIN, 'content-type': 'application/json' };
    const out = await t.app.inject({ method: 'DELETE', url: '/api/session', headers });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-touchline_session=; Max-Age=0; Path=\//);
    expect((await session(cookie)).statusCode).toBe(401);
    const write = await post({ cookie, ...SAME_ORIGIN });
    expect(write.statusCode).toBe(401);
    expect(write.json()).toEqual({ error: 'Your session has ended: sign in again' });
    expect(await countPosts(t.db)).toBe(0);
  });

  it('issues a new id on every sign-in and ends the session the browser had', async () => {
    const account = await createStaff(t.db, 'author');
    const first = await signIn(t.app, account.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: account.email, password: PASSWORD },
      headers: { cookie: first },
    });
    const second = cookieOf(res.headers['set-cookie']);
    expect(second).not.toBe(first);
    expect((await session(first)).statusCode).toBe(401);
    expect((await session(second)).statusCode).toBe(200);
  });

  it('ends a session after 30 days unused, and slides the expiry while it is used', async () => {
    const account = await createStaff(t.db, 'author');
    const cookie = await signIn(t.app, account.email);
    t.clock += 29 * DAY;
    const used = await session(cookie);
    expect(used.statusCode).toBe(200);
    // Used after a while: the cookie comes again with a fresh Max-Age.
    expect(String(used.headers['set-cookie'])).toContain('Max-Age=2592000');
    t.clock += 29 * DAY;
    expect((await session(cookie)).statusCode).toBe(200);
    t.clock += 30 * DAY + 1;
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown email with the same 401 {error: "Incorrect password"}', async () => {
    const account = await createStaff(t.db, 'author');
    const wrong = await signInAs(account.email, 'not the password');
    const unknown = await signInAs('nobody@touchline.test', PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Incorrect password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers 400, never 5xx, to bodies that are not a sign-in', async () => {
    for (const payload of [
      {},
      { email: 'a@b.c' },
      { email: 5, password: [] },
      'x',
      { email: 'no-at', password: 'p' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/session', payload });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toHaveProperty('error');
    }
  });
});

describe('guessing', () => {
  it('limits failed sign-ins per account and address with 429 and Retry-After, until the window ends', async () => {
    const account = await createStaff(t.db, 'owner');
    for (let i = 0; i < 3; i++) expect((await signInAs(account.email, 'guess', '198.51.100.1')).statusCode).toBe(401);
    const blocked = await signInAs(account.email, PASSWORD, '198.51.100.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    // Another address is not shut out by those failures.
    expect((await signInAs(account.email, PASSWORD, '198.51.100.99')).statusCode).toBe(200);
    // No permanent lockout: once the window has passed the owner signs in from the first address too.
    t.clock += 15 * 60_000;
    expect((await signInAs(account.email, PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });

  it('limits failed sign-ins per address, whichever emails it tries', async () => {
    const account = await createStaff(t.db, 'author');
    for (let i = 0; i < 5; i++) expect((await signInAs(`guess${i}@touchline.test`, 'guess')).statusCode).toBe(401);
    expect((await signInAs(account.email, PASSWORD)).statusCode).toBe(429);
    expect((await signInAs(account.email, PASSWORD, '192.0.2.1')).statusCode).toBe(200);
  });
});

describe('cross-site writes', () => {
  it('refuses a cookie write from another origin with 403 and changes nothing; the own origin passes', async () => {
    const account = await createStaff(t.db, 'editor');
    const cookie = await signIn(t.app, account.email);
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { origin: 'null' },
      // Neither header: only a non-browser client omits both, and such a client uses a key.
      {},
    ];
    for (const headers of refused) {
      const res = await post({ cookie, ...headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'This request did not come from this site' });
    }
    expect(await countPosts(t.db)).toBe(0);
    expect((await post({ cookie, referer: `${PUBLIC_URL}/admin` })).statusCode).toBe(201);
    expect((await post({ cookie, ...SAME_ORIGIN })).statusCode).toBe(201);
    expect(await countPosts(t.db)).toBe(2);
  });

  it('exempts Bearer and API-key writes, which a browser never sends by itself', async () => {
    const res = await post({ authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(201);
  });

  it('accepts the listening address as an own origin too', async () => {
    const both = await startTestApp({ testDb: t.testDb, listenUrl: 'http://127.0.0.1:3000' });
    try {
      const account = await createStaff(t.db, 'editor');
      const cookie = await signIn(both.app, account.email);
      const from = (origin: string) =>
        both.app.inject({ method: 'POST', url: '/api/blogs', headers: { cookie, origin }, payload: validSubmission() });
      expect((await from('http://127.0.0.1:3000')).statusCode).toBe(201);
      expect((await from('https://TOUCHLINE.test')).statusCode).toBe(201);
      expect((await from('http://127.0.0.1:3001')).statusCode).toBe(403);
    } finally {
      await both.close();
    }
  });
});

describe('API keys', () => {
  /** Keys are made and revoked by a signed-in owner only (never by a key). */
  const signedInOwner = async () => ({
    cookie: await signIn(t.app, (await createStaff(t.db, 'owner')).email),
    ...SAME_ORIGIN,
  });

  it('creates a key shown once (201), lists it without the secret, and revokes it (204) so it answers 401', async () => {
    const owner = await signedInOwner();
    const created = await t.app.inject({ method: 'POST', url: '/api/keys', headers: owner, payload: { name: 'CI' } });
    expect(created.statusCode).toBe(201);
    const { id, name, key } = created.json<{ id: number; name: string; key: string }>();
    expect(name).toBe('CI');
    const listed = await t.app.inject({ method: 'GET', url: '/api/keys', headers: owner });
    expect(listed.json()).toEqual([{ id, name: 'CI', createdAt: new Date(START).toISOString() }]);
    expect(listed.body).not.toContain(key);
    const stored = await t.db.kysely.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(key);

    // Owner rights, as Bearer or as the body's accessToken, with no origin check.
    expect((await post({ authorization: `Bearer ${key}`, origin: 'https://evil.example' })).statusCode).toBe(201);
    const asField = await post({}, { ...validSubmission(), accessToken: key });
    expect(asField.statusCode).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/blogs/${asField.json<BlogPost>().id}`,
      headers: {
        authorization: `Bearer ${key}`,
      },
    });
    // A key names no account.
    expect(read.json()).toMatchObject({ createdBy: null, updatedBy: null });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: owner })).statusCode).toBe(204);
    const after = await post({ authorization: `Bearer ${key}` });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Invalid access token' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/keys/${id}`, headers: owner })).statusCode).toBe(404);
  });

  it('lets only the owner manage keys', async () => {
    const editor = await createStaff(t.db, 'editor');
    const cookie = await signIn(t.app, editor.email);
    const headers = { cookie, ...SAME_ORIGIN };
    for (const [method, url] of [
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['DELETE', '/api/keys/1'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, payload: method === 'POST' ? { name: 'x' } : undefined });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/keys' })).statusCode).toBe(401);
    const owner = await createStaff(t.db, 'owner');
    const ownerCookie = await signIn(t.app, owner.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: ownerCookie, ...SAME_ORIGIN },
      payload: { name: 'Deploy' },
    });
    expect(res.statusCode).toBe(201);
  });
});
