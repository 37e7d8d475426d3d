// A list of editor rows (sections, products): the empty hint, the rows, the Add buttons below them and each row's
// Remove button, with useRowFocus's keyboard focus: a new row's title after an add, the next row (or the first Add
// button) after a remove.
import type { ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useRowFocus } from './useRowFocus';
import buttons from '../../../../styles/buttons.module.scss';
import fieldStyles from '../fields.module.scss';
import formStyles from '../PostForm.module.scss';

/** What each row wires up: its title field's ref, and the call to make before it is removed. */
export type RowFocus = {
  titleRef: (element: HTMLInputElement | null) => void;
  onRemove: (index: number) => void;
};

export type RowAddAction = {
  label: string;
  /** dispatches the add; focus moves to the new row's title once it renders */
  onAdd: () => void;
};

type RowListProps<T> = {
  items: readonly T[];
  emptyText: string;
  /** renders one row, keyed; `focus` is stable per index, so memoised rows do not re-render because of it */
  renderRow: (item: T, index: number, focus: RowFocus) => ReactNode;
  /** the Add buttons; the first is where focus goes when the last row is removed */
  addActions: readonly RowAddAction[];
};

export function RowList<T>({ items, emptyText, renderRow, addActions }: RowListProps<T>) {
  const { refFor, setAddButton, beforeAdd, beforeRemove } = useRowFocus(items.length);
  return (
    <>
      {items.length === 0 && <p className={fieldStyles.hint}>{emptyText}</p>}
      {items.map((item, index) => renderRow(item, index, { titleRef: refFor(index), onRemove: beforeRemove }))}
      <div className={formStyles.actions}>
        {addActions.map(({ label, onAdd }, index) => (
          <button
            key={label}
            type="button"
            ref={index === 0 ? setAddButton : undefined}
            className={buttons.secondaryButton}
            onClick={() => {
              beforeAdd();
              onAdd();
            }}
          >
            <Plus size={16} aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
    </>
  );
}

type RemoveRowButtonProps = {
  /** what the row is called in its button ('product', 'section') */
  noun: string;
  /** the row's number, from 1 */
  number: number;
  /** the row's RowFocus.onRemove */
  onRemove: RowFocus['onRemove'];
  /** dispatches the removal */
  remove: () => void;
};

/** A row's "Remove {noun} {number}" button: moves focus on (see RowFocus), then removes the row. */
export function RemoveRowButton({ noun, number, onRemove, remove }: RemoveRowButtonProps) {
  return (
    <div className={formStyles.cardActions}>
      <button
        type="button"
        className={buttons.dangerButton}
        onClick={() => {
          onRemove(number - 1);
          remove();
        }}
      >
        <Trash2 size={16} aria-hidden="true" />
        Remove {noun} {number}
      </button>
    </div>
  );
}
