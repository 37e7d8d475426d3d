// The drafts of posts being edited (/admin/edit/:id), one per post, apart from the new post's draft (the editor
// slice): opening a post to edit never touches the post being written at /admin. The editor's own case reducers
// edit them (draftReducer), so every field behaves the same on both pages. Injected when the admin pages that use it
// load; edited drafts are kept in localStorage like the new post's (editDraftStorage.ts), never the token.
import { createSlice, current } from '@reduxjs/toolkit';
import type { PayloadAction, UnknownAction, WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../app/store';
import type { RootState } from '../../../app/store';
import { loadEditDrafts } from './editDraftStorage';
import { draftReducer } from './editorSlice';
import type { Draft, EditDraft, EditDraftsState } from './draftTypes';

const baseEditDraftsSlice = createSlice({
  name: 'postEdits',
  initialState: (): EditDraftsState => loadEditDrafts(),
  reducers: {
    /** The post as the server has it now (opened, reloaded after a 412, or just saved). */
    editLoaded(state, action: PayloadAction<{ postId: string; etag: string; draft: Draft }>) {
      const { postId, etag, draft } = action.payload;
      state[postId] = { etag, draft, changed: false };
    },
    /** An editor action (headerChanged, sectionAdded, ...) applied to one post's draft. */
    editChanged(state, action: PayloadAction<{ postId: string; action: UnknownAction }>) {
      const entry = state[action.payload.postId];
      if (!entry) return;
      // The token is not part of an edit draft (the editor slice holds the one token); draftReducer never reads it.
      // current(): the editor's reducer runs its own immer pass on a plain copy, never on this reducer's drafts.
      const { accessToken: _unused, ...next } = draftReducer(
        { ...current(entry.draft), accessToken: '' },
        action.payload.action,
      );
      entry.draft = next;
      entry.changed = true;
    },
    editClosed(state, action: PayloadAction<{ postId: string }>) {
      delete state[action.payload.postId];
    },
  },
});

declare module '../../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the body comes from WithSlice
  export interface LazyLoadedSlices extends WithSlice<typeof baseEditDraftsSlice> {}
}

const editDraftsSlice = baseEditDraftsSlice.injectInto(rootReducer);

export const { editLoaded, editChanged, editClosed } = editDraftsSlice.actions;

const selectEditDrafts = (state: RootState): EditDraftsState => editDraftsSlice.selectSlice(state);

export const selectEditDraft = (state: RootState, postId: string): EditDraft | undefined =>
  selectEditDrafts(state)[postId];

export default editDraftsSlice;
