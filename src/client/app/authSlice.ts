// Who is signed in, as the server says (GET /api/session, issue 21). The user, never a secret: the session itself is
// an HttpOnly cookie the browser sends with every same-origin request. Loaded by the admin pages' guard and the top
// bar; a visitor who never signed in on this browser makes no request (see SIGNED_IN_HINT).
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';

export type StaffRole = 'owner' | 'editor' | 'author' | 'contributor';
export type SessionUser = { id: number; email: string; name: string; role: StaffRole };

/** unknown: not asked yet; loading: asking; known: the answer is in (user or null); failed: no answer came. */
export type AuthState = { user: SessionUser | null; status: 'unknown' | 'loading' | 'known' | 'failed' };

/**
 * A localStorage key set while this browser has a session (not a secret: only a hint that asking the server is
 * worth a request), so the top bar of a visitor's page never asks GET /api/session and gets a 401.
 */
export const SIGNED_IN_HINT = 'touchline:signed-in';

/** Kept beside the store's user by the thunks below and the sign-in card (reducers stay pure). */
export function setSignedInHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // storage blocked: the top bar then shows Sign out on admin pages only
  }
}

export function hasSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

const sessionUrl = () => `${globalThis.location?.origin ?? 'http://localhost'}/api/session`;

/** Asks the server who this browser is signed in as; null on a 401. Other failures reject (the guard shows them). */
export const sessionLoaded = createAsyncThunk('auth/sessionLoaded', async () => {
  const response = await fetch(sessionUrl(), { headers: { Accept: 'application/json' } });
  if (response.status === 401) {
    setSignedInHint(false);
    return null;
  }
  if (!response.ok) throw new Error(`status ${response.status}`);
  const body = (await response.json()) as { user: SessionUser };
  setSignedInHint(true);
  return body.user;
});

/** Ends the session on the server (DELETE /api/session); the store forgets the user even when that fails. */
export const signOutRequested = createAsyncThunk('auth/signOutRequested', async () => {
  setSignedInHint(false);
  await fetch(sessionUrl(), { method: 'DELETE' }).catch(() => undefined);
});

const authSlice = createSlice({
  name: 'auth',
  initialState: { user: null, status: 'unknown' } as AuthState,
  reducers: {
    /** The card signed in or signed up: the server's answer carried the user. */
    signedIn(state, action: { payload: SessionUser }) {
      state.user = action.payload;
      state.status = 'known';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionLoaded.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(sessionLoaded.fulfilled, (state, action) => {
        state.user = action.payload;
        state.status = 'known';
      })
      .addCase(sessionLoaded.rejected, (state) => {
        // The guard says so and offers to try again.
        state.status = 'failed';
      })
      .addCase(signOutRequested.fulfilled, (state) => {
        state.user = null;
        state.status = 'known';
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectAuthStatus: (state) => state.status,
  },
});

export const { signedIn } = authSlice.actions;
export const { selectUser, selectAuthStatus } = authSlice.selectors;
export default authSlice;
