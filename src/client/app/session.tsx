// The session in the app: asking who is signed in and signing out (through api/sessionApi.ts), the signed-in hint, and
// the top bar's "Sign out". Imported by the admin guard and the sign-in card, and lazily by the top bar (one chunk:
// each lazy chunk is a line in the preload map every visitor downloads), so a reader who never signed in never
// downloads it.
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import type { AppDispatch } from './store';
import { useAppDispatch } from './hooks';
import { paths } from './paths';
import { SIGNED_IN_HINT, sessionCheckFailed, sessionChecking, sessionKnown } from './authSlice';
import { sessionApi } from '../api/sessionApi';

/** Kept beside the store's user (see SIGNED_IN_HINT); storage may be blocked, which only costs the hint. */
export function setSignedInHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // storage blocked: the top bar then shows Sign out on admin pages only
  }
}

/** Asks the server who this browser is signed in as: a user, none (401), or failed (no usable answer). */
export async function loadSession(dispatch: AppDispatch): Promise<void> {
  dispatch(sessionChecking());
  try {
    const user = await dispatch(
      sessionApi.endpoints.session.initiate(undefined, { subscribe: false, forceRefetch: true }),
    ).unwrap();
    if (user === undefined) throw new Error('the answer named no user');
    setSignedInHint(user !== null);
    dispatch(sessionKnown(user));
  } catch {
    dispatch(sessionCheckFailed());
  }
}

/** Ends the session on the server (DELETE /api/session); the store forgets the user even when that fails. */
export async function signOut(dispatch: AppDispatch): Promise<void> {
  setSignedInHint(false);
  const request = dispatch(sessionApi.endpoints.signOut.initiate());
  await request.unwrap().catch(() => undefined);
  request.reset();
  dispatch(sessionKnown(null));
}

/** "Sign out" in the top bar while signed in. */
export function SignOutButton({ className }: { className?: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        // Away from the admin page first, so its guard does not send the admin to the sign-in card.
        navigate(paths.home());
        void signOut(dispatch);
      }}
    >
      <LogOut size={18} aria-hidden="true" />
      Sign out
    </button>
  );
}
