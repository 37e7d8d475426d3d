import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { blogApi } from '../api/blogApi';
import themeSlice from '../features/theme/themeSlice';
import authSlice from '../features/auth/authSlice';
import editorSlice from '../features/editor/editorSlice';
import { loadDraft, persistDraft } from '../features/editor/draftStorage';

// Top-level keys are exactly theme, auth, editor, api (DESIGN 2).
const rootReducer = combineSlices(themeSlice, authSlice, editorSlice, blogApi);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  // The editor draft survives a reload: restored here unless the caller preloads one, saved (debounced) on change.
  const savedDraft = preloadedState?.editor ? undefined : loadDraft();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: savedDraft ? { ...preloadedState, editor: savedDraft } : preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(blogApi.middleware),
  });
  setupListeners(store.dispatch);
  persistDraft(store);
  return store;
}

export const store = makeStore();

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
