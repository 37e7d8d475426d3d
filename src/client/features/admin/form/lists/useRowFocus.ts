// Keyboard focus in the editor's growing and shrinking lists (sections, items, products): after an add, the new
// row's first field; after a remove, the row that took its place (or the one before), else the list's Add button,
// so focus never falls back to the top of the page.
import { useCallback, useEffect, useRef } from 'react';

type Pending = { after: 'add' } | { after: 'remove'; index: number };

/** `count` is the number of rows; rows register their first field with refFor(index). */
export function useRowFocus(count: number) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement | null>(null);
  const pending = useRef<Pending | null>(null);
  useEffect(() => {
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    if (next.after === 'add') refs.current[count - 1]?.focus();
    else if (count === 0) addButton.current?.focus();
    else refs.current[Math.min(next.index, count - 1)]?.focus();
  }, [count]);
  // One stable callback per index, so memoised rows do not re-render because of a new ref function.
  const callbacks = useRef(new Map<number, (element: HTMLInputElement | null) => void>());
  const refFor = useCallback((index: number) => {
    let callback = callbacks.current.get(index);
    if (!callback) {
      callback = (element) => {
        refs.current[index] = element;
      };
      callbacks.current.set(index, callback);
    }
    return callback;
  }, []);
  /** Ref callback for the list's Add button, where focus goes when the last row is removed. */
  const setAddButton = useCallback((element: HTMLButtonElement | null) => {
    addButton.current = element;
  }, []);
  /** Call before dispatching an add. */
  const beforeAdd = useCallback(() => {
    pending.current = { after: 'add' };
  }, []);
  /** Call before dispatching the removal of row `index`. */
  const beforeRemove = useCallback((index: number) => {
    pending.current = { after: 'remove', index };
  }, []);
  return { refFor, setAddButton, beforeAdd, beforeRemove };
}
