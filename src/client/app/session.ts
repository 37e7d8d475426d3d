// The session requests (issue 21): who is signed in (GET /api/session) and signing out (DELETE). Imported by the admin
// guard and the sign-in card, and lazily by the top bar, so a reader's page never downloads them.
import type { AppDispatch } from './store';
import { SIGNED_IN_HINT, sessionCheckFailed, sessionChecking, sessionKnown } from './authSlice';
import type { SessionUser } from './authSlice';

/** Kept beside the store's user (see SIGNED_IN_HINT); storage may be blocked, which only costs the hint. */
export function setSignedInHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // storage blocked: the top bar then shows Sign out on admin pages only
  }
}

const sessionUrl = () => `${globalThis.location?.origin ?? 'http://localhost'}/api/session`;

/** Asks the server who this browser is signed in as: a user, none (401), or failed (no usable answer). */
export async function loadSession(dispatch: AppDispatch): Promise<void> {
  dispatch(sessionChecking());
  try {
    const response = await fetch(sessionUrl(), { headers: { Accept: 'application/json' } });
    if (response.status === 401) {
      setSignedInHint(false);
      dispatch(sessionKnown(null));
      return;
    }
    if (!response.ok) throw new Error(`status ${response.status}`);
    const { user } = (await response.json()) as { user: SessionUser };
    setSignedInHint(true);
    dispatch(sessionKnown(user));
  } catch {
    dispatch(sessionCheckFailed());
  }
}

/** Ends the session on the server (DELETE /api/session); the store forgets the user even when that fails. */
export async function signOut(dispatch: AppDispatch): Promise<void> {
  setSignedInHint(false);
  await fetch(sessionUrl(), { method: 'DELETE' }).catch(() => undefined);
  dispatch(sessionKnown(null));
}
