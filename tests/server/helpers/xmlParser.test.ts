// The feed and sitemap tests trust this parser to refuse malformed XML; these cases show it does.
import { parseXml } from './xml';

describe('parseXml (test helper)', () => {
  it('reads elements, attributes, entities and character references', () => {
    const root = parseXml('<?xml version="1.0"?>\n<a x="1 &amp; 2"><b>&lt;i&gt; &#38; &#x41;</b><c/></a>\n');
    expect(root).toEqual({
      name: 'a',
      attributes: { x: '1 & 2' },
      text: '',
      children: [
        { name: 'b', attributes: {}, children: [], text: '<i> & A' },
        { name: 'c', attributes: {}, children: [], text: '' },
      ],
    });
  });

  it.each([
    ['an unclosed element', '<a><b></a>'],
    ['crossed tags', '<a><b></a></b>'],
    ['a bare ampersand', '<a>fish & chips</a>'],
    ['a bare <', '<a>1 < 2</a>'],
    ['an HTML entity', '<a>&nbsp;</a>'],
    ['an unquoted attribute', '<a x=1></a>'],
    ['a repeated attribute', '<a x="1" x="2"></a>'],
    ['a control character', '<a>\u0001</a>'],
    ['a reference to a control character', '<a>&#1;</a>'],
    ['two roots', '<a></a><b></b>'],
    ['text after the root', '<a></a>x'],
    [']]> in text', '<a>]]></a>'],
  ])('refuses %s', (_case, source) => {
    expect(() => parseXml(source)).toThrow();
  });
});
