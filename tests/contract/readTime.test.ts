import { readMinutes, readTimeText, suggestReadTime, wordCount, WORDS_PER_MINUTE } from '../../src/contract/readTime';
import { imageFileProblem, imageSizeProblem } from '../../src/contract/imageChecks';

test('words are runs of letters or digits; punctuation, marks characters and spacing are not words', () => {
  expect(wordCount('', 'marks')).toBe(0);
  expect(wordCount('   \n\t ', 'marks')).toBe(0);
  expect(wordCount('A clean first touch.', 'marks')).toBe(4);
  expect(wordCount("Don't over-think it — 3-0 in 90'", 'marks')).toBe(6);
  expect(wordCount('Müller, Ødegaard and Ñíguez', 'plain')).toBe(4);
  expect(wordCount('** * _ [ ] ( )', 'marks')).toBe(0);
  // A link is its text, not its URL.
  expect(wordCount('[two words](https://example.com/a/very/long/url) **bold**', 'marks')).toBe(3);
});

test('the read time rounds up at 230 words a minute, and is written as the field expects', () => {
  expect(WORDS_PER_MINUTE).toBe(230);
  expect(readMinutes(0)).toBe(0);
  expect(readMinutes(1)).toBe(1);
  expect(readMinutes(230)).toBe(1);
  expect(readMinutes(231)).toBe(2);
  expect(readMinutes(2300)).toBe(10);
  expect(readTimeText(4)).toBe('4 min read');
});

test('a post is suggested the time of all its texts, and none when it has no words', () => {
  expect(suggestReadTime([], 'marks')).toBeUndefined();
  expect(suggestReadTime(['', '  '], 'marks')).toBeUndefined();
  expect(suggestReadTime(['one two'], 'marks')).toBe('1 min read');
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
  expect(suggestReadTime([words(300), words(160)], 'marks')).toBe('2 min read');
  expect(suggestReadTime([words(300), words(161)], 'plain')).toBe('3 min read');
});

test("an image's type, size and pixel count are judged with the server's words", () => {
  expect(imageFileProblem({ type: 'image/png', size: 10 })).toBeUndefined();
  expect(imageFileProblem({ type: '', size: 10 })).toBeUndefined();
  expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(
    'Unsupported image type: upload a PNG, JPEG, WebP, GIF or AVIF image',
  );
  expect(imageFileProblem({ type: 'text/plain', size: 10 })).toMatch(/^Unsupported image type/);
  expect(imageFileProblem({ type: 'image/jpeg', size: 25 * 1_048_576 })).toBeUndefined();
  expect(imageFileProblem({ type: 'image/jpeg', size: 25 * 1_048_576 + 1 })).toBe('Image is too large (max 25 MB)');
  expect(imageSizeProblem(8000, 6250)).toBeUndefined();
  expect(imageSizeProblem(8000, 6251)).toBe('Image has too many pixels (8000×6251; at most 50 megapixels)');
});
