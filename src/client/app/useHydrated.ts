import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates server markup (and on the server), true otherwise. Markup that depends on what only the
 * browser knows (the stored theme) renders the server's version first, so hydration matches, and React re-renders
 * it at once afterwards. A page rendered in the browser from scratch gets true straight away.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
