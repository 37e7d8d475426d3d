// Where RichText finds the parsed tree of a text written with marks, without the parser in the visitors' bundle: a
// server-rendered page embeds the trees its texts parsed to (the server state's `marks`), and any other text (a post
// fetched after a client-side navigation, the admin's preview) is parsed by the parser loaded as a lazy chunk.
import { createContext } from 'react';
import type { MarkNode } from '../../contract/marks';

/** The tree of a text, if it is known now (undefined: it must be parsed first, see loadMarkTree). */
export type MarkTreeLookup = (text: string) => MarkNode[] | undefined;

// Trees seen in this tab, by text. Bounded so a long session (a live page's stream of entries) does not keep every
// text it ever showed: past the limit it starts over, and a text shown again is parsed again.
const TREES_KEPT = 1_000;
const known = new Map<string, MarkNode[]>();

function remember(text: string, tree: MarkNode[]): void {
  if (known.size >= TREES_KEPT) known.clear();
  known.set(text, tree);
}

/** Adds the trees a server-rendered page embeds, before the page hydrates, so it renders what the server rendered. */
export function seedMarkTrees(trees: Record<string, MarkNode[]> | undefined): void {
  for (const [text, tree] of Object.entries(trees ?? {})) remember(text, tree);
}

/** The browser's lookup: the trees embedded or parsed so far. */
export const knownMarkTree: MarkTreeLookup = (text) => known.get(text);

/** Parses a text with the parser's lazy chunk (fetched once, on the first text that needs it) into knownMarkTree. */
export async function loadMarkTree(text: string): Promise<void> {
  const { parseMarks } = await import('../../contract/marksParser');
  remember(text, parseMarks(text));
}

/** The lookup RichText asks; the server's rendering provides one that parses (and records what it parsed). */
export const MarkTreesContext = createContext<MarkTreeLookup>(knownMarkTree);
