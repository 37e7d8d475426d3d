// Keeps the drafts of posts being edited across reloads, one localStorage entry per post ('touchline:edit:<id>'),
// apart from the new post's 'touchline:draft'. Only a draft with changes is kept: an untouched one is fetched fresh.
// The token is never written.
import { parseDraft } from './draftStorage';
import type { EditDraft, EditDraftsState } from './editDraftsSlice';

export const EDIT_DRAFT_PREFIX = 'touchline:edit:';
const VERSION = 1;
const SAVE_DELAY_MS = 300;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Every saved edit draft; unreadable entries are skipped. */
export function loadEditDrafts(): EditDraftsState {
  const drafts: EditDraftsState = {};
  const store = storage();
  if (!store) return drafts;
  try {
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (!key?.startsWith(EDIT_DRAFT_PREFIX)) continue;
      const postId = key.slice(EDIT_DRAFT_PREFIX.length);
      if (!/^[1-9]\d*$/.test(postId)) continue;
      const value: unknown = JSON.parse(store.getItem(key) ?? 'null');
      const draft = parseDraft(value);
      const etag = (value as { etag?: unknown }).etag;
      if (draft && typeof etag === 'string') drafts[postId] = { etag, draft, changed: true };
    }
  } catch {
    // Unreadable storage: the drafts live in the store for this session only.
  }
  return drafts;
}

function write(postId: string, entry: EditDraft | undefined): void {
  try {
    const key = EDIT_DRAFT_PREFIX + postId;
    if (entry?.changed)
      storage()?.setItem(key, JSON.stringify({ version: VERSION, etag: entry.etag, draft: entry.draft }));
    else storage()?.removeItem(key);
  } catch {
    // Quota exceeded or storage disabled: the draft still lives in the store for this session.
  }
}

type EditDraftSource = {
  getState: () => { postEdits?: EditDraftsState };
  subscribe: (listener: () => void) => () => void;
};

const persisted = new WeakSet<EditDraftSource>();

/**
 * Writes the edit drafts SAVE_DELAY_MS after their last change, and at once when the page is hidden or left. Only
 * the drafts that changed are written; a closed or saved one is removed. Lasts as long as the store.
 */
export function ensureEditDraftsPersisted(store: EditDraftSource): void {
  if (persisted.has(store)) return;
  persisted.add(store);
  let written = store.getState().postEdits ?? {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer === undefined || !pendingTimers.delete(timer)) return;
    clearTimeout(timer);
    timer = undefined;
    const current = store.getState().postEdits ?? {};
    for (const postId of new Set([...Object.keys(written), ...Object.keys(current)])) {
      if (current[postId] !== written[postId]) write(postId, current[postId]);
    }
    written = current;
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  let last = written;
  store.subscribe(() => {
    const current = store.getState().postEdits;
    if (current === undefined || current === last) return;
    last = current;
    if (timer !== undefined) clearTimeout(timer);
    if (timer !== undefined) pendingTimers.delete(timer);
    timer = setTimeout(flush, SAVE_DELAY_MS);
    pendingTimers.add(timer);
  });
}

const pendingTimers = new Set<ReturnType<typeof setTimeout>>();

/** Drops every save that has not happened yet (tests call this so one test's drafts never leak into the next). */
export function cancelPendingEditDraftSaves(): void {
  for (const pending of pendingTimers) clearTimeout(pending);
  pendingTimers.clear();
}
