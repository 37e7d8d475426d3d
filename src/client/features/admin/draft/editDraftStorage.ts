// Keeps the drafts of posts being edited across reloads, one localStorage entry per post ('touchline:edit:<id>'),
// apart from the new post's 'touchline:draft'. Only a draft with changes is kept: an untouched one is fetched fresh.
// The token is never written.
import { parseDraft, storage } from './draftStorage';
import { ensurePersisted, persistDraftChanges } from './draftPersister';
import type { DraftSource } from './draftPersister';
import type { EditDraft, EditDraftsState } from './draftTypes';

export const EDIT_DRAFT_PREFIX = 'touchline:edit:';
const VERSION = 1;

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
      const draft = parseDraft(value, 'plain');
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

/**
 * Writes the edit drafts as they change (see draftPersister.ts). Only the drafts that changed are written; a closed or
 * saved one is removed. Lasts as long as the store.
 */
export function ensureEditDraftsPersisted(store: DraftSource<{ postEdits?: EditDraftsState }>): void {
  ensurePersisted(store, 'postEdits', () =>
    persistDraftChanges(store, {
      select: (state) => state.postEdits,
      write: (current, written) => {
        for (const postId of new Set([...Object.keys(written), ...Object.keys(current)])) {
          if (current[postId] !== written[postId]) write(postId, current[postId]);
        }
      },
    }),
  );
}
