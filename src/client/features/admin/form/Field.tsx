// The admin pages' form kit (beside the post editor's TextField, which keeps its own styles for the editor's chunk):
// the labelled field, the submit button, and the text shown for a failed request.
import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from '../pages/page.module.scss';

/**
 * What the Staff and Account pages say for a failed request: the server's words (they name what was refused), else
 * what went wrong in general terms. Not apiErrorMessage or serverErrorText: importing either here splits the shared
 * chunks into more files, which visitors' pages then download too.
 */
export function failureText(error: unknown, byStatus: Partial<Record<number, string>> = {}): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && byStatus[status] !== undefined) return byStatus[status];
  if (status === 'FETCH_ERROR') return 'The server could not be reached.';
  const text = (error as { data?: { error?: unknown } } | null)?.data?.error;
  if (typeof text === 'string' && text !== '') return `${text}.`;
  return typeof status === 'number' ? `The server answered with status ${status}.` : 'Something went wrong.';
}

/** The control a Field renders, for a ref: focus() is all its users call. */
export type FieldControl = HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement;

type FieldProps = {
  label: string;
  hint?: ReactNode;
  /** why the value was refused: shown under the field as an alert, and the field named invalid */
  error?: string;
  /** a <select>'s options */
  options?: ReactNode;
  /** a <textarea> of this many rows */
  rows?: number;
  value: string;
  onChange?: (value: string) => void;
  /** the control, for a form that moves focus to it (a field opened or refused) */
  ref?: Ref<FieldControl>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

/**
 * The admin pages' labelled field: an <input>, a <select> (with options) or a <textarea> (with rows), its hint and
 * its error tied to it by aria-describedby.
 */
export function Field({ label, hint, error, options, rows, value, onChange, ref, ...input }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    ref,
    className: pageStyles.input,
    value,
    'aria-describedby': described || undefined,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className={pageStyles.field}>
      <label htmlFor={id} className={pageStyles.label}>
        {label}
      </label>
      {options ? (
        <select {...common} disabled={input.disabled} onChange={(event) => onChange?.(event.target.value)}>
          {options}
        </select>
      ) : rows ? (
        <textarea
          {...common}
          rows={rows}
          required={input.required}
          maxLength={input.maxLength}
          disabled={input.disabled}
          onChange={(event) => onChange?.(event.target.value)}
        />
      ) : (
        <input {...input} {...common} onChange={(event) => onChange?.(event.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className={pageStyles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={pageStyles.failed} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
type BusySubmitProps = {
  busy: boolean;
  icon?: ReactNode;
  label: string;
  /** more buttons after it (Cancel) */
  children?: ReactNode;
};

/** The form's submit button, which says "Processing..." and waits while the request runs. */
export function BusySubmit({ busy, icon, label, children }: BusySubmitProps) {
  return (
    <div className={pageStyles.formActions}>
      <button type="submit" className={buttons.primaryButton} disabled={busy} aria-busy={busy}>
        {icon}
        {busy ? 'Processing...' : label}
      </button>
      {children}
    </div>
  );
}
