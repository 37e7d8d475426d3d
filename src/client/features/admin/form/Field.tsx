// The Staff and Account pages' form kit: their labelled field, their submit button, and the text they show for a
// failed request.
import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
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

/** A labelled input or select for the Staff and Account pages. */
type FieldProps = {
  label: string;
  hint?: string;
  /** a <select>'s options; without them the field is an <input> */
  options?: ReactNode;
  value: string;
  onChange?: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

export function Field({ label, hint, options, value, onChange, ...input }: FieldProps) {
  const id = useId();
  const common = {
    id,
    className: pageStyles.input,
    value,
    'aria-describedby': hint ? `${id}-hint` : undefined,
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
      ) : (
        <input {...input} {...common} onChange={(event) => onChange?.(event.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className={pageStyles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** The form's submit button, which says "Processing..." and waits while the request runs. */
export function BusySubmit({ busy, icon, label }: { busy: boolean; icon: ReactNode; label: string }) {
  return (
    <div className={pageStyles.formActions}>
      <button type="submit" className={buttons.primaryButton} disabled={busy} aria-busy={busy}>
        {icon}
        {busy ? 'Processing...' : label}
      </button>
    </div>
  );
}
