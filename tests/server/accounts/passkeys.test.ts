// Passkeys through the real @simplewebauthn/server with a software authenticator: registration and a sign-in with no
// password; single-use, 5-minute challenges; the origin and RP ID PUBLIC_URL names; a counter that goes backwards.
import { cookieOf, createStaff, SAME_ORIGIN, signIn } from '../helpers/accounts';
import { SoftAuthenticator } from '../helpers/softAuthenticator';
import type { ClientSide } from '../helpers/softAuthenticator';
import { PUBLIC_URL, useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-28T09:00:00.000Z');
const SITE: ClientSide = { origin: PUBLIC_URL, rpId: 'touchline.test' };

const t = useTestApp({ now: START, alsoEmpty: ['accounts', 'site_settings'], sharedApp: true });

const post = (url: string, cookie: string | undefined, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: cookie === undefined ? SAME_ORIGIN : { ...SAME_ORIGIN, cookie },
    payload,
  });

type CreationOptions = {
  challenge: string;
  rp: { id: string };
  authenticatorSelection: { residentKey: string; userVerification: string };
};

async function registrationChallenge(cookie: string): Promise<string> {
  const res = await post('/api/account/passkeys/options', cookie);
  expect(res.statusCode).toBe(200);
  return res.json<CreationOptions>().challenge;
}

const addPasskey = (cookie: string, response: object, name = 'Work laptop') =>
  post('/api/account/passkeys', cookie, { name, response });

async function signInChallenge(): Promise<string> {
  const res = await post('/api/session/passkey/options', undefined);
  expect(res.statusCode).toBe(200);
  return res.json<{ challenge: string }>().challenge;
}
const passkeySignIn = (response: object) => post('/api/session/passkey', undefined, { response });

/** An editor with one passkey: the account, a session and the authenticator. */
async function withPasskey() {
  const account = await createStaff(t.db, 'editor');
  const cookie = await signIn(t.app, account.email);
  const authenticator = new SoftAuthenticator();
  const res = await addPasskey(cookie, authenticator.register(await registrationChallenge(cookie), SITE));
  expect(res.statusCode).toBe(201);
  return { account, cookie, authenticator, added: res.json<{ recoveryCodes?: string[] }>() };
}

it('registers a discoverable passkey with user verification, and signs in with it alone', async () => {
  const account = await createStaff(t.db, 'editor');
  const cookie = await signIn(t.app, account.email);
  const options = (await post('/api/account/passkeys/options', cookie)).json<CreationOptions>();
  expect(options.rp.id).toBe('touchline.test');
  expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
  const authenticator = new SoftAuthenticator();
  const added = await addPasskey(cookie, authenticator.register(options.challenge, SITE));
  expect(added.statusCode).toBe(201);
  const body = added.json<{ passkey: { name: string; lastUsedAt: null }; recoveryCodes: string[] }>();
  expect(body.passkey).toMatchObject({ name: 'Work laptop', lastUsedAt: null });
  expect(body.recoveryCodes).toHaveLength(10);

  t.clock += 60_000;
  const res = await passkeySignIn(authenticator.assert(await signInChallenge(), SITE));
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ user: { id: account.id, email: account.email, name: account.name, role: 'editor' } });
  const session = cookieOf(res.headers['set-cookie']);
  const status = await t.app.inject({ method: 'GET', url: '/api/account/second-factor', headers: { cookie: session } });
  expect(status.json()).toMatchObject({
    passkeys: [{ name: 'Work laptop', lastUsedAt: new Date(t.clock).toISOString() }],
    recoveryCodes: 10,
  });
  // A second passkey is no first factor: no new recovery codes.
  const second = await addPasskey(
    session,
    new SoftAuthenticator().register(await registrationChallenge(session), SITE),
  );
  expect(second.json<{ recoveryCodes?: string[] }>().recoveryCodes).toBeUndefined();
});

it('takes each challenge once', async () => {
  const account = await createStaff(t.db, 'editor');
  const cookie = await signIn(t.app, account.email);
  const challenge = await registrationChallenge(cookie);
  expect((await addPasskey(cookie, new SoftAuthenticator().register(challenge, SITE))).statusCode).toBe(201);
  const again = await addPasskey(cookie, new SoftAuthenticator().register(challenge, SITE));
  expect(again.statusCode).toBe(400);
  expect(again.json()).toEqual({ error: 'The passkey was not added: try again' });

  const { authenticator } = await withPasskey();
  const signInWith = await signInChallenge();
  expect((await passkeySignIn(authenticator.assert(signInWith, SITE))).statusCode).toBe(200);
  expect((await passkeySignIn(authenticator.assert(signInWith, SITE))).statusCode).toBe(401);
});

it('refuses a challenge older than 5 minutes', async () => {
  const { cookie, authenticator } = await withPasskey();
  const registering = await registrationChallenge(cookie);
  const signingIn = await signInChallenge();
  t.clock += 5 * 60_000 + 1;
  expect((await addPasskey(cookie, new SoftAuthenticator().register(registering, SITE))).statusCode).toBe(400);
  expect((await passkeySignIn(authenticator.assert(signingIn, SITE))).statusCode).toBe(401);
  expect((await passkeySignIn(authenticator.assert(await signInChallenge(), SITE))).statusCode).toBe(200);
});

it('refuses another origin and another RP ID', async () => {
  const { cookie, authenticator } = await withPasskey();
  const phished = { origin: 'https://touchline.test.evil.example', rpId: 'touchline.test' };
  const otherRp = { origin: PUBLIC_URL, rpId: 'evil.example' };
  expect(
    (await addPasskey(cookie, new SoftAuthenticator().register(await registrationChallenge(cookie), phished)))
      .statusCode,
  ).toBe(400);
  expect(
    (await addPasskey(cookie, new SoftAuthenticator().register(await registrationChallenge(cookie), otherRp)))
      .statusCode,
  ).toBe(400);
  expect((await passkeySignIn(authenticator.assert(await signInChallenge(), phished))).statusCode).toBe(401);
  expect((await passkeySignIn(authenticator.assert(await signInChallenge(), otherRp))).statusCode).toBe(401);
  expect((await passkeySignIn(authenticator.assert(await signInChallenge(), SITE))).statusCode).toBe(200);
});

it('refuses a counter that goes backwards (a cloned authenticator) and keeps the stored one', async () => {
  const { authenticator } = await withPasskey();
  expect((await passkeySignIn(authenticator.assert(await signInChallenge(), SITE, 7))).statusCode).toBe(200);
  const clone = await passkeySignIn(authenticator.assert(await signInChallenge(), SITE, 3));
  expect(clone.statusCode).toBe(401);
  expect((await passkeySignIn(authenticator.assert(await signInChallenge(), SITE, 7))).statusCode).toBe(401);
  const row = await t.db.kysely.selectFrom('passkeys').select('counter').executeTakeFirstOrThrow();
  expect(Number(row.counter)).toBe(7);
  expect((await passkeySignIn(authenticator.assert(await signInChallenge(), SITE, 8))).statusCode).toBe(200);
});

it("removes a passkey of one's own only, and it signs in no more", async () => {
  const { cookie, authenticator } = await withPasskey();
  const other = await createStaff(t.db, 'editor');
  const otherCookie = await signIn(t.app, other.email);
  const [{ id }] = (
    await t.app.inject({ method: 'GET', url: '/api/account/second-factor', headers: { cookie } })
  ).json<{ passkeys: { id: number }[] }>().passkeys as [{ id: number }];
  const remove = (as: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/account/passkeys/${id}`, headers: { ...SAME_ORIGIN, cookie: as } });
  expect((await remove(otherCookie)).statusCode).toBe(404);
  expect((await remove(cookie)).statusCode).toBe(204);
  expect((await passkeySignIn(authenticator.assert(await signInChallenge(), SITE))).statusCode).toBe(401);
});

describe('with low sign-in limits', () => {
  const limited = useTestApp({
    now: START,
    alsoEmpty: ['accounts'],
    attemptLimits: { address: { max: 3, windowMs: 15 * 60_000 } },
  });

  it('counts a failed passkey sign-in like a password attempt from the address', async () => {
    const stranger = new SoftAuthenticator();
    const options = async () =>
      (await limited.app.inject({ method: 'POST', url: '/api/session/passkey/options' })).json<{ challenge: string }>()
        .challenge;
    const attempt = async () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/session/passkey',
        payload: { response: stranger.assert(await options(), SITE) },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many failed sign-in attempts. Try again later.' });
  });
});
