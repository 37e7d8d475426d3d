// The owners' second-factor policy: a required person without a factor reaches nothing but setting one up; a session
// made with the password alone never reaches a staff route while a factor is required; keys are unchanged.
import { TOTP } from 'otpauth';
import { createStaff, SAME_ORIGIN, signIn } from '../helpers/accounts';
import { SoftAuthenticator } from '../helpers/softAuthenticator';
import { PUBLIC_URL, TOKEN, useTestApp } from '../helpers/testApp';

const t = useTestApp({ alsoEmpty: ['accounts', 'site_settings'], sharedApp: true });
const SITE = { origin: PUBLIC_URL, rpId: 'touchline.test' };
const SETUP_REQUIRED = 'Set up a passkey or an authenticator app first: a second factor is required';
const NEEDED = 'Sign in with your passkey or your authenticator app: a second factor is required';

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, payload });
const require2fa = async (policy: 'none' | 'editors' | 'all') => {
  const owner = await createStaff(t.db, 'owner');
  const res = await send('PUT', '/api/account/second-factor/policy', await signIn(t.app, owner.email), { policy });
  expect(res.statusCode).toBe(200);
};

it('lets only owners set the policy', async () => {
  const editor = await createStaff(t.db, 'editor');
  const res = await send('PUT', '/api/account/second-factor/policy', await signIn(t.app, editor.email), {
    policy: 'all',
  });
  expect(res.statusCode).toBe(403);
  const bad = await send('PUT', '/api/account/second-factor/policy', await signIn(t.app, editor.email), {
    policy: 'sometimes',
  });
  expect(bad.statusCode).toBe(400);
});

it('sends a required person without a factor to set one up, and lets them in once they have', async () => {
  const editor = await createStaff(t.db, 'editor');
  const contributor = await createStaff(t.db, 'contributor');
  const before = await signIn(t.app, editor.email);
  await require2fa('editors');
  // A session from before the policy is held to it as well.
  expect((await get('/api/users', before)).json()).toEqual({ error: SETUP_REQUIRED });
  const cookie = await signIn(t.app, editor.email);
  const users = await get('/api/users', cookie);
  expect(users.statusCode).toBe(403);
  expect(users.json()).toEqual({ error: SETUP_REQUIRED });
  expect((await send('POST', '/api/blogs', cookie, {})).statusCode).toBe(403);
  expect((await get('/api/account/second-factor', cookie)).json()).toMatchObject({
    policy: 'editors',
    setupRequired: true,
  });
  // Contributors are not covered by "owners and editors".
  expect((await get('/api/account/profile', await signIn(t.app, contributor.email))).statusCode).toBe(200);

  const { secret } = (await send('POST', '/api/account/totp', cookie)).json<{ secret: string }>();
  const confirmed = await send('POST', '/api/account/totp/confirm', cookie, { code: new TOTP({ secret }).generate() });
  expect(confirmed.statusCode).toBe(200);
  expect((await get('/api/users', cookie)).statusCode).toBe(200);
  expect((await get('/api/account/second-factor', cookie)).json()).toMatchObject({ setupRequired: false });
});

it('counts a passkey as a second factor, and refuses a password-only session of someone who has one', async () => {
  await require2fa('all');
  const contributor = await createStaff(t.db, 'contributor');
  const first = await signIn(t.app, contributor.email);
  const challenge = (await send('POST', '/api/account/passkeys/options', first)).json<{ challenge: string }>()
    .challenge;
  const authenticator = new SoftAuthenticator();
  const added = await send('POST', '/api/account/passkeys', first, {
    name: 'Phone',
    response: authenticator.register(challenge, SITE),
  });
  expect(added.statusCode).toBe(201);
  expect((await get('/api/account/profile', first)).statusCode).toBe(200);

  const passwordOnly = await signIn(t.app, contributor.email);
  expect((await get('/api/account/profile', passwordOnly)).json()).toEqual({ error: NEEDED });
  expect((await get('/api/account/second-factor', passwordOnly)).json()).toEqual({ error: NEEDED });
  expect((await send('POST', '/api/account/passkeys/options', passwordOnly)).statusCode).toBe(403);

  const options = (
    await t.app.inject({ method: 'POST', url: '/api/session/passkey/options', headers: SAME_ORIGIN })
  ).json<{ challenge: string }>();
  const bypasskey = await t.app.inject({
    method: 'POST',
    url: '/api/session/passkey',
    headers: SAME_ORIGIN,
    payload: { response: authenticator.assert(options.challenge, SITE) },
  });
  const cookie = bypasskey.headers['set-cookie'] as string;
  expect((await get('/api/account/profile', cookie.split(';')[0]!)).statusCode).toBe(200);
});

it('leaves API keys and the admin token as they were', async () => {
  await require2fa('all');
  const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
});
