// PLACEHOLDER (foundation): the admin issue replaces this with the full draft slice.
import { createSlice } from '@reduxjs/toolkit';

export type EditorState = { accessToken: string };

const editorSlice = createSlice({
  name: 'editor',
  initialState: { accessToken: '' } as EditorState,
  reducers: {
    draftReset: () => ({ accessToken: '' }),
  },
});

export const { draftReset } = editorSlice.actions;
export default editorSlice;
