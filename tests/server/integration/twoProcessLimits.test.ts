// Two real server processes on one database (as behind a load balancer, TRUST_PROXY=1): a burst of 50 sent at once,
// half to each, meets the same guess limits as one process would, and the owner still signs in from a clean address.
import { validSubmission } from '../fixtures/submissions';
import { withTwoServers } from '../helpers/serverProcess';

jest.setTimeout(180_000);

const OWNER = { email: 'owner@touchline.test', password: 'two processes, one owner' };

const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
async function burst(requests: Promise<Response>[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const { status } of await Promise.all(requests)) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

it('holds every limit across two processes on one database', async () => {
  const env = {
    ADMIN_TOKEN: 'two-process-test-token-0123456789abcdef',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    // The client's address comes from the one proxy's X-Forwarded-For, so the test can speak from many addresses.
    TRUST_PROXY: '1',
  };
  await withTwoServers(env, async (a, b) => {
    const either = (i: number) => (i % 2 === 0 ? a : b);
    const signIn = (i: number, address: string, email: string, password: string) =>
      fetch(`${either(i)}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email, password }),
      });
    const write = (i: number, address: string, token: string) =>
      fetch(`${either(i)}/api/blogs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': address },
        body: JSON.stringify(validSubmission()),
      });

    // Per account and address: 10 checked of 50, whichever process took them; then the right password waits too.
    expect(await burst(times(50, (i) => signIn(i, '198.51.100.1', OWNER.email, 'guess')))).toEqual({
      401: 10,
      429: 40,
    });
    expect((await signIn(0, '198.51.100.1', OWNER.email, OWNER.password)).status).toBe(429);
    expect((await signIn(1, '198.51.100.1', OWNER.email, OWNER.password)).status).toBe(429);

    // Per address: 30 of 50 on other emails.
    expect(await burst(times(50, (i) => signIn(i, '198.51.100.2', `g${i}@touchline.test`, 'guess')))).toEqual({
      401: 30,
      429: 20,
    });

    // Per account from every address: 100 failures from 25 addresses (4 each), then those addresses are refused
    // on both processes while a clean address signs in.
    const attacker = (i: number) => `203.0.113.${i % 25}`;
    // Already 10 failures on the owner's account from 198.51.100.1: 90 more reach the ceiling.
    const counts = { 401: 0, 429: 0 } as Record<number, number>;
    for (const size of [50, 40]) {
      const round = await burst(times(size, (i) => signIn(i, attacker(i), OWNER.email, 'guess')));
      for (const [status, n] of Object.entries(round)) counts[Number(status)] = (counts[Number(status)] ?? 0) + n;
    }
    expect(counts).toEqual({ 401: 90, 429: 0 });
    expect(await burst(times(50, (i) => signIn(i, attacker(i), OWNER.email, 'guess')))).toEqual({ 429: 50 });
    expect((await signIn(0, '192.0.2.1', OWNER.email, OWNER.password)).status).toBe(200);
    expect((await signIn(1, '192.0.2.2', OWNER.email, OWNER.password)).status).toBe(200);

    // Wrong tokens: 10 of 50 are 401, the rest 429, and then the right token from that address is 429 on both.
    expect(await burst(times(50, (i) => write(i, '198.51.100.3', `wrong-${i}`)))).toEqual({ 401: 10, 429: 40 });
    expect((await write(0, '198.51.100.3', env.ADMIN_TOKEN)).status).toBe(429);
    expect((await write(1, '198.51.100.3', env.ADMIN_TOKEN)).status).toBe(429);
    expect((await write(1, '198.51.100.4', env.ADMIN_TOKEN)).status).toBe(201);
  });
});
