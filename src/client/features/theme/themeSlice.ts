import { createSlice } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';
export type ThemeState = { mode: ThemeMode };

/** localStorage key (SPEC 3). */
export const THEME_STORAGE_KEY = 'theme';

/** Anything but 'light' or 'dark' (or no storage at all) means dark, the default. */
export function readStoredTheme(): ThemeMode {
  try {
    return globalThis.localStorage?.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({ mode: readStoredTheme() }),
  reducers: {
    themeToggled(state) {
      state.mode = state.mode === 'dark' ? 'light' : 'dark';
    },
  },
  selectors: {
    selectThemeMode: (state) => state.mode,
  },
});

export const { themeToggled } = themeSlice.actions;
export const { selectThemeMode } = themeSlice.selectors;
export default themeSlice;
