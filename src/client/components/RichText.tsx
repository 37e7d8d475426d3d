// The text of a paragraph, list item, product description, quote or live entry, as readers see it: as typed for a
// post in the 'plain' format, with its inline marks (bold, italic, links) for one in 'marks'. Every formatted text on
// every page goes through this one component. The tree becomes React elements: no HTML string is ever injected.
import { useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { isExternalHref } from '../../contract/marks';
import type { MarkNode, TextFormat } from '../../contract/marks';
import { loadMarkTree, MarkTreesContext } from './markTrees';

export type RichTextProps = { text: string; format: TextFormat | undefined };

function renderNodes(nodes: readonly MarkNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    if ('b' in node) return <strong key={index}>{renderNodes(node.b)}</strong>;
    if ('i' in node) return <em key={index}>{renderNodes(node.i)}</em>;
    // A link opens in the same tab (the writer's reader stays in charge); one to another site gets no window.opener.
    return (
      <a key={index} href={node.a} rel={isExternalHref(node.a) ? 'noopener' : undefined}>
        {renderNodes(node.c)}
      </a>
    );
  });
}

export function RichText({ text, format }: RichTextProps) {
  const lookup = useContext(MarkTreesContext);
  const marks = format === 'marks';
  const known = marks ? lookup(text) : undefined;
  const [parsed, setParsed] = useState<{ text: string; tree: MarkNode[] }>();
  const waiting = marks && known === undefined;
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    void loadMarkTree(text).then(
      (tree) => {
        if (current) setParsed({ text, tree });
      },
      // The parser's chunk failed to load (a deploy replaced it, the network dropped): the text stays as typed.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [waiting, text]);
  const tree = known ?? (parsed?.text === text ? parsed.tree : undefined);
  // Until the tree arrives (and for 'plain'), the text as typed.
  if (!marks || tree === undefined) return <>{text}</>;
  return <>{renderNodes(tree)}</>;
}
