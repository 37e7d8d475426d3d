// /auth: the sign-in / sign-up card (SPEC 2, 4, 5), checked by the server. Sign-in posts the email and
// password to /api/session; sign-up needs an invitation link (/auth?invite=…) or the first start's setup link
// (/auth?setup=…). Success lands on `next` when it is a path on this site, else on the editor.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LogIn, UserPlus } from 'lucide-react';
import { paths } from '../../app/paths';
import { useAppDispatch } from '../../app/hooks';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { sessionKnown } from '../../app/authSlice';
import { setSignedInHint } from '../../app/session';
import { useMutationRunner } from '../../api/queryHooks';
import { sessionApi } from '../../api/sessionApi';
import type { StaffUser } from '../../../contract/types';
import { PASSWORD_MIN } from '../../../contract/passwords';
import { safeNext } from './safeNext';
import styles from './AuthPage.module.scss';

type Mode = 'sign-in' | 'sign-up';

export const INCORRECT_PASSWORD = 'Incorrect password';
export const GENERIC_ERROR = 'An error occurred';
export const INVITATION_NEEDED =
  'Signing up needs an invitation: open the invitation link an owner or editor gave you. Ask them for one if you have none.';
/** When the server refuses a sign-up without saying why. */
export const INVITATION_INVALID = 'This invitation link is not valid: ask for a new invitation.';

/** A refused request's status and body (see apiBaseQuery); no status when no answer came. */
const refusal = (error: unknown) => {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: unknown };
  return { status: typeof status === 'number' ? status : undefined, data };
};
const errorOf = (data: unknown) => {
  const error = (data as { error?: unknown } | null)?.error;
  return typeof error === 'string' && error !== '' ? error : undefined;
};

export function AuthPage() {
  const dispatch = useAppDispatch();
  const signIn = useMutationRunner(sessionApi.endpoints.signIn);
  const signUp = useMutationRunner(sessionApi.endpoints.signUp);
  const navigate = useNavigate();
  // Read by hand: useSearchParams would add to the shared router code every visitor downloads.
  const search = new URLSearchParams(useLocation().search);
  const invitation = search.get('invite') ?? '';
  const setup = search.get('setup') ?? '';
  const next = safeNext(search.get('next'), paths.admin());
  const id = useId();
  const [mode, setMode] = useState<Mode>(invitation || setup ? 'sign-up' : 'sign-in');
  // An invitation link names the email it was made for (&email=): filled in, still editable (the server checks it).
  const [email, setEmail] = useState(() => search.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const signingIn = mode === 'sign-in';
  const title = signingIn ? 'Sign In' : 'Sign Up';
  useDocumentTitle(title);

  async function send(): Promise<string | StaffUser> {
    if (signingIn) {
      try {
        return (await signIn({ email, password }))?.user ?? GENERIC_ERROR;
      } catch (failure) {
        return refusal(failure).status === 401 ? INCORRECT_PASSWORD : GENERIC_ERROR;
      }
    }
    if (!invitation && !setup) return INVITATION_NEEDED;
    try {
      const answer = await signUp(invitation ? { invitation, email, password } : { setup, email, password });
      return answer?.user ?? GENERIC_ERROR;
    } catch (failure) {
      const { status, data } = refusal(failure);
      // The server says what is wrong (an expired or used invitation, a short password) in words that name it.
      if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
        return errorOf(data) ?? INVITATION_INVALID;
      }
      return GENERIC_ERROR;
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError('');
    setBusy(true);
    try {
      const outcome = await send();
      if (typeof outcome !== 'string') {
        setSignedInHint(true);
        dispatch(sessionKnown(outcome));
        // A new account starts at the editor; a returning admin goes back where the guard stopped them.
        navigate(signingIn ? next : paths.admin(), { replace: true });
        return;
      }
      setError(outcome);
    } catch {
      setError(GENERIC_ERROR);
    }
    setBusy(false);
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className={styles.title}>
          {title}
        </h1>
        <p className={styles.intro}>
          {signingIn
            ? 'Sign in to write and publish posts.'
            : setup
              ? 'Create the owner account of this site.'
              : 'Create an account to write and publish posts.'}
        </p>
        <form className={styles.form} onSubmit={submit} aria-describedby={error ? `${id}-error` : undefined}>
          <div className={styles.field}>
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError('');
              }}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-password`}>Password</label>
            <input
              id={`${id}-password`}
              type="password"
              required
              minLength={signingIn ? undefined : PASSWORD_MIN}
              aria-describedby={signingIn ? undefined : `${id}-password-hint`}
              autoComplete={signingIn ? 'current-password' : 'new-password'}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError('');
              }}
            />
            {!signingIn && (
              <p id={`${id}-password-hint`} className={styles.hint}>
                At least {PASSWORD_MIN} characters, not your email.
              </p>
            )}
          </div>
          {error && (
            <p id={`${id}-error`} className={styles.error} role="alert">
              {error}
            </p>
          )}
          <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy}>
            {!busy && (signingIn ? <LogIn size={18} aria-hidden="true" /> : <UserPlus size={18} aria-hidden="true" />)}
            {busy ? 'Processing...' : title}
          </button>
        </form>
        <button
          type="button"
          className={styles.toggle}
          onClick={() => {
            setMode(signingIn ? 'sign-up' : 'sign-in');
            setError('');
          }}
        >
          {signingIn ? "Don't have an account? Sign up" : 'Already have an account? Sign in'}
        </button>
      </section>
    </div>
  );
}
