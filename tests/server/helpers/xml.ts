// A small, strict XML 1.0 parser for tests (no dependency): it throws on anything that is not well-formed (unclosed or
// crossed tags, a bare & or <, an unknown entity, an unquoted or repeated attribute, a character XML forbids, text
// outside the root, a second root) and returns the element tree, so a test can check a feed's structure as a reader
// sees it. No DTDs, processing instructions other than the declaration, or CDATA: the server writes none.

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

const isNameStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === ':';
const isNameChar = (c: string) => isNameStart(c) || (c >= '0' && c <= '9') || c === '-' || c === '.';
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

export function parseXml(source: string): XmlElement {
  for (const char of source) {
    const code = char.codePointAt(0) ?? 0;
    if (!isXmlChar(code)) throw new Error(`character U+${code.toString(16).toUpperCase()} is not allowed in XML`);
  }
  let i = 0;
  const fail = (message: string): never => {
    throw new Error(`${message} at offset ${i}: ${JSON.stringify(source.slice(Math.max(0, i - 20), i + 20))}`);
  };
  const skipSpace = () => {
    while (i < source.length && isSpace(source[i] ?? '')) i += 1;
  };
  const name = () => {
    const start = i;
    if (!isNameStart(source[i] ?? '')) fail('expected a name');
    while (i < source.length && isNameChar(source[i] ?? '')) i += 1;
    return source.slice(start, i);
  };
  const reference = () => {
    // at '&'
    const end = source.indexOf(';', i);
    if (end === -1) fail('unterminated reference');
    const body = source.slice(i + 1, end);
    let value: string | undefined;
    if (body.startsWith('#x')) {
      const hex = body.slice(2);
      if (hex === '' || [...hex].some((c) => !'0123456789abcdefABCDEF'.includes(c))) fail('bad character reference');
      value = String.fromCodePoint(parseInt(hex, 16));
    } else if (body.startsWith('#')) {
      const dec = body.slice(1);
      if (dec === '' || [...dec].some((c) => c < '0' || c > '9')) fail('bad character reference');
      value = String.fromCodePoint(Number(dec));
    } else value = ENTITIES[body];
    if (value === undefined) fail(`unknown entity &${body};`);
    if (!isXmlChar(value?.codePointAt(0) ?? 0)) fail('reference to a character XML forbids');
    i = end + 1;
    return value ?? '';
  };

  if (source.startsWith('<?xml')) {
    const end = source.indexOf('?>');
    if (end === -1) fail('unterminated XML declaration');
    i = end + 2;
  }
  skipSpace();

  const element = (): XmlElement => {
    if (source[i] !== '<') fail('expected <');
    i += 1;
    const node: XmlElement = { name: name(), attributes: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      skipSpace();
      if (source.startsWith('/>', i)) {
        i += 2;
        return node;
      }
      if (source[i] === '>') {
        i += 1;
        break;
      }
      if (i === before) fail('expected whitespace before an attribute');
      const attribute = name();
      skipSpace();
      if (source[i] !== '=') fail('expected =');
      i += 1;
      skipSpace();
      const quote = source[i];
      if (quote !== '"' && quote !== "'") fail('attribute value must be quoted');
      i += 1;
      let value = '';
      while (source[i] !== quote) {
        if (i >= source.length) fail('unterminated attribute value');
        if (source[i] === '<') fail('< in an attribute value');
        if (source[i] === '&') value += reference();
        else {
          value += source[i];
          i += 1;
        }
      }
      i += 1;
      if (attribute in node.attributes) fail(`repeated attribute ${attribute}`);
      node.attributes[attribute] = value;
    }
    for (;;) {
      if (i >= source.length) fail(`unclosed <${node.name}>`);
      if (source.startsWith('</', i)) {
        i += 2;
        const closing = name();
        if (closing !== node.name) fail(`</${closing}> closes <${node.name}>`);
        skipSpace();
        if (source[i] !== '>') fail('expected >');
        i += 1;
        return node;
      }
      if (source.startsWith('<!--', i)) {
        const end = source.indexOf('-->', i + 4);
        if (end === -1) fail('unterminated comment');
        i = end + 3;
      } else if (source.startsWith('<!', i) || source.startsWith('<?', i)) fail('unsupported markup');
      else if (source[i] === '<') node.children.push(element());
      else if (source[i] === '&') node.text += reference();
      else if (source.startsWith(']]>', i)) fail(']]> in text');
      else {
        node.text += source[i];
        i += 1;
      }
    }
  };

  const root = element();
  skipSpace();
  if (i !== source.length) fail('content after the root element');
  return root;
}

/** Children of `node` named `name`. */
export const childrenNamed = (node: XmlElement, name: string) => node.children.filter((c) => c.name === name);

/** The one child named `name` (throws when there is none or several). */
export function only(node: XmlElement, name: string): XmlElement {
  const found = childrenNamed(node, name);
  if (found.length !== 1) throw new Error(`<${node.name}> has ${found.length} <${name}>, expected exactly one`);
  return found[0] as XmlElement;
}
