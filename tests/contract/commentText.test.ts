// A comment's text as HTML: everything escaped, URLs links with rel="ugc nofollow noopener", nothing else markup; the
// hostile corpus stays text.
import { commentHtml, hasLink, heldWordIn, SIGN_IN_TO_COMMENT } from '../../src/contract/commentText';
import { MEMBER_PAGES } from '../../src/contract/members';

it('links http(s) and www. addresses with rel="ugc nofollow noopener", leaving trailing punctuation as text', () => {
  expect(commentHtml('see https://example.com/a?b=1&c=2.')).toBe(
    'see <a href="https://example.com/a?b=1&amp;c=2" rel="ugc nofollow noopener">https://example.com/a?b=1&amp;c=2</a>.',
  );
  expect(commentHtml('www.example.com')).toBe(
    '<a href="https://www.example.com" rel="ugc nofollow noopener">www.example.com</a>',
  );
});

it('renders the hostile corpus as text', () => {
  expect(commentHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(commentHtml('javascript:alert(1)')).toBe('javascript:alert(1)');
  expect(commentHtml('<a href="javascript:x">y</a>')).not.toContain('<a');
  expect(commentHtml('\u202Egnp.exe')).toBe('\u202Egnp.exe');
  expect(commentHtml('a'.repeat(2000))).toBe('a'.repeat(2000));
  expect(commentHtml('https://x.example/"onmouseover="y')).not.toMatch(/"onmouseover/);
});

it('finds links and whole held words in any case', () => {
  expect(hasLink('no link here')).toBe(false);
  expect(hasLink('go to http://x.example')).toBe(true);
  expect(heldWordIn('That REFBALL again', ['refball'])).toBe('refball');
  expect(heldWordIn('refballing', ['refball'])).toBeUndefined();
});

it('sends a visitor to the member sign-in page', () => {
  expect(SIGN_IN_TO_COMMENT).toBe(MEMBER_PAGES.signIn);
});
