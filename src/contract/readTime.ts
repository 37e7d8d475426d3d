// The read time the editor suggests for a post: its words, counted in the text readers see (marks removed), at about
// 230 words a minute, rounded up, written as the read-time field expects it ('4 min read').
import { plainText } from './marksParser';
import type { TextFormat } from './marks';

export const WORDS_PER_MINUTE = 230;

/** The words of a text as readers see it: runs of letters or digits (an apostrophe or hyphen inside keeps one word). */
export function wordCount(text: string, format: TextFormat | undefined): number {
  return plainText(text, format).match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Minutes to read `words` words, rounded up; 0 only for no words at all. */
export function readMinutes(words: number): number {
  return Math.ceil(Math.max(0, words) / WORDS_PER_MINUTE);
}

/** The field's text for a read time of `minutes`. */
export function readTimeText(minutes: number): string {
  return `${minutes} min read`;
}

/** The suggested read time for the texts of a post, or undefined when it has no words yet. */
export function suggestReadTime(texts: readonly string[], format: TextFormat | undefined): string | undefined {
  const words = texts.reduce((sum, text) => sum + wordCount(text, format), 0);
  return words > 0 ? readTimeText(readMinutes(words)) : undefined;
}
