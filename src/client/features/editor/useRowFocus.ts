// Keyboard users land in the new row: after they add a section, item or product, its first field gets focus.
import { useCallback, useEffect, useRef } from 'react';

/** Focuses the last of `count` registered inputs once the count grows after request() was called. */
export function useFocusNewest(count: number) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) {
      requested.current = false;
      refs.current[count - 1]?.focus();
    }
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
  const request = useCallback(() => {
    requested.current = true;
  }, []);
  return { refFor, request };
}
