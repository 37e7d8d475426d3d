// Two real server processes on one database (as behind a load balancer): a session from one works on the other, and
// a sign-out or a revoked key through one is refused by the other within 2 s.
import { validSubmission } from '../fixtures/submissions';
import { within2s, withTwoServers } from '../helpers/serverProcess';

jest.setTimeout(90_000);

const OWNER = { email: 'owner@touchline.test', password: 'two processes, one owner' };

it('honours a session from A on B, and B refuses a sign-out or a revoked key made through A', async () => {
  const env = {
    ADMIN_TOKEN: 'two-process-test-token-0123456789abcdef',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  };
  await withTwoServers(env, async (a, b) => {
    const signIn = await fetch(`${a}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const onB = async () => (await fetch(`${b}/api/session`, { headers: { cookie } })).status;
    expect(await onB()).toBe(200);

    // A key made through A (a cookie write from A's own page) works on B until A revokes it.
    const made = await fetch(`${a}/api/keys`, {
      method: 'POST',
      headers: { cookie, origin: a, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Deploy' }),
    });
    expect(made.status).toBe(201);
    const { id, key } = (await made.json()) as { id: number; key: string };
    const postOnB = async () =>
      (
        await fetch(`${b}/api/blogs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(validSubmission()),
        })
      ).status;
    expect(await postOnB()).toBe(201);
    const revoked = await fetch(`${a}/api/keys/${id}`, { method: 'DELETE', headers: { cookie, origin: a } });
    expect(revoked.status).toBe(204);
    await within2s(async () => (await postOnB()) === 401);

    const out = await fetch(`${a}/api/session`, { method: 'DELETE', headers: { cookie, origin: a } });
    expect(out.status).toBe(204);
    await within2s(async () => (await onB()) === 401);
  });
});
