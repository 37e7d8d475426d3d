// An editorial note's field, the same in a request for changes and in the notes panel: a textarea held to the note
// limit (noteRule.ts says what fits), with the panel's hint where there is one.
import type { ReactNode, Ref } from 'react';
import { DESK_LIMITS } from '../../../../contract/desk';
import { Field } from '../form/Field';
import type { FieldControl } from '../form/Field';

type NoteFieldProps = {
  label: string;
  value: string;
  /** why the note was refused, shown under it */
  error: string;
  hint?: ReactNode;
  ref?: Ref<FieldControl>;
  onChange: (value: string) => void;
};

export function NoteField({ label, value, error, hint, ref, onChange }: NoteFieldProps) {
  return (
    <Field
      ref={ref}
      label={label}
      rows={3}
      required
      maxLength={DESK_LIMITS.noteMax}
      value={value}
      hint={hint}
      error={error}
      onChange={onChange}
    />
  );
}
