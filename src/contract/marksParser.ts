// The parser of inline marks (markdown-it with only the rules marks need), and what is derived from a parsed text:
// its plain text, its HTML for the Atom feed, a post's suggested read time. The server, the server-rendering bundle
// and the admin chunk import it; a reader's browser loads it only as a lazy chunk, when it must parse a text itself.
// It drives markdown-it through its internals (the `__rules__` list, the Token prototype, a subclass of the inline
// State), so package.json pins markdown-it to one exact version (15.0.3): an upgrade must pass
// tests/contract/marks.test.ts and `npm run bench:marks`. The rule behind each shortcut below: a parse pays for no pass
// that gives back what it was given, and allocates nothing it can avoid; the measurements are in
// docs/performance.md#formatted-text-inline-marks.
import MarkdownIt from 'markdown-it';
import type { StateInline, Token } from 'markdown-it';
import { isExternalHref, linkHref } from './marks';
import { escapeHtml } from './html';
import { treeText } from './markText';
import type { MarkNode, TextFormat } from './marks';

// 'zero' enables nothing but plain text; these rules are the whole language. Everything else (raw HTML, entities,
// headings, images, code spans, tables, line breaks) is not a rule, so it stays the characters typed.
const md = new MarkdownIt('zero', { linkify: true });
md.inline.ruler.enable(['emphasis', 'link', 'linkify', 'escape']);
md.inline.ruler2.enable(['emphasis']);
// Two passes join neighbouring text tokens into one (fragments_join, then text_join once escapes are text): toTree
// joins neighbouring characters itself as it builds the tree, so the tree is the same without them.
md.inline.ruler2.disable(['fragments_join']);
md.core.ruler.disable(['text_join']);
// Bare URLs only with an explicit http(s) scheme: no `www.` guesses, no e-mail addresses, no ftp.
md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false }).add('ftp:', null).add('mailto:', null);
// An image (`![alt](src)`) is no mark: it shows as typed. Without this rule its `[alt](src)` would read as a link
// after a literal `!`; markdown-it's own image rule, run silently, says where the image syntax ends.
type InlineRule = (state: StateInline, silent: boolean) => boolean;
const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: InlineRule }[] }).__rules__;
const imageSyntax = rules.find((rule) => rule.name === 'image')?.fn;
md.inline.ruler.before('link', 'image_as_typed', (state, silent) => {
  const start = state.pos;
  if (imageSyntax === undefined || !imageSyntax(state, true)) return false;
  if (!silent) state.pending += state.src.slice(start, state.pos);
  return true;
});
// markdown-it refuses a bad destination by leaving the whole `[text](url)` as typed; linkHref decides instead, after
// the parse, so that a refused link shows its text and nothing of its URL.
md.validateLink = () => true;
// A destination is percent-encoded where it must be (what markdown-it's own normalizeLink does too), without parsing
// it and converting its host to punycode: browsers take an international host as written, and linkHref checks the
// scheme. A destination made only of characters encode keeps as they are (the commonest case) is its own encoding:
// no string is built a character at a time for it.
const { encode } = md.utils.lib.mdurl;
const ENCODED_AS_IS = /^[A-Za-z0-9;/?:@&=+$,\-_.!~*'()#]*$/;
md.normalizeLink = (url) => (ENCODED_AS_IS.test(url) ? url : encode(url));
// What a bare URL shows: markdown-it parses it, converts a punycode host to Unicode, formats it again and decodes its
// percent escapes. For an http(s) URL of plain ASCII with a short host (at most 63 characters, so no label or host
// is cut), no `xn--` label, no `%`, `@`, port or quote, each of those steps gives back what it was given, so the URL
// shows as typed without them; anything else goes through markdown-it's own normalizeLinkText.
const normalizeLinkText = md.normalizeLinkText.bind(md);
const SHOWN_AS_IS = /^https?:\/\/(?![^/?#]*xn--)[A-Za-z0-9.-]{1,63}(?:[/?#][A-Za-z0-9_\-.~/?#&=+]*)?$/i;
md.normalizeLinkText = (url) => (SHOWN_AS_IS.test(url) ? url : normalizeLinkText(url));

// The tokens of a parse, made without markdown-it's Token constructor: that constructor sets eight of its fields
// through its bundler's defineProperty helper (a property-key conversion and a generic keyed store each), slow for a
// long paragraph's several hundred tokens. These are the same fields with the same values, on markdown-it's Token
// prototype: attrGet and the other methods are the library's own, and `instanceof Token` holds.
const TokenClass = new md.core.State('', md, {}).Token;
function MarkToken(this: Token, type: string, tag: string, nesting: Token['nesting']) {
  this.map = null;
  this.level = 0;
  this.children = null;
  this.content = '';
  this.markup = '';
  this.info = '';
  this.block = false;
  this.hidden = false;
  this.type = type;
  this.tag = tag;
  this.attrs = null;
  this.nesting = nesting;
  this.meta = null;
}
MarkToken.prototype = TokenClass.prototype;
const NewToken = MarkToken as unknown as typeof TokenClass;
const FAR_POSITION = 2 ** 30;

// markdown-it's inline state with its two token makers (push and pushPending, which every inline rule calls) making
// the tokens above; their bookkeeping (levels, the delimiter lists of each nesting) is markdown-it's own, unchanged.
// Its position cache starts as a hash table.
class MarksState extends md.inline.State {
  constructor(...args: ConstructorParameters<typeof StateInline>) {
    super(...args);
    // skipToken remembers, by position, where the token at each position of a link's text ends: a few dozen entries
    // spread over up to 10,000 positions. V8 keeps a young plain object's integer keys in an array grown to the
    // highest key, which for such sparse keys is garbage; an entry far past that range, removed at once, makes it a
    // hash table from the start.
    const cache: Record<number, number> = {};
    cache[FAR_POSITION] = 0;
    delete cache[FAR_POSITION];
    this.cache = cache;
  }

  override pushPending(): Token {
    const token = new NewToken('text', '', 0);
    token.content = this.pending;
    token.level = this.pendingLevel;
    this.tokens.push(token);
    this.pending = '';
    return token;
  }

  override push(type: string, tag: string, nesting: Token['nesting']): Token {
    if (this.pending) this.pushPending();
    const token = new NewToken(type, tag, nesting);
    let meta: { delimiters: StateInline['delimiters'] } | undefined;
    if (nesting < 0) {
      this.level -= 1;
      this.delimiters = this._prev_delimiters.pop() ?? [];
    }
    token.level = this.level;
    if (nesting > 0) {
      this.level += 1;
      this._prev_delimiters.push(this.delimiters);
      this.delimiters = [];
      meta = { delimiters: this.delimiters };
    }
    this.pendingLevel = this.level;
    this.tokens.push(token);
    this.tokens_meta.push(meta);
    return token;
  }
}
md.inline.State = MarksState;

// Adds characters to the children that start at `start` in `nodes`: joined to the last child when that is characters.
function addText(nodes: MarkNode[], start: number, text: string): void {
  const last = nodes.length - 1;
  if (last >= start && typeof nodes[last] === 'string') nodes[last] += text;
  else if (text !== '') nodes.push(text);
}

// The tree is built in one array: the children of every element still open follow one another in it, and an element's
// children are cut out (as an array of their exact size) when it closes. One growing array and one small array per
// element, instead of an array grown child by child for each: a long paragraph has a few hundred elements.
function toTree(tokens: readonly Token[]): MarkNode[] {
  const nodes: MarkNode[] = [];
  const opens: Token[] = [];
  const starts: number[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'strong_open':
      case 'em_open':
      case 'link_open':
        opens.push(token);
        starts.push(nodes.length);
        break;
      case 'strong_close':
      case 'em_close':
      case 'link_close': {
        const open = opens.pop();
        const start = starts.pop();
        if (open === undefined || start === undefined) break;
        const children = nodes.splice(start);
        if (open.type === 'link_open') {
          const href = linkHref(String(open.attrGet('href') ?? ''));
          // A refused link becomes its text, as plain characters.
          if (href === undefined) addText(nodes, starts.at(-1) ?? 0, treeText(children));
          else if (children.length > 0) nodes.push({ a: href, c: children });
        } else if (children.length > 0) nodes.push(open.type === 'strong_open' ? { b: children } : { i: children });
        break;
      }
      default:
        // text, an escaped character, and anything a future rule might add: its characters, never markup.
        addText(nodes, starts.at(-1) ?? 0, token.content);
    }
  }
  return nodes;
}

/**
 * The most delimiters (`*`, `_`, `[`, `]`) a text may hold and still be parsed for marks; a text with more shows as
 * typed. markdown-it's work grows with the square of the delimiters it cannot pair (each unclosed `[` scans the rest of
 * the text for its `]`, through every `*` and `_`): 10,000 characters of `[*` took 15 to 100 ms to parse, about a hundred
 * times a plain paragraph, and fifty such paragraphs blocked the server for seconds. At this count the worst text we
 * found parses in 1.5 to 2 ms, as long as the densest real paragraph (`npm run bench:marks`' 10,000 characters, with 86
 * links and 87 bold or italic runs, hold 432).
 */
export const MARKS_DELIMITERS_MAX = 1_000;

/** Whether a text holds more than MARKS_DELIMITERS_MAX delimiters (read once, up to the first past the limit). */
function tooManyDelimiters(text: string): boolean {
  if (text.length <= MARKS_DELIMITERS_MAX) return false;
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    // * _ [ ]
    if ((code === 0x2a || code === 0x5f || code === 0x5b || code === 0x5d) && ++count > MARKS_DELIMITERS_MAX)
      return true;
  }
  return false;
}

/**
 * The characters of text whose trees are kept, at most (least recently used out first). A post's texts are parsed when
 * it is saved (its search index) and read again by every render of its page, its feed entries and its head, and a page
 * is rendered again after any write anywhere (the caches are dropped): kept by text, a tree is parsed once per version
 * of the text. Four million characters hold the texts of forty posts of the largest size a write may carry.
 */
export const MARK_TREES_KEPT_CHARS = 4 * 1_048_576;
const treesKept = new Map<string, MarkNode[]>();
let keptChars = 0;

function keep(text: string, tree: MarkNode[]): void {
  treesKept.set(text, tree);
  keptChars += text.length;
  for (const [oldest] of treesKept) {
    if (keptChars <= MARK_TREES_KEPT_CHARS) break;
    treesKept.delete(oldest);
    keptChars -= oldest.length;
  }
}

/**
 * The tree of a text written with marks (past MARKS_DELIMITERS_MAX delimiters, the text as typed). Trees are kept and
 * shared between callers: a caller never changes the tree it is given.
 */
export function parseMarks(text: string): MarkNode[] {
  const kept = treesKept.get(text);
  if (kept !== undefined) {
    // Read again: the most recently used.
    treesKept.delete(text);
    treesKept.set(text, kept);
    return kept;
  }
  let tree: MarkNode[];
  if (tooManyDelimiters(text)) tree = [text];
  else {
    const blocks = md.parseInline(text, {});
    tree = toTree(blocks[0]?.children ?? []);
  }
  keep(text, tree);
  return tree;
}

/**
 * The text with its marks removed, for every place markup does not belong (search, meta and Open Graph
 * descriptions, JSON-LD, feed summaries, the admin diff, read-time counts): a link keeps its text and loses its URL.
 * A 'plain' text (or one without a format: stored before marks existed) is already that.
 */
export function plainText(text: string, format: TextFormat | undefined): string {
  return format === 'marks' ? treeText(parseMarks(text)) : text;
}

/**
 * A tree as an HTML fragment, every character escaped: for the Atom feed's `content` (which escapes it once more as
 * XML). Never for a page: pages render the tree as React elements. `origin` (e.g. PUBLIC_URL) makes a site path's
 * link absolute, for a reader that shows the HTML away from the site.
 */
export function treeHtml(nodes: readonly MarkNode[], origin = ''): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') out += escapeHtml(node);
    else if ('b' in node) out += `<strong>${treeHtml(node.b, origin)}</strong>`;
    else if ('i' in node) out += `<em>${treeHtml(node.i, origin)}</em>`;
    else if (isExternalHref(node.a))
      out += `<a href="${escapeHtml(node.a)}" rel="noopener">${treeHtml(node.c, origin)}</a>`;
    else out += `<a href="${escapeHtml(origin + node.a)}">${treeHtml(node.c, origin)}</a>`;
  }
  return out;
}

/** A text as HTML: escaped as typed for 'plain', with its marks for 'marks'. */
export function textHtml(text: string, format: TextFormat | undefined, origin = ''): string {
  return format === 'marks' ? treeHtml(parseMarks(text), origin) : escapeHtml(text);
}
