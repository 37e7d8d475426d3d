// The one debounced writer behind both drafts (the new post's and the edited posts'): a change is written
// DRAFT_SAVE_DELAY_MS after the last one, and at once when the page is hidden or left (a reload, a closed tab, a
// switch to another app), so the last keystrokes before that are not lost.

export const DRAFT_SAVE_DELAY_MS = 300;

/** A store, with or without the draft's slice injected yet. */
export type DraftSource<S> = { getState: () => S; subscribe: (listener: () => void) => () => void };

export type DraftPersistence<S, T> = {
  /** the part of the state to keep; undefined while its slice is not in the store */
  select: (state: S) => T | undefined;
  /** whether a change needs a write (the new post's token alone does not) */
  changed?: (previous: T, next: T) => boolean;
  /** writes `next`; `written` is what the last write (or the store at the start) held */
  write: (next: T, written: T) => void;
};

/** Every write waiting for its delay, by its cancel function (cancelPendingDraftSaves drops them all). */
const pendingSaves = new Set<() => void>();

/**
 * Writes `select`'s part of the state after each change, debounced; the slice arriving in the store is not a change
 * (that state was just read from storage, or is the sample). Returns the cleanup that stops persisting.
 */
export function persistDraftChanges<S, T>(
  store: DraftSource<S>,
  { select, changed = () => true, write }: DraftPersistence<S, T>,
  delayMs = DRAFT_SAVE_DELAY_MS,
): () => void {
  let seen = select(store.getState());
  let written = seen;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pendingSaves.delete(cancel);
  };
  const flush = () => {
    if (timer === undefined) return;
    cancel();
    const current = select(store.getState());
    if (current === undefined || written === undefined) return;
    write(current, written);
    written = current;
  };
  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', flushWhenHidden);
  const unsubscribe = store.subscribe(() => {
    const next = select(store.getState());
    if (next === seen) return;
    const previous = seen;
    seen = next;
    if (previous === undefined || next === undefined) {
      written = next;
      return;
    }
    if (!changed(previous, next)) return;
    cancel();
    timer = setTimeout(flush, delayMs);
    pendingSaves.add(cancel);
  });
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', flushWhenHidden);
    cancel();
  };
}

const persisted = new WeakMap<object, Set<string>>();

/** Runs `start` once per store and name: the persisting it starts then lasts as long as the store. */
export function ensurePersisted(store: object, name: string, start: () => unknown): void {
  const names = persisted.get(store) ?? new Set<string>();
  persisted.set(store, names);
  if (names.has(name)) return;
  names.add(name);
  start();
}

/** Drops every write that has not happened yet (tests call this so one test's drafts never leak into the next). */
export function cancelPendingDraftSaves(): void {
  for (const cancel of [...pendingSaves]) cancel();
}
