// Which URLs a post may carry (image sources, product links): the schemes a browser would run or leave the site with
// are refused.
import { isSafeUrl } from '../../src/contract/urls';

describe('isSafeUrl', () => {
  it.each([
    ['nothing', ''],
    ['an https URL', 'https://example.com/photo.png'],
    ['an http URL', 'http://example.com'],
    ['a scheme in capitals', 'HTTPS://Example.com/a?b=c#d'],
    ['a root-relative path', '/uploads/abc.png'],
    ['the root', '/'],
  ])('takes %s (%j)', (_what, url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in mixed case', 'JavaScript:alert(1)'],
    ['data:', 'data:image/png;base64,AAAA'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['ftp:', 'ftp://example.com/file'],
    ['a protocol-relative URL', '//evil.example/x.png'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash inside the path', '/uploads\\x.png'],
    ['whitespace inside the path', '/uploads/a b.png'],
    ['a scheme without //', 'https:evil.example'],
    ['a scheme and nothing else', 'https://'],
    ['a relative path', 'uploads/abc.png'],
    ['a leading space', ' https://example.com'],
    ['a URL that does not parse', 'http://[nope'],
  ])('refuses %s (%j)', (_what, url) => {
    expect(isSafeUrl(url)).toBe(false);
  });
});
