// The authenticator app: set-up enabled only by a right code, sign-in in two steps, ±1 step of drift, no replay,
// the code limits, recovery codes (single use, hashed), turning it off, and a secret a database copy does not give.
import { TOTP } from 'otpauth';
import { SecretBox } from '../../../src/server/accounts/secretBox';
import { hashRecoveryCode } from '../../../src/server/accounts/recoveryCodes';
import { cookieOf, createStaff, PASSWORD, SAME_ORIGIN, signIn } from '../helpers/accounts';
import { TOKEN, useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-28T09:00:00.000Z');
const STEP = 30_000;

const t = useTestApp({ now: START, alsoEmpty: ['accounts', 'site_settings', 'mail_outbox'], sharedApp: true });

const code = (secret: string, at: number) => new TOTP({ secret: secret }).generate({ timestamp: at });

const post = (url: string, cookie: string | undefined, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: cookie === undefined ? SAME_ORIGIN : { ...SAME_ORIGIN, cookie },
    payload,
  });
const status = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/account/second-factor', headers: { cookie } });

/** An editor with the authenticator app on: the account, a session, the secret and the first recovery codes. */
async function withTotp() {
  const account = await createStaff(t.db, 'editor');
  const cookie = await signIn(t.app, account.email);
  const setup = await post('/api/account/totp', cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, uri, qr } = setup.json<{ secret: string; uri: string; qr: string }>();
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(qr).toMatch(/^data:image\/png;base64,/);
  const confirmed = await post('/api/account/totp/confirm', cookie, { code: code(secret, t.clock) });
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  t.clock += 2 * STEP;
  return { account, cookie, secret, recoveryCodes };
}

const password = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password: PASSWORD } });
async function ticketFor(email: string): Promise<string> {
  const res = await password(email);
  expect(res.statusCode).toBe(200);
  const body = res.json<{ codeNeeded: boolean; ticket: string }>();
  expect(body.codeNeeded).toBe(true);
  expect(res.headers['set-cookie']).toBeUndefined();
  return body.ticket;
}
const codeStep = (ticket: string, value: string) => post('/api/session/code', undefined, { ticket, code: value });

it('is enabled only by a right code, and shows ten recovery codes once', async () => {
  const account = await createStaff(t.db, 'editor');
  const cookie = await signIn(t.app, account.email);
  const { secret } = (await post('/api/account/totp', cookie)).json<{ secret: string }>();
  const wrong = await post('/api/account/totp/confirm', cookie, { code: '000000' });
  expect(wrong.statusCode).toBe(400);
  expect((await status(cookie)).json()).toMatchObject({ totp: false, recoveryCodes: 0 });
  // Until enabled, the password alone still signs in.
  expect((await password(account.email)).headers['set-cookie']).toBeDefined();
  const right = await post('/api/account/totp/confirm', cookie, { code: code(secret, t.clock) });
  expect(right.statusCode).toBe(200);
  const { recoveryCodes } = right.json<{ recoveryCodes: string[] }>();
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  expect((await status(cookie)).json()).toMatchObject({ totp: true, recoveryCodes: 10 });
  expect((await post('/api/account/totp', cookie)).statusCode).toBe(409);
});

it('signs in with the password and then a code, with one step of clock drift either way and no more', async () => {
  const { account, secret } = await withTotp();
  const early = await codeStep(await ticketFor(account.email), code(secret, t.clock - STEP));
  expect(early.statusCode).toBe(200);
  const cookie = cookieOf(early.headers['set-cookie']);
  expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
  t.clock += 3 * STEP;
  expect((await codeStep(await ticketFor(account.email), code(secret, t.clock + STEP))).statusCode).toBe(200);
  t.clock += 3 * STEP;
  const ticket = await ticketFor(account.email);
  expect((await codeStep(ticket, code(secret, t.clock - 2 * STEP))).statusCode).toBe(401);
  expect((await codeStep(ticket, code(secret, t.clock + 2 * STEP))).statusCode).toBe(401);
  expect((await codeStep(ticket, code(secret, t.clock))).statusCode).toBe(200);
});

it('takes a code once: the same code (or an older one) is refused within its window', async () => {
  const { account, secret } = await withTotp();
  const now = code(secret, t.clock);
  expect((await codeStep(await ticketFor(account.email), now)).statusCode).toBe(200);
  const replay = await codeStep(await ticketFor(account.email), now);
  expect(replay.statusCode).toBe(401);
  expect(replay.json()).toEqual({ error: 'That code is not right: check your app, or use a recovery code' });
  expect((await codeStep(await ticketFor(account.email), code(secret, t.clock - STEP))).statusCode).toBe(401);
});

it('ends a sign-in after 5 wrong codes, and refuses an account 10 wrong codes in 15 minutes', async () => {
  const { account, secret } = await withTotp();
  const ticket = await ticketFor(account.email);
  for (let i = 0; i < 4; i += 1) expect((await codeStep(ticket, '000000')).statusCode).toBe(401);
  const fifth = await codeStep(ticket, '000000');
  expect(fifth.json<{ error: string }>().error).toMatch(/Too many wrong codes/);
  // The ended sign-in takes no code at all, not even the right one.
  const ended = await codeStep(ticket, code(secret, t.clock));
  expect(ended.statusCode).toBe(401);
  expect(ended.json()).toEqual({ error: 'This sign-in has ended: enter your email and password again' });
  const second = await ticketFor(account.email);
  for (let i = 0; i < 5; i += 1) expect((await codeStep(second, '000000')).statusCode).toBe(401);
  const third = await ticketFor(account.email);
  const refused = await codeStep(third, code(secret, t.clock));
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
  t.clock += 15 * 60_000;
  expect((await codeStep(await ticketFor(account.email), code(secret, t.clock))).statusCode).toBe(200);
});

it('takes a recovery code in place of the app code, once, and stores the codes hashed', async () => {
  const { account, recoveryCodes } = await withTotp();
  const stored = await t.db.kysely
    .selectFrom('recovery_codes')
    .select('code_hash')
    .where('account_id', '=', account.id)
    .execute();
  expect(stored).toHaveLength(10);
  const hashes = stored.map((row) => row.code_hash);
  for (const each of recoveryCodes) {
    expect(hashes).not.toContain(each);
    expect(hashes).toContain(hashRecoveryCode(each));
  }
  const used = recoveryCodes[3]!;
  const first = await codeStep(await ticketFor(account.email), used.toUpperCase());
  expect(first.statusCode).toBe(200);
  expect((await codeStep(await ticketFor(account.email), used)).statusCode).toBe(401);
  expect((await status(cookieOf(first.headers['set-cookie']))).json()).toMatchObject({ recoveryCodes: 9 });
});

it('makes new recovery codes that replace every old one', async () => {
  const { account, cookie, recoveryCodes } = await withTotp();
  const res = await post('/api/account/recovery-codes', cookie);
  expect(res.statusCode).toBe(200);
  const fresh = res.json<{ recoveryCodes: string[] }>().recoveryCodes;
  expect(fresh).toHaveLength(10);
  expect((await codeStep(await ticketFor(account.email), recoveryCodes[0]!)).statusCode).toBe(401);
  expect((await codeStep(await ticketFor(account.email), fresh[0]!)).statusCode).toBe(200);
});

it('turns off only with a current code or the password', async () => {
  const { account, cookie, secret } = await withTotp();
  expect((await post('/api/account/totp/off', cookie, {})).statusCode).toBe(400);
  expect((await post('/api/account/totp/off', cookie, { password: 'not it' })).statusCode).toBe(400);
  expect((await post('/api/account/totp/off', cookie, { code: '000000' })).statusCode).toBe(400);
  expect((await post('/api/account/totp/off', cookie, { code: code(secret, t.clock) })).statusCode).toBe(204);
  expect((await password(account.email)).headers['set-cookie']).toBeDefined();
  const again = await withTotp();
  expect((await post('/api/account/totp/off', again.cookie, { password: PASSWORD })).statusCode).toBe(204);
});

it('keeps the secret sealed: the database alone gives no codes', async () => {
  const { account, secret } = await withTotp();
  const row = await t.db.kysely
    .selectFrom('totp_secrets')
    .selectAll()
    .where('account_id', '=', account.id)
    .executeTakeFirstOrThrow();
  expect(JSON.stringify(row)).not.toContain(secret);
  expect(new SecretBox(TOKEN).open(row.sealed_secret)).toBe(secret);
  expect(() => new SecretBox('a guess at the server secret 0123456789').open(row.sealed_secret)).toThrow();
});

it('refuses an API key or the admin token, and a code step from another site', async () => {
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/account/totp',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(key.statusCode).toBe(403);
  const cross = await t.app.inject({
    method: 'POST',
    url: '/api/session/code',
    headers: { origin: 'https://elsewhere.test' },
    payload: { ticket: 'x', code: '123456' },
  });
  expect(cross.statusCode).toBe(403);
});

it('tells the person by mail of each change to their sign-in settings when mail is configured', async () => {
  await t.restart({
    mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'desk@touchline.test', digestMs: 0 },
    mailPollMs: 3_600_000,
  });
  const { account, cookie } = await withTotp();
  await post('/api/account/recovery-codes', cookie);
  const mail = await t.db.kysely
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'body'])
    .where('to_address', '=', account.email)
    .orderBy('id')
    .execute();
  expect(mail.map((m) => m.subject)).toEqual([
    'Your Touchline sign-in settings changed',
    'Your Touchline sign-in settings changed',
  ]);
  expect(mail[0]!.body).toContain('Your authenticator app was turned on.');
  expect(mail[1]!.body).toContain('New recovery codes were made');
});
