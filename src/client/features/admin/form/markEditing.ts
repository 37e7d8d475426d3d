// What the formatting buttons and keys do to a field's text: pure edits of (text, selection), so the field only applies
// the result and puts the selection back.

/** A field's text with its selection (start ≤ end, offsets in UTF-16 code units as the DOM gives them). */
export type Edit = { value: string; start: number; end: number };

export type Emphasis = '**' | '*';

/** The selection without the spaces at its ends: `** word**` does not make bold, `**word**` does. */
function trimmed({ value, start, end }: Edit): Edit {
  while (start < end && /\s/.test(value[start] ?? '')) start += 1;
  while (end > start && /\s/.test(value[end - 1] ?? '')) end -= 1;
  return { value, start, end };
}

/** Whether the marker `marker` sits right before `start` and right after `end` (and is not part of a longer run). */
function wrappedBy(value: string, start: number, end: number, marker: string): boolean {
  if (start < marker.length || value.slice(start - marker.length, start) !== marker) return false;
  if (value.slice(end, end + marker.length) !== marker) return false;
  // Italic's `*` inside bold's `**` is bold's: a run of stars is italic when its length is odd (`*x*`, `***x***`).
  if (marker === '*') {
    const before = value.slice(0, start).match(/\*+$/)?.[0].length ?? 0;
    const after = value.slice(end).match(/^\*+/)?.[0].length ?? 0;
    return before % 2 === 1 && after % 2 === 1;
  }
  return true;
}

/**
 * Bold (`**`) or italic (`*`) on the selection: wraps it, or unwraps it when it already is (the markers around the
 * selection, or at its ends). With nothing selected, inserts the pair and puts the caret between them.
 */
export function toggleEmphasis(edit: Edit, marker: Emphasis): Edit {
  const { value } = edit;
  const { start, end } = edit.start === edit.end ? edit : trimmed(edit);
  const n = marker.length;
  if (start !== end && wrappedBy(value, start, end, marker)) {
    return {
      value: value.slice(0, start - n) + value.slice(start, end) + value.slice(end + n),
      start: start - n,
      end: end - n,
    };
  }
  const selected = value.slice(start, end);
  if (selected.length > 2 * n && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(n, -n);
    if (marker === '**' || !inner.startsWith('*') || inner.startsWith('**')) {
      return { value: value.slice(0, start) + inner + value.slice(end), start, end: end - 2 * n };
    }
  }
  return {
    value: value.slice(0, start) + marker + selected + marker + value.slice(end),
    start: start + n,
    end: end + n,
  };
}

/** A destination as a link mark can carry it: the characters that would end it early are percent-encoded. */
function destination(url: string): string {
  return url.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** The link text: brackets would end it early, so they are escaped. */
function linkText(text: string): string {
  return text.replace(/[[\]\\]/g, (c) => `\\${c}`);
}

/**
 * `[selection](url)`, or `[url](url)` when nothing is selected; the selection afterwards is the link text, so the writer
 * sees what was linked. `url` must already be one a link may carry (marks.ts linkHref).
 */
export function insertLink(edit: Edit, url: string): Edit {
  const { value } = edit;
  const { start, end } = edit.start === edit.end ? edit : trimmed(edit);
  const text = start === end ? url : value.slice(start, end);
  const label = linkText(text);
  const mark = `[${label}](${destination(url)})`;
  return { value: value.slice(0, start) + mark + value.slice(end), start: start + 1, end: start + 1 + label.length };
}
