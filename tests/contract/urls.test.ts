// Which URLs a post may carry (image sources, product links) and the one form they are stored and shown in: the
// schemes a browser would run or leave the site with are refused, and what is kept is the WHATWG parser's
// serialization, with nothing raw an HTML attribute or a validator would stumble on.
import { isSafeUrl, normalizeUrl, shownUrl } from '../../src/contract/urls';

describe('normalizeUrl', () => {
  it.each([
    ['nothing', '', ''],
    ['an https URL', 'https://example.com/photo.png', 'https://example.com/photo.png'],
    ['an http URL', 'http://example.com', 'http://example.com/'],
    ['a scheme and host in capitals', 'HTTPS://Example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['a root-relative path', '/uploads/abc.png', '/uploads/abc.png'],
    ['the root', '/', '/'],
    ['a space', 'https://shop.example/a b', 'https://shop.example/a%20b'],
    ['an angle bracket', 'https://shop.example/x<script>', 'https://shop.example/x%3Cscript%3E'],
    ['a double quote', 'https://shop.example/a"b', 'https://shop.example/a%22b'],
    ['a backslash in the path', 'https://shop.example/a\\b', 'https://shop.example/a/b'],
    ['a backslash in the query', 'https://shop.example/?q=a\\b', 'https://shop.example/?q=a%5Cb'],
    [
      'quotes and brackets in the query',
      'https://shop.example/?q="<a b>"',
      'https://shop.example/?q=%22%3Ca%20b%3E%22',
    ],
    [
      'braces, pipe, caret and backtick',
      'https://shop.example/?q={|}^`#{x}',
      'https://shop.example/?q=%7B%7C%7D%5E%60#%7Bx%7D',
    ],
    ['a % that starts no byte', 'https://shop.example/%zz', 'https://shop.example/%25zz'],
    ['a percent-encoded byte', 'https://shop.example/%41%2f', 'https://shop.example/%41%2f'],
    ['an internationalized host', 'https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['an IPv6 host and a port', 'http://[::1]:8080/x', 'http://[::1]:8080/x'],
    ['a space in a root-relative path', '/uploads/a b.png', '/uploads/a%20b.png'],
    ['a backslash inside a root-relative path', '/uploads\\x.png', '/uploads/x.png'],
    ['a quote and brackets in a root-relative path', '/x?a="<>"#"', '/x?a=%22%3C%3E%22#%22'],
  ])('keeps %s as the serialization (%j)', (_what, url, stored) => {
    expect(normalizeUrl(url)).toBe(stored);
    expect(isSafeUrl(url)).toBe(true);
    // Stored once, the same on every later write and read.
    expect(normalizeUrl(stored)).toBe(stored);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in mixed case', 'JavaScript:alert(1)'],
    ['data:', 'data:image/png;base64,AAAA'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['ftp:', 'ftp://example.com/file'],
    ['a protocol-relative URL', '//evil.example/x.png'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a path that resolves to another host', '/a/../..//evil.example'],
    ['a tab that makes another host', '/\t/evil.example'],
    ['a scheme without //', 'https:evil.example'],
    ['a scheme and nothing else', 'https://'],
    ['an empty host', 'https:///x'],
    ['an empty host spelled with a backslash', 'https://\\x'],
    ['a host no name can be', 'https://a{b.example/'],
    ['a relative path', 'uploads/abc.png'],
    ['a leading space', ' https://example.com'],
    ['a URL that does not parse', 'http://[nope'],
    ['a host with a space', 'https://a b.example/'],
  ])('refuses %s (%j)', (_what, url) => {
    expect(normalizeUrl(url)).toBeUndefined();
    expect(isSafeUrl(url)).toBe(false);
  });
});

describe('shownUrl', () => {
  it('shows a stored URL as its serialization, and one no rule admits as nothing', () => {
    expect(shownUrl('https://shop.example/a b')).toBe('https://shop.example/a%20b');
    expect(shownUrl('javascript:alert(1)')).toBe('');
    expect(shownUrl('https:///x')).toBe('');
  });
});
