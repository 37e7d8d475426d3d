// The text of a paragraph, list item, product description, quote or live entry, as readers see it: as typed for a
// post in the 'plain' format, with its inline marks (bold, italic, links) for one in 'marks'. Every formatted text on
// every page goes through this one component.
// (Until the marks renderer lands this shows every text as typed, which is exactly what 'plain' means.)
import type { TextFormat } from '../../contract/marks';

export function RichText({ text }: { text: string; format: TextFormat | undefined }) {
  return <>{text}</>;
}
