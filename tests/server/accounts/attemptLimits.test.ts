// The guess limits at their documented numbers, under bursts sent all at once: sign-in per account-and-address pair,
// per address and per account, codes, wrong tokens; the owner's sign-in from a clean address during an attack; and
// control characters refused with a 400 (never a 500) on both databases.
import { DEFAULT_ATTEMPT_LIMITS } from '../../../src/server/accounts/attemptLimits';
import { PasswordHasher } from '../../../src/server/accounts/passwords';
import { validSubmission } from '../fixtures/submissions';
import { createStaff, PASSWORD, SAME_ORIGIN } from '../helpers/accounts';
import { TOKEN, useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-26T09:00:00.000Z');
const MINUTE = 60_000;

const t = useTestApp({ now: START, alsoEmpty: ['accounts', 'api_keys', 'invitations'] });

const signInAs = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password }, remoteAddress });

/** Sends every request at once and counts the answers by status. */
async function burst(requests: Promise<{ statusCode: number }>[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of await Promise.all(requests)) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}
const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

/** How many passwords the server compares with a hash (verifyNobody, for an unknown email, goes through verify). */
let checked: jest.SpyInstance;
beforeEach(() => {
  checked = jest.spyOn(PasswordHasher.prototype, 'verify');
});
afterEach(() => checked.mockRestore());

it('documents the limits it applies', () => {
  expect(DEFAULT_ATTEMPT_LIMITS).toEqual({
    pair: { max: 10, windowMs: 15 * MINUTE },
    address: { max: 30, windowMs: 15 * MINUTE },
    account: { max: 100, windowMs: 60 * MINUTE },
    token: { max: 10, windowMs: 15 * MINUTE },
    resetEmail: { max: 5, windowMs: 60 * MINUTE },
    deskWrites: { max: 30, windowMs: 60 * MINUTE },
  });
});

describe('per account and address', () => {
  it('checks 10 of 50 wrong passwords sent at once; the rest are 429 with Retry-After', async () => {
    const owner = await createStaff(t.db, 'owner');
    const answers = await Promise.all(times(50, () => signInAs(owner.email, 'guess', '198.51.100.1')));
    const counts: Record<number, number> = {};
    for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    expect(counts).toEqual({ 401: 10, 429: 40 });
    // Counted before the hash: the 40 refused were never compared.
    expect(checked).toHaveBeenCalledTimes(10);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
    expect(refused.json()).toEqual({ error: 'Too many failed sign-in attempts. Try again later.' });
    // The right password from that address waits too, and is never called incorrect.
    const right = await signInAs(owner.email, PASSWORD, '198.51.100.1');
    expect(right.statusCode).toBe(429);
    t.clock += 5 * MINUTE;
    expect(Number((await signInAs(owner.email, PASSWORD, '198.51.100.1')).headers['retry-after'])).toBe(10 * 60);
    t.clock += 10 * MINUTE;
    expect((await signInAs(owner.email, PASSWORD, '198.51.100.1')).statusCode).toBe(200);
  });

  it('takes back a success: 10 right passwords at once all sign in and leave no count behind', async () => {
    const owner = await createStaff(t.db, 'owner');
    // Counted at start (so no more than 10 are ever in flight) and released on success.
    const counts = await burst(times(10, () => signInAs(owner.email, PASSWORD, '198.51.100.2')));
    expect(counts).toEqual({ 200: 10 });
    for (let i = 0; i < 9; i++) expect((await signInAs(owner.email, 'guess', '198.51.100.2')).statusCode).toBe(401);
    expect((await signInAs(owner.email, PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });
});

describe('per address', () => {
  it('checks 30 of 50 sign-ins at once from one address on 50 emails, and other addresses go on', async () => {
    const owner = await createStaff(t.db, 'owner');
    const counts = await burst(times(50, (i) => signInAs(`guess${i}@touchline.test`, 'guess', '198.51.100.3')));
    expect(counts).toEqual({ 401: 30, 429: 20 });
    expect(checked).toHaveBeenCalledTimes(30);
    expect((await signInAs(owner.email, PASSWORD, '198.51.100.3')).statusCode).toBe(429);
    expect((await signInAs(owner.email, PASSWORD, '198.51.100.4')).statusCode).toBe(200);
  });

  it('counts every address of an IPv6 /64 as one', async () => {
    const counts = await burst(times(50, (i) => signInAs(`g${i}@touchline.test`, 'guess', `2001:db8:1:2::${i + 1}`)));
    expect(counts).toEqual({ 401: 30, 429: 20 });
  });

  it('counts setup and invitation codes: 30 of 50 wrong codes at once are checked', async () => {
    const counts = await burst(
      times(50, (i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: SAME_ORIGIN,
          payload: { invitation: `wrong-${i}`, email: 'new@touchline.test', password: 'a long new password' },
          remoteAddress: '198.51.100.5',
        }),
      ),
    );
    expect(counts).toEqual({ 403: 30, 429: 20 });
  });
});

describe('per account, from every address together', () => {
  it('refuses addresses with recent failures past 100, while a clean address still signs in', async () => {
    const owner = await createStaff(t.db, 'owner');
    const attacker = (i: number) => `203.0.113.${i % 25}`;
    // 25 addresses, 4 failures each: 100, under each pair's 10.
    for (let round = 0; round < 2; round++)
      expect(await burst(times(50, (i) => signInAs(owner.email, 'guess', attacker(i))))).toEqual({ 401: 50 });
    // Past the ceiling, none of 50 more from those addresses is checked, the right password included.
    expect(await burst(times(50, (i) => signInAs(owner.email, 'guess', attacker(i))))).toEqual({ 429: 50 });
    expect((await signInAs(owner.email, PASSWORD, attacker(0))).statusCode).toBe(429);
    expect(checked).toHaveBeenCalledTimes(100);
    // The owner, from an address with no recent failure, signs in during the attack.
    expect((await signInAs(owner.email, PASSWORD, '192.0.2.10')).statusCode).toBe(200);
    // A fresh address gets one try: 50 at once from it check one password.
    expect(await burst(times(50, () => signInAs(owner.email, 'guess', '192.0.2.11')))).toEqual({ 401: 1, 429: 49 });
    // The ceiling's window is an hour: once their own 15-minute windows end, each attacker address gets one try.
    t.clock += 15 * MINUTE;
    expect(await burst(times(25, (i) => signInAs(owner.email, 'guess', attacker(i))))).toEqual({ 401: 25 });
    expect(await burst(times(25, (i) => signInAs(owner.email, 'guess', attacker(i))))).toEqual({ 429: 25 });
    t.clock += 45 * MINUTE;
    expect(await burst(times(25, (i) => signInAs(owner.email, 'guess', attacker(i + 25))))).toEqual({ 401: 25 });
  });

  it("lets the owner in from a clean address while 50 wrong passwords a second hit the owner's account", async () => {
    const owner = await createStaff(t.db, 'owner');
    const attack = times(50, (i) => signInAs(owner.email, 'guess', `203.0.113.${i % 5}`));
    const own = signInAs(owner.email, PASSWORD, '192.0.2.20');
    const [answer] = await Promise.all([own, ...attack]);
    expect(answer.statusCode).toBe(200);
    expect(await burst(times(50, (i) => signInAs(owner.email, 'guess', `203.0.113.${i % 5}`)))).toEqual({
      429: 50,
    });
    expect((await signInAs(owner.email, PASSWORD, '192.0.2.20')).statusCode).toBe(200);
  });
});

describe('wrong tokens', () => {
  const write = (token: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: { authorization: `Bearer ${token}` },
      payload: validSubmission(),
      remoteAddress,
    });

  it('answers 401 to 10 of 50 wrong tokens sent at once, then 429 even to the right one', async () => {
    expect(await burst(times(50, (i) => write(`wrong-${i}`, '198.51.100.6')))).toEqual({ 401: 10, 429: 40 });
    expect((await write(TOKEN, '198.51.100.6')).statusCode).toBe(429);
    expect((await write(TOKEN, '198.51.100.7')).statusCode).toBe(201);
  });

  it("are not the sign-in's: a blocked token address still signs in, and a session writes", async () => {
    const owner = await createStaff(t.db, 'owner');
    expect(await burst(times(11, (i) => write(`wrong-${i}`, '198.51.100.8')))).toEqual({ 401: 10, 429: 1 });
    const signedIn = await signInAs(owner.email, PASSWORD, '198.51.100.8');
    expect(signedIn.statusCode).toBe(200);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const written = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: { cookie, ...SAME_ORIGIN },
      payload: validSubmission(),
      remoteAddress: '198.51.100.8',
    });
    expect(written.statusCode).toBe(201);
  });
});

describe('control characters', () => {
  const NUL = '\u0000';
  const bad = [NUL, '\u0007', '\u001b', '\u007f', '\u0085'];

  it('refuses a sign-in email with one as a 400 that counts as a failed attempt', async () => {
    const owner = await createStaff(t.db, 'owner');
    for (const char of bad) {
      const res = await signInAs(`own${char}er@touchline.test`, PASSWORD, '198.51.100.9');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Invalid request body',
        details: [{ path: 'email', message: 'must not contain control characters or unpaired surrogates' }],
      });
    }
    // Five counted, with the owner's own address untouched.
    const counts = await burst(times(30, (i) => signInAs(`nul${i}${NUL}@touchline.test`, 'x', '198.51.100.9')));
    expect(counts).toEqual({ 400: 25, 429: 5 });
    expect((await signInAs(owner.email, PASSWORD, '198.51.100.10')).statusCode).toBe(200);
  });

  it('refuses one in a sign-up email or name, an invitation email and a key name, and stores nothing', async () => {
    const owner = await createStaff(t.db, 'owner');
    const signedIn = await signInAs(owner.email, PASSWORD, '198.51.100.11');
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    const asOwner = { cookie, ...SAME_ORIGIN };
    for (const char of bad) {
      const answers = [
        await t.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: SAME_ORIGIN,
          payload: { setup: 'any', email: `a${char}@touchline.test`, password: 'a long new password' },
        }),
        await t.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: SAME_ORIGIN,
          payload: { setup: 'any', email: 'a@touchline.test', password: 'a long new password', name: `A${char}` },
        }),
        await t.app.inject({
          method: 'POST',
          url: '/api/invitations',
          headers: asOwner,
          payload: { email: `b${char}@touchline.test`, role: 'author' },
        }),
        await t.app.inject({ method: 'POST', url: '/api/keys', headers: asOwner, payload: { name: `Deploy${char}` } }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(400);
        expect(answer.body).toContain('must not contain control characters');
      }
    }
    expect(await t.db.kysely.selectFrom('invitations').selectAll().execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('api_keys').selectAll().execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('accounts').select('email').execute()).toEqual([{ email: owner.email }]);
  });
});
