// Who is signed in, as the server says (GET /api/session): the user, never a secret. The session itself is an
// HttpOnly cookie the browser sends with every same-origin request. The requests (api/sessionApi.ts, run by
// session.tsx) are loaded only where needed (admin pages, the card, and the top bar of a browser that signed in before), so every visitor's page
// carries just these few reducers.
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { StaffUser } from '../../contract/types';

/** unknown: not asked yet; loading: asking; known: the answer is in (user or null); failed: no answer came. */
export type AuthState = { user: StaffUser | null; status: 'unknown' | 'loading' | 'known' | 'failed' };

/**
 * A localStorage key set while this browser has a session (not a secret: only a hint that asking the server is
 * worth a request), so the top bar of a visitor's page never asks GET /api/session and gets a 401.
 */
export const SIGNED_IN_HINT = 'touchline:signed-in';

export function hasSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

const authSlice = createSlice({
  name: 'auth',
  initialState: { user: null, status: 'unknown' } as AuthState,
  reducers: {
    sessionChecking(state) {
      state.status = 'loading';
    },
    /** The server named the user: GET /api/session, or signing in or up. Null: nobody (a 401, or signed out). */
    sessionKnown(state, action: PayloadAction<StaffUser | null>) {
      state.user = action.payload;
      state.status = 'known';
    },
    sessionCheckFailed(state) {
      state.status = 'failed';
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectAuthStatus: (state) => state.status,
  },
});

export const { sessionChecking, sessionKnown, sessionCheckFailed } = authSlice.actions;
export const { selectUser, selectAuthStatus } = authSlice.selectors;
export default authSlice;
