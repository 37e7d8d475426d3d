import { createSlice } from '@reduxjs/toolkit';

/** Held in memory only (SPEC 4): a reload signs the admin out. */
export type AuthState = { isAuthenticated: boolean };

const authSlice = createSlice({
  name: 'auth',
  initialState: { isAuthenticated: false } as AuthState,
  reducers: {
    signedIn(state) {
      state.isAuthenticated = true;
    },
    signedOut(state) {
      state.isAuthenticated = false;
    },
  },
  selectors: {
    selectIsAuthenticated: (state) => state.isAuthenticated,
  },
});

export const { signedIn, signedOut } = authSlice.actions;
export const { selectIsAuthenticated } = authSlice.selectors;
export default authSlice;
