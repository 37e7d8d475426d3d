import { Field } from '../form/Field';

/** A read-only field holding a secret or a link to copy, selected on focus so one keystroke copies it. */
export function CopyField({ label, value, hint }: { label: string; value: string; hint: string }) {
  return <Field label={label} value={value} hint={hint} readOnly onFocus={(event) => event.currentTarget.select()} />;
}
