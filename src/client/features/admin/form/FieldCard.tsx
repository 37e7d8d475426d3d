// One card of the post form (header, author, a product, a section): a fieldset with its legend and the responsive
// grid of PostForm.module.scss, its fields given as a list of descriptors rather than written out one by one. Each
// descriptor names the draft's string it edits; a change dispatches just that field ({ title: 'New title' }).
import type { ReactNode } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useDraftDispatch, useDraftSelector } from '../draft/draftScope';
import type { Draft } from '../draft/draftTypes';
import { IconSelect } from './IconSelect';
import { ImageFileField } from './ImageFileField';
import type { ImageFileFieldProps } from './ImageFileField';
import { TextField } from './TextField';
import type { TextFieldProps } from './TextField';
import formStyles from './PostForm.module.scss';

type TextSpec = { kind?: 'text' } & Omit<TextFieldProps, 'value' | 'onChange' | 'context' | 'inputRef'>;
type IconSpec = { kind: 'icon'; label: string; options: readonly string[] };
/** An image chosen from a file, in a grid cell of its own (`className`: its width in the grid). */
type ImageSpec = { kind: 'image'; className?: string } & Pick<ImageFileFieldProps, 'label' | 'slot' | 'subject'>;

/** One field of a card: the draft's string it edits (`name`), and how. A text field unless `kind` says otherwise. */
export type FieldSpec<K extends string> = { name: K } & (TextSpec | IconSpec | ImageSpec);

/** The strings a card's fields edit. */
export type FieldValues<K extends string> = { readonly [P in K]: string };

/** The change a field makes: the one string it edits. */
export type FieldChange<K extends string> = Partial<Record<K, string>>;

export type FieldCardProps<K extends string> = {
  legend: ReactNode;
  fields: readonly FieldSpec<K>[];
  values: FieldValues<K>;
  onChange: (changes: FieldChange<K>) => void;
  /** Hidden text read before every field's label, e.g. 'Product 2, '. */
  context?: string;
  /** The refs some text fields hand their input to, e.g. a row's title (focus moves there after an add). */
  inputRefs?: Partial<Record<K, TextFieldProps['inputRef']>>;
  /** What follows the grid inside the card (a row's lists, its Remove button). */
  children?: ReactNode;
};

export function FieldCard<K extends string>({
  legend,
  fields,
  values,
  onChange,
  context,
  inputRefs,
  children,
}: FieldCardProps<K>) {
  const change = (name: K, value: string) => onChange({ [name]: value } as FieldChange<K>);
  return (
    <fieldset className={formStyles.card}>
      <legend className={formStyles.cardTitle}>{legend}</legend>
      <div className={formStyles.grid}>
        {fields.map((field) => {
          const { name, label } = field;
          if (field.kind === 'icon') {
            return (
              <IconSelect
                key={label}
                label={label}
                context={context}
                value={values[name]}
                options={field.options}
                onChange={(value) => change(name, value)}
              />
            );
          }
          if (field.kind === 'image') {
            return (
              <div key={label} className={field.className}>
                <ImageFileField
                  label={label}
                  slot={field.slot}
                  subject={field.subject}
                  currentUrl={values[name]}
                  onClearCurrent={() => change(name, '')}
                />
              </div>
            );
          }
          const { kind: _text, name: _name, ...text } = field;
          return (
            <TextField
              key={label}
              {...text}
              context={context}
              value={values[name]}
              inputRef={inputRefs?.[name]}
              onChange={(value) => change(name, value)}
            />
          );
        })}
      </div>
      {children}
    </fieldset>
  );
}

export type DraftPartCardProps<K extends string> = Omit<FieldCardProps<K>, 'values' | 'onChange'> & {
  /** the part of the draft the card edits, e.g. its footer */
  select: (draft: Draft) => FieldValues<K>;
  /** the editor action that applies a change to that part */
  change: (changes: FieldChange<K>) => UnknownAction;
};

/** A card for a part of the draft that there is one of (its header, its footer): reads it, and dispatches its changes. */
export function DraftPartCard<K extends string>({ select, change, ...card }: DraftPartCardProps<K>) {
  const dispatch = useDraftDispatch();
  const values = useDraftSelector(select);
  return <FieldCard {...card} values={values} onChange={(changes) => dispatch(change(changes))} />;
}
