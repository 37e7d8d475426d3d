// A labelled text input or textarea. `context` is read by screen readers before the visible label
// ("Section 2, " + "Title"), so repeated fields stay distinguishable without cluttering the form.
import { useCallback, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { useFormatting } from './FormattingControls';
import fieldStyles from './fields.module.scss';

export type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Hidden text that prefixes the label for assistive technology, e.g. 'Section 2, '. */
  context?: string;
  multiline?: boolean;
  /** Marked required for assistive technology but never blocks submission: the form is noValidate, the server checks. */
  required?: boolean;
  type?: 'text' | 'url' | 'email' | 'password' | 'datetime-local';
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  hint?: string;
  /** Extra controls next to the input (e.g. a show/hide button). */
  addon?: ReactNode;
  /** A control at the end of the label row (e.g. a remove button), leaving the input the full width. */
  action?: ReactNode;
  /** Called with the field's element (a row's first field, for focus after an add). */
  inputRef?: (element: HTMLInputElement | null) => void;
  className?: string;
  /** Text readers see with inline marks: Bold, Italic and Link buttons above it, and Ctrl/Cmd+B, I, K inside it. */
  formatting?: boolean;
};

export function TextField({
  label,
  value,
  onChange,
  context,
  multiline = false,
  required = false,
  type = 'text',
  maxLength,
  placeholder,
  autoComplete,
  hint,
  addon,
  action,
  inputRef,
  className,
  formatting = false,
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const element = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // The field's element for the formatting edits, and for whoever passed inputRef (focus after adding a row).
  const ref = useCallback(
    (node: (HTMLInputElement & HTMLTextAreaElement) | null) => {
      element.current = node;
      inputRef?.(node);
    },
    [inputRef],
  );
  const format = useFormatting({ field: element, fieldId: id, value, onChange, name: `${context ?? ''}${label}` });
  const common = {
    id,
    value,
    required,
    maxLength,
    placeholder,
    autoComplete,
    ref,
    'aria-describedby': hint ? hintId : undefined,
    className: fieldStyles.input,
    onKeyDown: formatting ? format.onKeyDown : undefined,
  };
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <div className={fieldStyles.labelRow}>
        <label htmlFor={id} className={fieldStyles.label}>
          {context && <span className="visually-hidden">{context}</span>}
          {label}
        </label>
        {/* Outside the label so the field's name stays exactly the label text; `required` announces it. */}
        {required && (
          <span className={fieldStyles.required} aria-hidden="true">
            *
          </span>
        )}
        {action && <div className={fieldStyles.labelAction}>{action}</div>}
      </div>
      {formatting && format.toolbar}
      <div className={fieldStyles.control}>
        {multiline ? (
          <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
        )}
        {addon}
      </div>
      {formatting && format.prompt}
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
