// The writer's unsent live update, kept per post in localStorage ('touchline:live:<id>') as it is typed, so a route
// change, a reload or a closed tab does not lose it (like the editor's drafts); posting it removes it.
import { storage } from './draftStorage';

export const LIVE_DRAFT_PREFIX = 'touchline:live:';

export type LiveDraft = { body: string; key: boolean; pinned: boolean };
export const EMPTY_LIVE_DRAFT: LiveDraft = { body: '', key: false, pinned: false };

export function loadLiveDraft(postId: string): LiveDraft {
  try {
    const value = JSON.parse(storage()?.getItem(LIVE_DRAFT_PREFIX + postId) ?? 'null') as Partial<LiveDraft> | null;
    if (value && typeof value.body === 'string')
      return { body: value.body, key: value.key === true, pinned: value.pinned === true };
  } catch {
    // Unreadable: start empty.
  }
  return EMPTY_LIVE_DRAFT;
}

export function saveLiveDraft(postId: string, draft: LiveDraft): void {
  try {
    const key = LIVE_DRAFT_PREFIX + postId;
    if (draft.body || draft.key || draft.pinned) storage()?.setItem(key, JSON.stringify(draft));
    else storage()?.removeItem(key);
  } catch {
    // Quota exceeded or storage disabled: the update still lives on the page.
  }
}
