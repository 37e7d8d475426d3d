import { jsonAnswer, ResponseCache } from '../../../src/server/http/responseCache';
import type { CachedResponse } from '../../../src/server/http/responseCache';

describe('ResponseCache', () => {
  it('answers what was stored, with its headers', () => {
    const cache = new ResponseCache({ maxSize: 100 });
    cache.set('a', { body: '[1]', headers: { link: '<x>; rel="next"' } });
    expect(cache.get('a')).toEqual(expect.objectContaining({ body: '[1]', headers: { link: '<x>; rel="next"' } }));
    expect(cache.get('b')).toBeUndefined();
  });

  it('evicts the least recently used entries once the bodies exceed maxSize', () => {
    const cache = new ResponseCache({ maxSize: 10 });
    cache.set('a', { body: 'aaaa' });
    cache.set('b', { body: 'bbbb' });
    expect(cache.get('a')?.body).toBe('aaaa'); // a is now the most recently used
    cache.set('c', { body: 'cccc' });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body).toBe('aaaa');
    expect(cache.get('c')?.body).toBe('cccc');
    expect(cache.count).toBe(2);
  });

  it('does not keep a body larger than the whole cache', () => {
    const cache = new ResponseCache({ maxSize: 4 });
    cache.set('small', { body: 'ab' });
    cache.set('huge', { body: 'abcdefgh' });
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')?.body).toBe('ab');
  });

  it('replacing a key does not count its old body twice', () => {
    const cache = new ResponseCache({ maxSize: 8 });
    cache.set('a', { body: 'aaaa' });
    cache.set('a', { body: 'AAAA' });
    cache.set('b', { body: 'bbbb' });
    expect(cache.get('a')?.body).toBe('AAAA');
    expect(cache.get('b')?.body).toBe('bbbb');
  });

  it('treats an entry older than ttlMs as a miss', () => {
    let now = 1_000;
    const cache = new ResponseCache({ maxSize: 100, ttlMs: 50, now: () => now });
    cache.set('a', { body: 'x' });
    now += 49;
    expect(cache.get('a')?.body).toBe('x');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.count).toBe(0);
  });

  it('refuses an answer computed before the last clear()', () => {
    const cache = new ResponseCache({ maxSize: 100 });
    const before = cache.generation;
    cache.clear(); // a write landed while the answer was being computed
    cache.set('a', { body: 'stale' }, before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', { body: 'fresh' }, cache.generation);
    expect(cache.get('a')?.body).toBe('fresh');
  });

  describe('getOrBuild', () => {
    /** A build that waits until the test lets it finish, counting how often it ran. */
    function heldBuild(answer: CachedResponse | undefined) {
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const build = jest.fn(async () => {
        await gate;
        return answer;
      });
      return { build, release };
    }

    it('builds once for misses that arrive while the build runs, then answers from the cache', async () => {
      const cache = new ResponseCache({ maxSize: 100 });
      const { build, release } = heldBuild(jsonAnswer([1]));
      const first = cache.getOrBuild('a', build);
      const second = cache.getOrBuild('a', build);
      release();
      expect((await first)?.body).toBe('[1]');
      expect(await second).toBe(await first);
      expect((await cache.getOrBuild('a', build))?.body).toBe('[1]');
      expect(build).toHaveBeenCalledTimes(1);
    });

    it('does not keep an undefined answer, nor what its keep rule refuses', async () => {
      const cache = new ResponseCache({ maxSize: 100 });
      expect(await cache.getOrBuild('gone', async () => undefined)).toBeUndefined();
      await cache.getOrBuild(
        '404',
        async () => ({ body: 'x', status: 404 }),
        (built) => built.status === 200,
      );
      expect(cache.count).toBe(0);
    });

    it('neither keeps a build that a clear() overtook nor lets a later miss wait for it', async () => {
      const cache = new ResponseCache({ maxSize: 100 });
      const old = heldBuild(jsonAnswer('old'));
      const before = cache.getOrBuild('a', old.build);
      cache.clear();
      const after = cache.getOrBuild('a', async () => jsonAnswer('new'));
      expect((await after).body).toBe('"new"');
      old.release();
      expect((await before)?.body).toBe('"old"');
      expect(cache.get('a')?.body).toBe('"new"');
    });

    it('shares no build when the cache keeps nothing (caching turned off)', async () => {
      const cache = new ResponseCache({ maxSize: 0 });
      const build = jest.fn(async () => jsonAnswer([]));
      await Promise.all([cache.getOrBuild('a', build), cache.getOrBuild('a', build)]);
      expect(build).toHaveBeenCalledTimes(2);
    });
  });
});
