// Every admin page needs a session (issue 21). The server answers a fresh load without one with a 303 to
// /auth?next=…; this does the same for a navigation inside the app, and waits for GET /api/session after a reload.
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { selectAuthStatus, selectUser, sessionLoaded } from '../../../app/authSlice';
import buttons from '../../../styles/buttons.module.scss';
import pageStyles from '../pages/page.module.scss';

export const SESSION_CHECKING_TEXT = 'Checking your sign-in...';
export const SESSION_FAILED_TEXT = 'Your sign-in could not be checked: the server could not be reached.';

export function RequireSession({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectAuthStatus);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (status === 'unknown') void dispatch(sessionLoaded());
  }, [dispatch, status]);

  if (user) return children;
  if (status === 'known')
    return <Navigate to={`${paths.auth()}?next=${encodeURIComponent(pathname + search)}`} replace />;
  if (status === 'failed') {
    return (
      <div className={pageStyles.page}>
        <p className={pageStyles.failed} role="alert">
          {SESSION_FAILED_TEXT}
        </p>
        <button type="button" className={buttons.secondaryButton} onClick={() => void dispatch(sessionLoaded())}>
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
