// ContentCaches.refresh(): when the caches are dropped without a local write, and how often the database is asked.
import { ContentCaches } from '../../src/server/contentCaches';
import type { ContentState } from '../../src/server/contentCaches';

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

test('asks the database at most once a second, and drops the caches only when the revision moved', async () => {
  const s = setup();
  await s.caches.refresh();
  s.fill();
  s.advance(999);
  expect(s.caches.refresh()).toBeUndefined();
  s.advance(1);
  await s.caches.refresh(); // same revision
  expect(s.cached()).toEqual(['post', 'list']);
  expect(s.reads).toHaveLength(2);
  s.setState({ revision: 2 });
  s.advance(1_000);
  await s.caches.refresh();
  expect(s.cached()).toEqual([undefined, undefined]);
});

test('concurrent reads share one check', async () => {
  const s = setup();
  const checks = [s.caches.refresh(), s.caches.refresh(), s.caches.refresh()];
  expect(checks[1]).toBe(checks[0]);
  await Promise.all(checks);
  expect(s.reads).toHaveLength(1);
});

test('drops the caches the moment the next scheduled post comes due, not a millisecond later', async () => {
  const s = setup({ revision: 1, nextPublishAt: 1_000_000 + 10_000 });
  await s.caches.refresh();
  s.advance(9_999);
  await s.caches.refresh(); // a routine check: same revision, same moment ahead
  s.fill();
  expect(s.caches.refresh()).toBeUndefined();
  expect(s.cached()).toEqual(['post', 'list']);
  s.advance(1);
  const pending = s.caches.refresh();
  expect(s.cached()).toEqual([undefined, undefined]);
  // ...and it asks for the moment after that one.
  expect(pending).toBeDefined();
  await pending;
  expect(s.reads.at(-1)).toBe(1_000_000 + 10_000);
});

test('a local write makes the next read check again (it may have scheduled a post)', async () => {
  const s = setup();
  await s.caches.refresh();
  s.caches.invalidate();
  s.setState({ revision: 2, nextPublishAt: s.now() + 5_000 });
  await s.caches.refresh();
  expect(s.reads).toHaveLength(2);
  s.fill();
  s.advance(5_000);
  void s.caches.refresh();
  expect(s.cached()).toEqual([undefined, undefined]);
});

test('when the database does not answer, nothing cached is served and the next read asks again', async () => {
  const s = setup();
  await s.caches.refresh();
  s.fill();
  s.advance(1_000);
  s.setState(new Error('connection refused'));
  await expect(s.caches.refresh()).resolves.toBeUndefined();
  expect(s.cached()).toEqual([undefined, undefined]);
  s.setState({ revision: 1 });
  await s.caches.refresh();
  expect(s.reads).toHaveLength(3);
});

test('without caching there is nothing to refresh and the database is never asked', () => {
  const caches = new ContentCaches({
    enabled: false,
    readState: async () => {
      throw new Error('must not be called');
    },
  });
  expect(caches.refresh()).toBeUndefined();
});
