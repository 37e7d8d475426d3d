import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';
export type ThemeState = { mode: ThemeMode };

/** The localStorage key the choice is kept under (index.html's inline script reads it too). */
export const THEME_STORAGE_KEY = 'theme';

/** Anything but 'light' or 'dark' means dark, the default. */
export function toThemeMode(value: unknown): ThemeMode {
  return value === 'light' ? 'light' : 'dark';
}

/** The stored preference; no storage at all (private mode, blocked cookies) means dark. */
export function readStoredTheme(): ThemeMode {
  try {
    return toThemeMode(globalThis.localStorage?.getItem(THEME_STORAGE_KEY));
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
    /** The preference changed elsewhere (another tab wrote localStorage). */
    themeSynced(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
  },
  selectors: {
    selectThemeMode: (state) => state.mode,
  },
});

export const { themeToggled, themeSynced } = themeSlice.actions;
export const { selectThemeMode } = themeSlice.selectors;
export default themeSlice;
