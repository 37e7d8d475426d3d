// The tab title every page shows, and JSON that can sit inside a <script> element whatever a post says.
import { jsonForScript, pageTitle, SITE_NAME } from '../../src/contract/site';

describe('pageTitle', () => {
  it('puts the page first and the site after a middle dot', () => {
    expect(pageTitle('Derby Day')).toBe('Derby Day · Touchline');
  });

  it('is the site name alone without a title', () => {
    expect(pageTitle()).toBe(SITE_NAME);
    expect(pageTitle('')).toBe('Touchline');
  });
});

describe('jsonForScript', () => {
  const hostile = {
    title: '</script><script>alert(1)</script>',
    comment: '<!-- open <script',
    cdata: ']]> & <![CDATA[',
    separators: 'line\u2028paragraph\u2029end',
    nested: [{ html: '<img src=x onerror=alert(1)>' }, 'a > b && c < d', 42, null, true],
    plain: 'Fútbol · "quoted" \\ back',
  };

  it('never writes <, >, &, U+2028 or U+2029', () => {
    const json = jsonForScript(hostile);
    for (const character of ['<', '>', '&', '\u2028', '\u2029']) expect(json).not.toContain(character);
  });

  it('reads back unchanged with JSON.parse', () => {
    expect(JSON.parse(jsonForScript(hostile))).toEqual(hostile);
    for (const value of ['</script>', 0, null, [], { a: '&amp;' }])
      expect(JSON.parse(jsonForScript(value))).toEqual(value);
  });
});
