// Password reset links (npm run staff -- reset-password): single use, 30 minutes on the app's clock, a new password
// that ends every session, codes counted as guesses, and the sign-in it gives.
import { loggedUrl } from '../../../src/server/http/logging';
import { createPasswordReset } from '../../../src/server/repositories/passwordResetsRepository';
import { cookieOf, createStaff, PASSWORD, SAME_ORIGIN, signIn } from '../helpers/accounts';
import { useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-26T09:00:00.000Z');
const MINUTE = 60_000;
const NEW_PASSWORD = 'a brand new password';

const t = useTestApp({ now: START, alsoEmpty: ['accounts'], sharedApp: true });

const reset = (code: string, password = NEW_PASSWORD, headers: Record<string, string> = SAME_ORIGIN) =>
  t.app.inject({ method: 'POST', url: '/api/password-resets', headers, payload: { code, password } });
const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
const signInWith = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });

it('sets the new password, ends every session of the account, and signs this browser in', async () => {
  const owner = await createStaff(t.db, 'owner');
  const other = await createStaff(t.db, 'editor');
  const [first, second, others] = [
    await signIn(t.app, owner.email),
    await signIn(t.app, owner.email),
    await signIn(t.app, other.email),
  ];
  const code = await createPasswordReset(t.db, owner.id, new Date(t.clock));
  const res = await reset(code);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ user: { id: owner.id, email: owner.email, name: owner.name, role: 'owner' } });
  expect((await session(cookieOf(res.headers['set-cookie']))).statusCode).toBe(200);
  expect((await session(first)).statusCode).toBe(401);
  expect((await session(second)).statusCode).toBe(401);
  // Another account's session is not touched.
  expect((await session(others)).statusCode).toBe(200);
  expect((await signInWith(owner.email, PASSWORD)).statusCode).toBe(401);
  expect((await signInWith(owner.email, NEW_PASSWORD)).statusCode).toBe(200);
});

it('works once', async () => {
  const owner = await createStaff(t.db, 'owner');
  const code = await createPasswordReset(t.db, owner.id, new Date(t.clock));
  const answers = await Promise.all([reset(code), reset(code, 'another new password')]);
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
  const again = await reset(code, 'a third new password');
  expect(again.statusCode).toBe(403);
  expect(again.json()).toEqual({ error: 'This password reset link has already been used: ask for a new one' });
  expect(again.headers['set-cookie']).toBeUndefined();
});

it('expires after 30 minutes on the app clock', async () => {
  const owner = await createStaff(t.db, 'owner');
  const code = await createPasswordReset(t.db, owner.id, new Date(t.clock));
  t.clock += 30 * MINUTE;
  const late = await reset(code);
  expect(late.statusCode).toBe(403);
  expect(late.json()).toEqual({ error: 'This password reset link has expired: ask for a new one' });
  expect((await signInWith(owner.email, PASSWORD)).statusCode).toBe(200);

  const fresh = await createPasswordReset(t.db, owner.id, new Date(t.clock));
  t.clock += 30 * MINUTE - 1;
  expect((await reset(fresh)).statusCode).toBe(200);
});

it('keeps only the newest link of an account', async () => {
  const owner = await createStaff(t.db, 'owner');
  const older = await createPasswordReset(t.db, owner.id, new Date(t.clock));
  const newer = await createPasswordReset(t.db, owner.id, new Date(t.clock));
  const refused = await reset(older);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual({ error: 'This password reset link is not valid: ask for a new one' });
  expect((await reset(newer)).statusCode).toBe(200);
});

it('refuses a weak password with 400 and keeps the link usable', async () => {
  const owner = await createStaff(t.db, 'owner');
  const code = await createPasswordReset(t.db, owner.id, new Date(t.clock));
  expect((await reset(code, 'short')).statusCode).toBe(400);
  expect((await reset(code, owner.email)).statusCode).toBe(400);
  expect((await reset(code)).statusCode).toBe(200);
  expect((await signInWith(owner.email, NEW_PASSWORD)).statusCode).toBe(200);
});

it('refuses a post from another site, and counts wrong codes per address: 30 of 50 at once are checked', async () => {
  const owner = await createStaff(t.db, 'owner');
  const code = await createPasswordReset(t.db, owner.id, new Date(t.clock));
  expect((await reset(code, NEW_PASSWORD, { origin: 'https://evil.example' })).statusCode).toBe(403);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password-resets',
        headers: SAME_ORIGIN,
        payload: { code: `guess-${i}\u0000`, password: NEW_PASSWORD },
        remoteAddress: '198.51.100.1',
      }),
    ),
  );
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  expect(counts).toEqual({ 403: 30, 429: 20 });
  // The link itself still works, from another address.
  expect((await reset(code)).statusCode).toBe(200);
});

it('never logs the code: the request log hides the query of /auth', () => {
  expect(loggedUrl('/auth?reset=secret-code')).toBe('/auth?…');
});

describe('a pending link is retired by', () => {
  const pendingLinks = async (accountId: number) =>
    (
      await t.db.kysely
        .selectFrom('password_resets')
        .select('id')
        .where('account_id', '=', accountId)
        .where('used_at', 'is', null)
        .execute()
    ).length;
  const refusedAsUnknown = async (code: string) => {
    const res = await reset(code);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This password reset link is not valid: ask for a new one' });
  };

  it('a password change', async () => {
    const owner = await createStaff(t.db, 'owner');
    const cookie = await signIn(t.app, owner.email);
    const code = await createPasswordReset(t.db, owner.id, new Date(t.clock));
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { currentPassword: PASSWORD, newPassword: 'a changed password here' },
    });
    expect(changed.statusCode).toBe(204);
    await refusedAsUnknown(code);
  });

  it('a reset with another link of the account', async () => {
    const owner = await createStaff(t.db, 'owner');
    const used = await createPasswordReset(t.db, owner.id, new Date(t.clock));
    // A second live link (one made outside the app, say): createPasswordReset alone keeps only the newest.
    await t.db.kysely
      .insertInto('password_resets')
      .values({
        code_hash: 'f'.repeat(64),
        account_id: owner.id,
        expires_at: new Date(t.clock + 10 * MINUTE).toISOString(),
        created_at: new Date(t.clock).toISOString(),
      })
      .execute();
    expect(await pendingLinks(owner.id)).toBe(2);
    expect((await reset(used)).statusCode).toBe(200);
    expect(await pendingLinks(owner.id)).toBe(0);
  });

  it('a successful sign-in, not a failed one', async () => {
    const owner = await createStaff(t.db, 'owner');
    const code = await createPasswordReset(t.db, owner.id, new Date(t.clock));
    expect((await signInWith(owner.email, 'not the password')).statusCode).toBe(401);
    expect(await pendingLinks(owner.id)).toBe(1);
    expect((await signInWith(owner.email, PASSWORD)).statusCode).toBe(200);
    await refusedAsUnknown(code);
  });
});
