// The route table as its readers see it: which post ids a URL may spell, which route a path opens, and the links
// pathTo builds opening the route they name.
import {
  matchRoute,
  matchRouteAt,
  paramsAreValid,
  parsePostId,
  pathTo,
  ROUTE_LIST,
  ROUTES,
} from '../../src/contract/routes';
import type { RouteName } from '../../src/contract/routes';

describe('parsePostId', () => {
  it('reads a positive integer written plainly', () => {
    expect(parsePostId('1')).toBe(1);
    expect(parsePostId('12')).toBe(12);
    expect(parsePostId('2147483648')).toBe(2_147_483_648);
    expect(parsePostId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    ['a leading zero', '012'],
    ['zero', '0'],
    ['a fraction', '1.5'],
    ['an exponent', '1e3'],
    ['a sign', '-1'],
    ['a plus sign', '+1'],
    ['spaces', ' 1'],
    ['a trailing letter', '12a'],
    ['hexadecimal', '0x10'],
    ['nothing', ''],
    ['one past 2^53 - 1', String(Number.MAX_SAFE_INTEGER + 1)],
    ['seventeen digits', '10000000000000000'],
  ])('refuses %s (%j)', (_what, text) => {
    expect(parsePostId(text)).toBeUndefined();
  });

  it('refuses a missing parameter', () => {
    expect(parsePostId(undefined)).toBeUndefined();
  });
});

/** Params that satisfy each route's pattern, for the round trips below. */
const SAMPLE_PARAMS: Record<string, string | number> = { id: 42, slug: 'premier-league' };

describe('pathTo and matchRoute', () => {
  it.each(ROUTE_LIST.map((route) => route.name))('round-trips the %s route', (name: RouteName) => {
    const path = pathTo(name, SAMPLE_PARAMS);
    expect(path).not.toContain(':');
    const match = matchRoute(path);
    expect(match?.route.name).toBe(name);
    for (const [key, value] of Object.entries(match?.params ?? {})) expect(value).toBe(String(SAMPLE_PARAMS[key]));
  });

  it('writes the post and tag links as the site spells them', () => {
    expect(pathTo('post', { id: 3 })).toBe('/page/3');
    expect(pathTo('tag', { slug: 'formula-1' })).toBe('/tag/formula-1');
    expect(pathTo('adminEdit', { id: 7 })).toBe('/admin/edit/7');
    expect(pathTo('home')).toBe('/');
  });

  it('encodes a parameter, so a bad one cannot reach another path', () => {
    expect(pathTo('tag', { slug: 'a b/../admin' })).toBe('/tag/a%20b%2F..%2Fadmin');
    expect(matchRoute(pathTo('tag', { slug: 'a b/../admin' }))).toBeUndefined();
  });

  it('allows one trailing slash', () => {
    expect(matchRoute('/blog/')?.route.name).toBe('blog');
    expect(matchRoute('/page/3/')).toEqual({ route: expect.objectContaining({ name: 'post' }), params: { id: '3' } });
    expect(matchRoute('/blog//')).toBeUndefined();
  });

  it.each([
    '/page/012',
    '/page/1.5',
    '/page/1e3',
    '/page/0',
    '/page/9007199254740992',
    '/page/abc',
    '/page/3/comments',
    '/tag/Premier-League',
    '/tag/premier--league',
    '/tag/-premier',
    '/admin/edit/03',
    '/nowhere',
    '/Blog',
  ])('opens no route for %s', (path) => {
    expect(matchRoute(path)).toBeUndefined();
  });

  it('matches a pathname against one chosen route only', () => {
    const post = ROUTE_LIST.find((route) => route.name === 'post')!;
    expect(matchRouteAt(post, '/page/5')).toEqual({ route: post, params: { id: '5' } });
    expect(matchRouteAt(post, '/page/05')).toBeUndefined();
    expect(matchRouteAt(post, '/blog')).toBeUndefined();
  });
});

describe('paramsAreValid', () => {
  it('holds a post id and a tag slug to their rules, and leaves other params alone', () => {
    expect(paramsAreValid({ id: '3' })).toBe(true);
    expect(paramsAreValid({ id: '03' })).toBe(false);
    expect(paramsAreValid({ id: undefined })).toBe(false);
    expect(paramsAreValid({ slug: 'futbol-sala' })).toBe(true);
    expect(paramsAreValid({ slug: 'Fútbol' })).toBe(false);
    expect(paramsAreValid({ '*': 'anything/at/all' })).toBe(true);
  });
});

describe('the table', () => {
  it('names every route by its key, with one path each', () => {
    expect(ROUTE_LIST.map((route) => route.name)).toEqual(Object.keys(ROUTES));
    const paths = ROUTE_LIST.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
