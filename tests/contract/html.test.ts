// The one HTML escaper: what each function escapes, and that escaped text reads back as it was written.
import { escapeAttribute, escapeHtml } from '../../src/contract/html';

const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('escapeHtml', () => {
  it('escapes the five characters that can end a text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('escapes an ampersand that already looks like an entity, so it reads back as typed', () => {
    expect(escapeHtml('&amp; &#39;')).toBe('&amp;amp; &amp;#39;');
    expect(decode(escapeHtml('&amp; &#39;'))).toBe('&amp; &#39;');
  });

  it('leaves every other character as it is', () => {
    const text = 'Fútbol · 2–1 \u2028 `back` = / \\ 😀';
    expect(escapeHtml(text)).toBe(text);
  });
});

describe('escapeAttribute', () => {
  it('escapes &, <, > and " but keeps an apostrophe, for a double-quoted value', () => {
    expect(escapeAttribute(`/x?a=1&b="2"<3>'4'`)).toBe(`/x?a=1&amp;b=&quot;2&quot;&lt;3&gt;'4'`);
  });

  it('never leaves a double quote that could close the attribute', () => {
    const hostile = '" onload="alert(1)';
    expect(escapeAttribute(hostile)).not.toContain('"');
    expect(decode(escapeAttribute(hostile))).toBe(hostile);
  });
});
