// The one rule for characters no text field stores or shows: control characters (but tab, newline and carriage
// return), unpaired surrogates and U+FFFE/U+FFFF.
import { hasForbiddenChars, isSingleLine, withoutControlChars } from '../../src/contract/text';

describe('hasForbiddenChars', () => {
  it.each([
    ['NUL', '\u0000'],
    ['backspace', '\u0008'],
    ['escape', '\u001B'],
    ['DEL', '\u007F'],
    ['a C1 control (NEL)', '\u0085'],
    ['the last C1 control', '\u009F'],
    ['U+FFFE', '\uFFFE'],
    ['U+FFFF', '\uFFFF'],
    ['an unpaired high surrogate', '\uD800'],
    ['an unpaired low surrogate', '\uDC00'],
    ['a low surrogate before a high one', '\uDC00\uD800'],
  ])('finds %s', (_what, char) => {
    expect(hasForbiddenChars(`a${char}b`)).toBe(true);
    expect(withoutControlChars(`a${char}b`)).toBe('ab');
  });

  it.each([
    ['tab, newline and carriage return', 'a\tb\nc\r\nd'],
    ['a surrogate pair (emoji)', 'goal 🥅'],
    ['accents and no-break space', 'Fútbol\u00A0Sala'],
    ['U+FFFD', 'a\uFFFDb'],
  ])('lets %s through unchanged', (_what, text) => {
    expect(hasForbiddenChars(text)).toBe(false);
    expect(withoutControlChars(text)).toBe(text);
  });
});

describe('isSingleLine', () => {
  it.each([
    ['a tab', 'a\tb'],
    ['a line feed', 'a\nb'],
    ['a carriage return', 'a\rb'],
    ['a CRLF', 'a\r\nb'],
  ])('refuses %s', (_what, text) => {
    expect(isSingleLine(text)).toBe(false);
  });

  it('takes any other text of one line: spaces, no-break spaces, emoji, direction marks, markup', () => {
    expect(isSingleLine('O\'Brien "Ünï" \u00A0\u202Eevil\u202C 👩🏽‍⚽ <script>&amp;')).toBe(true);
  });
});
