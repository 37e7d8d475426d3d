// The text of a paragraph, list item, product description, quote or live entry, as readers see it: as typed for a
// post in the 'plain' format, with its inline marks (bold, italic, links) for one in 'marks'. Every formatted text on
// every page goes through this one component. The tree becomes React elements: no HTML string is ever injected.
import { useContext, useEffect, useReducer } from 'react';
import type { ReactNode } from 'react';
import type { MarkNode, TextFormat } from '../../contract/marks';
import { loadMarkTree, MarkTreesContext } from './markTrees';

export type RichTextProps = { text: string; format: TextFormat | undefined };

function renderNodes(nodes: readonly MarkNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    if ('b' in node) return <strong key={index}>{renderNodes(node.b)}</strong>;
    if ('i' in node) return <em key={index}>{renderNodes(node.i)}</em>;
    // A link opens in the same tab (the reader stays in charge); one to another site gets no window.opener. Only a site
    // path starts with '/' (linkHref refuses `//host`). Not marks.ts's isExternalHref: importing a value from there
    // would give the visitors' bundle a chunk of its own for one line.
    return (
      <a key={index} href={node.a} rel={node.a.startsWith('/') ? undefined : 'noopener'}>
        {renderNodes(node.c)}
      </a>
    );
  });
}

export function RichText({ text, format }: RichTextProps) {
  const lookup = useContext(MarkTreesContext);
  const tree = format === 'marks' ? lookup(text) : undefined;
  const [, parsed] = useReducer((count: number) => count + 1, 0);
  const waiting = format === 'marks' && tree === undefined;
  useEffect(() => {
    // Parsed into the lookup's cache, then rendered again from there. A parser chunk that fails to load (a deploy
    // replaced it, the network dropped) leaves the text as typed.
    if (waiting) loadMarkTree(text).then(parsed, () => undefined);
  }, [waiting, text]);
  // Until the tree arrives (and for 'plain'), the text as typed.
  return <>{tree ? renderNodes(tree) : text}</>;
}

// Re-exported for the entry, which seeds the trees a page embeds: one module for the entry chunk to carry.
export { seedMarkTrees } from './markTrees';
