// What text the site accepts and shows: no control characters (C0 but tab, newline and carriage return; DEL; C1), no
// unpaired UTF-16 surrogates and no U+FFFE/U+FFFF. They render as nothing a reader can see, break XML and HTML
// validators, and PostgreSQL cannot store U+0000. Writes refuse them (hasForbiddenChars); old rows lose them when
// shown (withoutControlChars).

const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this must find
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'g');

export const CONTROL_CHARS_MESSAGE = 'must not contain control characters or unpaired surrogates';

/** True when the text holds a character no text field may store. */
export function hasForbiddenChars(value: string): boolean {
  return FORBIDDEN.test(value);
}

/** The text without the characters no field may store: for rows written before the rule. */
export function withoutControlChars(value: string): string {
  return FORBIDDEN.test(value) ? value.replace(FORBIDDEN_ALL, '') : value;
}

// A name is one line: a tab, carriage return or line feed in it breaks every list, log and mail header that shows it.
const LINE_BREAK = /[\t\r\n]/;

export const SINGLE_LINE_MESSAGE = 'must be a single line';

/** True when the text holds no tab, carriage return or line feed. */
export function isSingleLine(value: string): boolean {
  return !LINE_BREAK.test(value);
}
