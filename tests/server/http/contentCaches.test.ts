// ContentCaches: when the caches are dropped without a local write, and when the database is asked (never by a read).
import { ContentCaches } from '../../../src/server/http/contentCaches';
import type { ContentState } from '../../../src/server/http/contentCaches';

function setup(initial: ContentState = { revision: 1 }) {
  let clock = 1_000_000;
  let state: ContentState | Error = initial;
  const reads: number[] = [];
  const caches = new ContentCaches({
    now: () => clock,
    listTtlMs: 60_000,
    readState: async (at) => {
      reads.push(at.getTime());
      if (state instanceof Error) throw state;
      return state;
    },
  });
  const fill = () => {
    caches.posts.set('1', { body: 'post' });
    caches.lists.set('20:', { body: 'list' });
  };
  const cached = () => [caches.posts.get('1')?.body, caches.lists.get('20:')?.body];
  return {
    caches,
    reads,
    fill,
    cached,
    advance: (ms: number) => (clock += ms),
    setState: (next: ContentState | Error) => (state = next),
    now: () => clock,
  };
}

afterEach(() => jest.useRealTimers());

test('a timer asks the database once a second, off the request path, and the caches drop only when the revision moved', async () => {
  jest.useFakeTimers();
  const s = setup();
  await s.caches.start();
  try {
    expect(s.reads).toHaveLength(1);
    s.fill();
    // Reads never ask the database themselves.
    for (let i = 0; i < 10; i += 1) expect(s.cached()).toEqual(['post', 'list']);
    await jest.advanceTimersByTimeAsync(999);
    expect(s.reads).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1); // same revision
    expect(s.reads).toHaveLength(2);
    expect(s.cached()).toEqual(['post', 'list']);
    s.setState({ revision: 2 });
    await jest.advanceTimersByTimeAsync(1_000);
    expect(s.cached()).toEqual([undefined, undefined]);
  } finally {
    s.caches.stop();
  }
  await jest.advanceTimersByTimeAsync(5_000);
  expect(s.reads).toHaveLength(3);
});

test('concurrent checks share one read', async () => {
  const s = setup();
  const checks = [s.caches.check(), s.caches.check(), s.caches.check()];
  expect(checks[1]).toBe(checks[0]);
  await Promise.all(checks);
  expect(s.reads).toHaveLength(1);
});

test('drops the caches the moment the next scheduled post comes due, not a millisecond later', async () => {
  const s = setup({ revision: 1, nextPublishAt: 1_000_000 + 10_000 });
  await s.caches.check();
  s.advance(9_999);
  s.fill();
  expect(s.cached()).toEqual(['post', 'list']);
  expect(s.reads).toHaveLength(1);
  s.advance(1);
  expect(s.cached()).toEqual([undefined, undefined]);
  // ...and it asks for the moment after that one, without the read waiting for it.
  await s.caches.check();
  expect(s.reads).toEqual([1_000_000, 1_000_000 + 10_000]);
});

test('a local write learns the state again before it answers (it may have scheduled a post)', async () => {
  const s = setup();
  await s.caches.check();
  s.fill();
  s.setState({ revision: 2, nextPublishAt: s.now() + 5_000 });
  await s.caches.invalidate();
  expect(s.cached()).toEqual([undefined, undefined]);
  expect(s.reads).toHaveLength(2);
  s.fill();
  s.advance(4_999);
  expect(s.cached()).toEqual(['post', 'list']);
  s.advance(1);
  expect(s.cached()).toEqual([undefined, undefined]);
});

test('a check that raced a local write reads again instead of vouching for the caches', async () => {
  const s = setup();
  await s.caches.check();
  const racing = s.caches.check(); // reads revision 1 while the write lands
  s.setState({ revision: 2, nextPublishAt: s.now() + 5_000 });
  await Promise.all([racing, s.caches.invalidate()]);
  expect(s.reads).toHaveLength(3);
  s.fill();
  s.advance(5_000);
  expect(s.cached()).toEqual([undefined, undefined]);
});

test('writes that keep coming do not hold each other up: each answers once a read that started after it is in', async () => {
  const answers: (() => void)[] = [];
  const caches = new ContentCaches({
    now: () => 0,
    readState: () => new Promise<ContentState>((resolve) => answers.push(() => resolve({ revision: 1 }))),
  });
  const settled = () => new Promise((resolve) => setImmediate(resolve));
  const done: number[] = [];
  const write = (n: number) => void caches.invalidate().then(() => done.push(n));
  write(1);
  for (let n = 2; n <= 6; n += 1) {
    write(n); // lands while the read for the write before it is in flight
    await settled();
    answers.shift()!();
    await settled();
    expect(done).toEqual(Array.from({ length: n - 1 }, (_, i) => i + 1));
  }
  answers.shift()!();
  await settled();
  expect(done).toEqual([1, 2, 3, 4, 5, 6]);
  expect(answers).toHaveLength(0);
});

test('when the database does not answer, nothing cached is served', async () => {
  const s = setup();
  await s.caches.check();
  s.fill();
  s.setState(new Error('connection refused'));
  await expect(s.caches.check()).resolves.toBeUndefined();
  expect(s.cached()).toEqual([undefined, undefined]);
});

test('without caching there is nothing to check and the database is never asked', async () => {
  const caches = new ContentCaches({
    enabled: false,
    readState: async () => {
      throw new Error('must not be called');
    },
  });
  await caches.start();
  await caches.check();
  caches.stop();
});
