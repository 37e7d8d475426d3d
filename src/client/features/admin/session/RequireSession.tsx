// Every admin page needs a session. The server answers a fresh load without one with a 303 to
// /auth?next=…; this does the same for a navigation inside the app, and waits for GET /api/session after a reload.
import { Suspense, lazy, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { selectAuthStatus, selectUser } from '../../../app/authSlice';
import { loadSession } from '../../../app/session';

// Its own chunk, loaded beside the page: the navigation's stylesheet stays out of this guard's chunk.
const AdminNav = lazy(() => import('../components/AdminNav').then((m) => ({ default: m.AdminNav })));
const SecondFactorGate = lazy(() =>
  import('../security/SecondFactorGate').then((m) => ({ default: m.SecondFactorGate })),
);

export const SESSION_CHECKING_TEXT = 'Checking your sign-in...';
export const SESSION_FAILED_TEXT = 'Your sign-in could not be checked: the server could not be reached.';

export function RequireSession({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectAuthStatus);
  const { pathname, search } = useLocation();
  // useNavigate, not <Navigate>: the component would add to the shared router code every visitor downloads.
  const navigate = useNavigate();

  useEffect(() => {
    if (status === 'unknown') void loadSession(dispatch);
  }, [dispatch, status]);
  const signedOut = status === 'known' && !user;
  useEffect(() => {
    if (signedOut) void navigate(`${paths.auth()}?next=${encodeURIComponent(pathname + search)}`, { replace: true });
  }, [signedOut, navigate, pathname, search]);

  if (user)
    return (
      <>
        <Suspense fallback={null}>
          <AdminNav />
        </Suspense>
        <Suspense fallback={null}>
          <SecondFactorGate>{children}</SecondFactorGate>
        </Suspense>
      </>
    );
  if (signedOut) return null;
  if (status === 'failed') {
    return (
      // Global classes only: a CSS module here would be split off the admin pages' chunks, one more line in the
      // preload map every visitor downloads.
      <div className="status">
        <p role="alert">{SESSION_FAILED_TEXT}</p>
        <button type="button" onClick={() => void loadSession(dispatch)}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p className="status" role="status">
      {SESSION_CHECKING_TEXT}
    </p>
  );
}
