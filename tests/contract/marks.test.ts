// The inline marks a writer may use and what each becomes: the rules of the small Markdown subset (bold, italic,
// links, bare http(s) URLs, backslash escapes; everything else as typed), the link-scheme table, the plain text every
// markup-free place shows, the feed's HTML, and the read time suggested from a post's words.
import { linkHref } from '../../src/contract/marks';
import { treeText } from '../../src/contract/markText';
import type { MarkNode } from '../../src/contract/marks';
import { parseMarks, plainText, textHtml } from '../../src/contract/marksParser';

describe('the mark rules', () => {
  it.each<[string, string, MarkNode[]]>([
    ['bold', '**goal**', [{ b: ['goal'] }]],
    ['italic with stars', '*late* winner', [{ i: ['late'] }, ' winner']],
    ['italic with underscores', 'a _late_ winner', ['a ', { i: ['late'] }, ' winner']],
    ['bold inside italic', '*a **big** win*', [{ i: ['a ', { b: ['big'] }, ' win'] }]],
    ['a link', '[the table](https://example.com/table)', [{ a: 'https://example.com/table', c: ['the table'] }]],
    ['a link with a title', '[t](https://example.com "Title")', [{ a: 'https://example.com', c: ['t'] }]],
    ['a site path', '[our blog](/blog)', [{ a: '/blog', c: ['our blog'] }]],
    ['a mailto link', '[mail us](mailto:desk@example.com)', [{ a: 'mailto:desk@example.com', c: ['mail us'] }]],
    ['marks inside a link', '[**big** news](/blog)', [{ a: '/blog', c: [{ b: ['big'] }, ' news'] }]],
    [
      'a bare https URL',
      'see https://example.com/x?y=1.',
      ['see ', { a: 'https://example.com/x?y=1', c: ['https://example.com/x?y=1'] }, '.'],
    ],
    ['a bare http URL', 'http://example.com', [{ a: 'http://example.com', c: ['http://example.com'] }]],
    [
      'a bare URL as typed, upper case and all',
      'HTTPS://Example.com/A_B?c=d&e=f#G',
      [{ a: 'HTTPS://Example.com/A_B?c=d&e=f#G', c: ['HTTPS://Example.com/A_B?c=d&e=f#G'] }],
    ],
    [
      'a bare URL with a punycode host and escapes, shown readable',
      'see https://xn--mnchen-3ya.de/caf%C3%A9 now',
      ['see ', { a: 'https://xn--mnchen-3ya.de/caf%C3%A9', c: ['https://münchen.de/café'] }, ' now'],
    ],
    [
      'a destination percent-encoded where it must be',
      '[x](<https://example.com/a b>) [y](https://e.com/caf%C3%A9?q=ü)',
      [{ a: 'https://example.com/a%20b', c: ['x'] }, ' ', { a: 'https://e.com/caf%C3%A9?q=%C3%BC', c: ['y'] }],
    ],
    [
      'a URL in angle brackets (the brackets stay)',
      '<https://example.com>',
      ['<', { a: 'https://example.com', c: ['https://example.com'] }, '>'],
    ],
    ['escaped stars', '\\*not italic\\*', ['*not italic*']],
    ['an escaped bracket', '\\[not](a link)', ['[not](a link)']],
    ['stars inside words stay', 'snake_case_name', ['snake_case_name']],
    ['an unclosed mark', '**half done', ['**half done']],
    ['newlines kept as typed', 'one\ntwo  \nthree', ['one\ntwo  \nthree']],
    ['a link inside bold', '**[a](/x)**', [{ b: [{ a: '/x', c: ['a'] }] }]],
    ['a link inside italic', '*a [b](/x) c*', [{ i: ['a ', { a: '/x', c: ['b'] }, ' c'] }]],
    ['italic inside a link inside italic', '_a [*b*](/x)_', [{ i: ['a ', { a: '/x', c: [{ i: ['b'] }] }] }]],
    ['no italic opened outside a link and closed in it', '*a [b*](/x)', ['*a ', { a: '/x', c: ['b*'] }]],
    ['no italic opened in a link and closed after it', '[_a](/x)_', [{ a: '/x', c: ['_a'] }, '_']],
  ])('%s', (_name, text, tree) => {
    expect(parseMarks(text)).toEqual(tree);
  });

  it.each([
    ['raw HTML', '<b>bold</b> <img src=x onerror=alert(1)>'],
    ['a heading', '# Heading'],
    ['an image', '![a photo](https://example.com/p.png)'],
    ['a code span', '`code`'],
    ['a table', '| a | b |\n|---|---|'],
    ['entities', '&amp; &#106; &lt;b&gt;'],
    ['a www address (no scheme)', 'www.example.com'],
    ['an e-mail address', 'desk@example.com'],
    ['an ftp URL', 'ftp://example.com/file'],
    ['a reference link', '[text][ref]'],
  ])('shows %s as typed', (_name, text) => {
    expect(parseMarks(text)).toEqual([text]);
  });
});

describe('links', () => {
  it.each([
    ['https', 'https://example.com/a', 'https://example.com/a'],
    ['http', 'http://example.com', 'http://example.com'],
    ['mailto', 'mailto:desk@example.com', 'mailto:desk@example.com'],
    ['a site path', '/page/3', '/page/3'],
    ['upper-case https', 'HTTPS://example.com', 'HTTPS://example.com'],
    ['javascript', 'javascript:alert(1)', undefined],
    ['mixed-case javascript', 'JaVaScRiPt:alert(1)', undefined],
    ['javascript with a tab inside', 'java\tscript:alert(1)', undefined],
    ['javascript with a newline inside', 'java\nscript:alert(1)', undefined],
    ['javascript after control characters', '\u0001 javascript:alert(1)', undefined],
    ['data', 'data:text/html,<script>alert(1)</script>', undefined],
    ['a data image', 'data:image/png;base64,iVBORw0KGgo=', undefined],
    ['vbscript', 'vbscript:msgbox(1)', undefined],
    ['file', 'file:///etc/passwd', undefined],
    ['tel', 'tel:+100', undefined],
    ['ftp', 'ftp://example.com', undefined],
    ['protocol-relative', '//evil.example', undefined],
    ['protocol-relative with a backslash', '/\\evil.example', undefined],
    ['https without a host', 'https:evil.example', undefined],
    ['https with a backslash for a host', 'https:\\\\evil.example', undefined],
    ['a relative path', 'page/3', undefined],
    ['nothing', '', undefined],
  ])('%s', (_name, destination, href) => {
    expect(linkHref(destination)).toBe(href);
  });

  it.each([
    ['&#106;avascript:alert(1)'],
    ['&#x6A;avascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['<java\tscript:alert(1)>'],
    ['vbscript:msgbox(1)'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['//evil.example'],
    ['tel:+100'],
  ])('a link to %s shows its text and nothing of its URL', (destination) => {
    expect(parseMarks(`before [the **text**](${destination}) after`)).toEqual(['before the text after']);
  });

  it('never nests a link in a link', () => {
    const tree = parseMarks('[a [b](https://b.example) c](https://a.example)');
    expect(JSON.stringify(tree).match(/"a":/g)).toHaveLength(2);
    expect(tree[0]).toBe('[a ');
  });
});

describe('plain text', () => {
  it('removes the marks and keeps the words of a link, not its URL', () => {
    expect(
      plainText(
        '**Derby** day: the [league table](https://example.com/table), _late_ drama, https://x.example',
        'marks',
      ),
    ).toBe('Derby day: the league table, late drama, https://x.example');
  });

  it('leaves a plain text (or one without a format, as before marks) exactly as typed', () => {
    const text = 'Five *stars* for the [brackets](x) at https://example.com';
    expect(plainText(text, 'plain')).toBe(text);
    expect(plainText(text, undefined)).toBe(text);
  });

  it('reads the characters of a tree', () => {
    expect(treeText([{ b: ['a'] }, ' ', { a: '/x', c: [{ i: ['b'] }] }])).toBe('a b');
  });
});

describe('the feed HTML', () => {
  it('writes the marks as elements and escapes every character of the text', () => {
    expect(textHtml('**a & b** [<x>](https://example.com/?a=1&b="2") [in](/blog) <img onerror=x>', 'marks')).toBe(
      '<strong>a &amp; b</strong> <a href="https://example.com/?a=1&amp;b=%222%22" rel="noopener">&lt;x&gt;</a> <a href="/blog">in</a> &lt;img onerror=x&gt;',
    );
  });

  it('escapes a plain text as typed', () => {
    expect(textHtml('**a** <b>', 'plain')).toBe('**a** &lt;b&gt;');
  });
});
