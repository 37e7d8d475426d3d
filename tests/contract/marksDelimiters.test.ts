// The parser's bound: a text with more delimiters than MARKS_DELIMITERS_MAX shows as typed, one with that many is
// parsed as ever, so the work a text costs is bounded and no real text changes.
import { MARKS_DELIMITERS_MAX, parseMarks, plainText, textHtml } from '../../src/contract/marksParser';

const bold = (n: number) => '**b** '.repeat(n);

it('parses a text of MARKS_DELIMITERS_MAX delimiters for its marks', () => {
  const text = bold(MARKS_DELIMITERS_MAX / 4);
  expect(parseMarks(text).filter((node) => typeof node !== 'string')).toHaveLength(MARKS_DELIMITERS_MAX / 4);
});

it('shows a text past MARKS_DELIMITERS_MAX delimiters as typed, every character kept and escaped', () => {
  const unpaired = '[*'.repeat(5_000);
  expect(parseMarks(unpaired)).toEqual([unpaired]);
  const text = `${bold(MARKS_DELIMITERS_MAX / 4)}[x](https://example.com/?a=1&b=2)_`;
  expect(parseMarks(text)).toEqual([text]);
  expect(plainText(text, 'marks')).toBe(text);
  expect(textHtml('<b>&</b>'.padEnd(2 * MARKS_DELIMITERS_MAX + 10, '_'), 'marks')).toMatch(
    /^&lt;b&gt;&amp;&lt;\/b&gt;_+$/,
  );
});
