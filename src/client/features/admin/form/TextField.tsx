// A labelled text input or textarea. `context` is read by screen readers before the visible label
// ("Section 2, " + "Title"), so repeated fields stay distinguishable without cluttering the form.
import { useId } from 'react';
import type { ReactNode, Ref } from 'react';
import styles from '../Editor.module.scss';

export type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Hidden text that prefixes the label for assistive technology, e.g. 'Section 2, '. */
  context?: string;
  multiline?: boolean;
  /** Marked required (SPEC 5) but never blocks submission: the form is noValidate. */
  required?: boolean;
  type?: 'text' | 'url' | 'password' | 'datetime-local';
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  hint?: string;
  /** Extra controls next to the input (e.g. a show/hide button). */
  addon?: ReactNode;
  /** A control at the end of the label row (e.g. a remove button), leaving the input the full width. */
  action?: ReactNode;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  className?: string;
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
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const common = {
    id,
    value,
    required,
    maxLength,
    placeholder,
    autoComplete,
    ref: inputRef,
    'aria-describedby': hint ? hintId : undefined,
    className: styles.input,
  };
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label htmlFor={id} className={styles.label}>
          {context && <span className="visually-hidden">{context}</span>}
          {label}
        </label>
        {/* Outside the label so the field's name stays exactly the label text; `required` announces it. */}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
        {action && <div className={styles.labelAction}>{action}</div>}
      </div>
      <div className={styles.control}>
        {multiline ? (
          <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
        )}
        {addon}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
