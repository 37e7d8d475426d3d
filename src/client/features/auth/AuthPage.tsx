// /auth: the sign-in / sign-up card (SPEC 2, 4, 5). Success marks the session signed in and opens the editor.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LogIn, UserPlus } from 'lucide-react';
import { paths } from '../../app/paths';
import { useAppDispatch } from '../../app/hooks';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { signedIn } from '../../app/authSlice';
import { verifyPassword } from './verifyPassword';
import styles from './AuthPage.module.scss';

type Mode = 'sign-in' | 'sign-up';

export const INCORRECT_PASSWORD = 'Incorrect password';
export const GENERIC_ERROR = 'An error occurred';

export function AuthPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const id = useId();
  const [mode, setMode] = useState<Mode>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const signingIn = mode === 'sign-in';
  const title = signingIn ? 'Sign In' : 'Sign Up';
  useDocumentTitle(title);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError('');
    setBusy(true);
    try {
      // Sign-up applies the same check and makes no server call (SPEC 5).
      if (await verifyPassword(password)) {
        dispatch(signedIn());
        navigate(paths.admin());
        return;
      }
      setError(INCORRECT_PASSWORD);
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
          {signingIn ? 'Sign in to write and publish posts.' : 'Create an account to write and publish posts.'}
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
              autoComplete={signingIn ? 'current-password' : 'new-password'}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError('');
              }}
            />
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
