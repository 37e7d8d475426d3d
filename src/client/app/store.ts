import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { blogApi } from '../api/blogApi';
import themeSlice from '../features/theme/themeSlice';
import authSlice from './authSlice';

/**
 * Slices that code-split chunks inject into rootReducer when they load (RTK combineSlices). The editor is one: its
 * slice, sample draft and draft storage ride in the admin chunk, so the store's keys are theme, auth and api for a
 * visitor, and theme, auth, editor and api (DESIGN 2) once /admin has been opened. Slices extend this by
 * declaration merging (see features/admin/draft/editorSlice.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(themeSlice, authSlice, blogApi).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(blogApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
