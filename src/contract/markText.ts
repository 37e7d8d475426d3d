// The words of a parsed text without its marks, in a module of its own: a live page names its key events with it, and
// importing it from marks.ts would bring that module's link rules (a chunk of their own) to every live page.
import type { MarkNode } from './marks';

/** The characters a reader sees, without the marks: a link keeps its text and loses its URL. */
export function treeText(nodes: readonly MarkNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += node;
    else if ('b' in node) out += treeText(node.b);
    else if ('i' in node) out += treeText(node.i);
    else out += treeText(node.c);
  }
  return out;
}
