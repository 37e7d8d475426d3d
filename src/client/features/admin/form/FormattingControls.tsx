// Bold, Italic and Link for a formatted field (paragraphs, list items, product descriptions, quotes): real buttons,
// the same edits on Ctrl/Cmd+B, I and K inside the field, and Link's address asked in the page (labelled, Escape
// cancels) and refused when it is one the post would not render as a link (marks.ts linkHref).
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { Bold, Italic, Link } from 'lucide-react';
import { linkHref } from '../../../../contract/marks';
import { insertLink, toggleEmphasis } from './markEditing';
import type { Edit } from './markEditing';
import buttons from '../../../styles/buttons.module.scss';
import fieldStyles from './fields.module.scss';

export const LINK_REFUSED =
  'This address cannot be a link. Use an http://, https:// or mailto: address, or a page of this site starting with /.';

type Field = HTMLInputElement | HTMLTextAreaElement;

type FormattingProps = {
  /** the field's element */
  field: RefObject<Field | null>;
  value: string;
  onChange: (value: string) => void;
  /** the field's id (the toolbar controls it) */
  fieldId: string;
  /** the field's accessible name, naming the link prompt ('Section 1, Paragraph') */
  name: string;
};

const selectionOf = (element: Field, value: string): Edit => ({
  value,
  start: element.selectionStart ?? value.length,
  end: element.selectionEnd ?? value.length,
});

/**
 * The formatting edits of one field: the toolbar to render above it, the link prompt to render below it, and the key
 * handler for the field itself.
 */
export function useFormatting({ field, fieldId, value, onChange, name }: FormattingProps) {
  const id = useId();
  // The selection to restore once the edited value has rendered (the field is controlled, so it must wait for it).
  const nextSelection = useRef<Edit | null>(null);
  const [linking, setLinking] = useState<Edit | null>(null);

  useLayoutEffect(() => {
    const next = nextSelection.current;
    const element = field.current;
    if (!next || !element || element.value !== next.value) return;
    nextSelection.current = null;
    element.focus();
    element.setSelectionRange(next.start, next.end);
  }, [value, field]);

  function apply(edit: Edit) {
    nextSelection.current = edit;
    if (edit.value === value) {
      // Nothing to re-render: put the focus and selection back now.
      field.current?.focus();
      field.current?.setSelectionRange(edit.start, edit.end);
      nextSelection.current = null;
    } else {
      onChange(edit.value);
    }
  }

  function emphasis(marker: '**' | '*') {
    const element = field.current;
    if (element) apply(toggleEmphasis(selectionOf(element, value), marker));
  }

  function askLink() {
    const element = field.current;
    if (element) setLinking(selectionOf(element, value));
  }

  function closeLink(edit?: Edit) {
    const selection = linking;
    setLinking(null);
    if (edit) apply(edit);
    else if (selection) apply(selection);
  }

  function onKeyDown(event: KeyboardEvent<Field>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key !== 'b' && key !== 'i' && key !== 'k') return;
    event.preventDefault();
    if (key === 'b') emphasis('**');
    else if (key === 'i') emphasis('*');
    else askLink();
  }

  const toolbar = (
    // Named "Formatting" alone: a name holding the field's would also match the field's own label in a search by it.
    <div className={fieldStyles.toolbar} role="group" aria-label="Formatting" aria-controls={fieldId}>
      <button
        type="button"
        className={buttons.iconButton}
        aria-keyshortcuts="Control+B Meta+B"
        onClick={() => emphasis('**')}
      >
        <Bold size={16} aria-hidden="true" />
        <span className="visually-hidden">Bold</span>
      </button>
      <button
        type="button"
        className={buttons.iconButton}
        aria-keyshortcuts="Control+I Meta+I"
        onClick={() => emphasis('*')}
      >
        <Italic size={16} aria-hidden="true" />
        <span className="visually-hidden">Italic</span>
      </button>
      <button
        type="button"
        className={buttons.iconButton}
        aria-keyshortcuts="Control+K Meta+K"
        aria-expanded={linking !== null}
        aria-controls={linking ? `${id}-link` : undefined}
        onClick={askLink}
      >
        <Link size={16} aria-hidden="true" />
        <span className="visually-hidden">Link</span>
      </button>
    </div>
  );

  const prompt = linking && (
    <LinkPrompt id={`${id}-link`} name={name} onDone={(url) => closeLink(url ? insertLink(linking, url) : undefined)} />
  );

  return { toolbar, prompt, onKeyDown };
}

type LinkPromptProps = {
  id: string;
  name: string;
  /** the accepted address, or undefined when cancelled */
  onDone: (url: string | undefined) => void;
};

function LinkPrompt({ id, name, onDone }: LinkPromptProps) {
  const [url, setUrl] = useState('');
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  /** Escape on any of the prompt's controls cancels it. */
  function onEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onDone(undefined);
  }

  function accept() {
    const href = linkHref(url);
    if (href === undefined) {
      setRefused(true);
      input.current?.focus();
    } else {
      onDone(href);
    }
  }

  return (
    <div id={id} className={fieldStyles.linkPrompt} role="group" aria-label={`Add a link (${name})`}>
      <label htmlFor={`${id}-url`} className={fieldStyles.label}>
        Link address
      </label>
      <div className={fieldStyles.control}>
        <input
          ref={input}
          id={`${id}-url`}
          type="url"
          className={fieldStyles.input}
          value={url}
          placeholder="https://…"
          aria-invalid={refused || undefined}
          aria-describedby={`${id}-message`}
          onChange={(event) => {
            setUrl(event.target.value);
            setRefused(false);
          }}
          onKeyDown={(event) => {
            // Enter adds the link; it must not submit the post form around it.
            if (event.key === 'Enter') {
              event.preventDefault();
              accept();
            } else onEscape(event);
          }}
        />
        <button type="button" className={buttons.secondaryButton} onClick={accept} onKeyDown={onEscape}>
          Add link
        </button>
        <button
          type="button"
          className={buttons.secondaryButton}
          onClick={() => onDone(undefined)}
          onKeyDown={onEscape}
        >
          Cancel
        </button>
      </div>
      <p
        id={`${id}-message`}
        className={refused ? fieldStyles.error : fieldStyles.hint}
        role={refused ? 'alert' : undefined}
      >
        {refused ? LINK_REFUSED : 'Enter adds the link, Escape cancels.'}
      </p>
    </div>
  );
}
