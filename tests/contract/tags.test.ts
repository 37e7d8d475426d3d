// Tag names as a post keeps them and the slugs their /tag/{slug} pages live at.
import { isSlug, slugOf, TAG_NAME_MAX, tagsOf } from '../../src/contract/tags';

describe('slugOf', () => {
  it.each([
    ['Premier League', 'premier-league'],
    ['Fútbol Sala', 'futbol-sala'],
    ['Formula 1', 'formula-1'],
    ['  --Rock & Roll!--  ', 'rock-roll'],
    ['Ⅻ Nations', 'xii-nations'],
    ['already-a-slug', 'already-a-slug'],
    ['日本', ''],
    ['!!!', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugOf(name)).toBe(slug);
  });

  it('writes only slugs isSlug accepts, or nothing', () => {
    for (const name of ['Premier League', 'Fútbol Sala', 'a  b', 'x'.repeat(TAG_NAME_MAX), '-a-']) {
      expect(isSlug(slugOf(name))).toBe(true);
    }
  });
});

describe('isSlug', () => {
  it.each(['premier-league', 'formula-1', 'a', '2026'])('takes %j', (text) => {
    expect(isSlug(text)).toBe(true);
  });

  it.each(['', 'Premier', 'premier--league', '-premier', 'premier-', 'premier league', 'fútbol', 'a_b'])(
    'refuses %j',
    (text) => {
      expect(isSlug(text)).toBe(false);
    },
  );

  it('takes a slug up to twice the longest tag name, and no longer', () => {
    expect(isSlug('a'.repeat(2 * TAG_NAME_MAX))).toBe(true);
    expect(isSlug('a'.repeat(2 * TAG_NAME_MAX + 1))).toBe(false);
  });
});

describe('tagsOf', () => {
  it('trims names, keeps each tag once under its first spelling, in the order written', () => {
    expect(tagsOf(['  Premier League ', 'Cup', 'premier-league', 'PREMIER LEAGUE', 'Fútbol'])).toEqual([
      { name: 'Premier League', slug: 'premier-league' },
      { name: 'Cup', slug: 'cup' },
      { name: 'Fútbol', slug: 'futbol' },
    ]);
  });

  it('drops a name that has no slug', () => {
    expect(tagsOf(['', '   ', '日本', 'Derby'])).toEqual([{ name: 'Derby', slug: 'derby' }]);
  });
});
