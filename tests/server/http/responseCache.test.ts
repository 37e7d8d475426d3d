import { ResponseCache } from '../../../src/server/http/responseCache';

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
});
