// /auth: the sign-in / sign-up card; the server checks all it sends. Sign-in posts the email and
// password to /api/session; sign-up needs an invitation link (/auth?invite=…) or the first start's setup link
// (/auth?setup=…); a reset link (/auth?reset=…, from `npm run staff -- reset-password`) sets a new password.
// Success lands on `next` when it is a path on this site, else on the editor. "Forgot password?" mails a reset link
// where the site can send mail; elsewhere the card says to ask an owner for one.
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Fingerprint, LogIn, Mail, UserPlus } from 'lucide-react';
import { paths } from '../../app/paths';
import { useAppDispatch } from '../../app/hooks';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { sessionKnown } from '../../app/authSlice';
import { setSignedInHint } from '../../app/session';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEndpointQuery, useMutationRunner } from '../../api/queryHooks';
import { sessionApi } from '../../api/sessionApi';
import type { StaffUser } from '../../../contract/types';
import { PASSWORD_MIN } from '../../../contract/passwords';
import { safeNext } from './safeNext';
import { passkeyAutofill, SignInRefused, signInWithCode, signInWithPasskey } from './secondFactorSignIn';
import { NAME_MAX, NAME_NEEDED, NameStep } from './NameStep';
import styles from './AuthPage.module.scss';

type Mode = 'sign-in' | 'sign-up' | 'reset' | 'forgot';
/** A refusal as the card shows it: the card's own words or the server's, and when to try again after too many attempts. */
type Failure = { text: string; retryAfter?: number };

export const INCORRECT_PASSWORD = 'Incorrect password';
export const GENERIC_ERROR = 'An error occurred';
export const INVITATION_NEEDED =
  'Signing up needs an invitation: open the invitation link an owner or editor gave you. Ask them for one if you have none.';
/** When the server refuses a sign-up without saying why. */
export const INVITATION_INVALID = 'This invitation link is not valid: ask for a new invitation.';
/** When the server refuses a reset link without saying why. */
export const RESET_INVALID = 'This password reset link is not valid: ask for a new one.';

export const CODE_LABEL = 'Enter the 6-digit code from your app';
export const PASSKEY_BUTTON = 'Sign in with a passkey';

export const ASK_AN_OWNER = 'Forgot your password? Ask an owner to send you a reset link.';
/** Said whether or not the email has an account, so the card tells nobody which emails have one. */
export const RESET_LINK_SENT =
  'If an account has this email, a password reset link is on its way. It works once, for 30 minutes.';

/** A refused request's status, body and Retry-After (see sessionApi); no status when no answer came. */
const refusal = (error: unknown) => {
  const { status, data, retryAfter } = (error ?? {}) as { status?: unknown; data?: unknown; retryAfter?: unknown };
  return {
    status: typeof status === 'number' ? status : undefined,
    data,
    retryAfter: status === 429 && typeof retryAfter === 'number' ? retryAfter : undefined,
  };
};

/** When a refusal for too many attempts may be tried again, in the largest whole unit that is not too early. */
export function tryAgainText(seconds: number): string {
  const [count, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Too many attempts: try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}
const errorOf = (data: unknown) => {
  const error = (data as { error?: unknown } | null)?.error;
  return typeof error === 'string' && error !== '' ? error : undefined;
};

export function AuthPage() {
  const dispatch = useAppDispatch();
  const signIn = useMutationRunner(sessionApi.endpoints.signIn);
  const signUp = useMutationRunner(sessionApi.endpoints.signUp);
  const resetPassword = useMutationRunner(sessionApi.endpoints.resetPassword);
  const requestReset = useMutationRunner(sessionApi.endpoints.requestReset);
  const navigate = useNavigate();
  // Read by hand: useSearchParams would add to the shared router code every visitor downloads.
  const search = new URLSearchParams(useLocation().search);
  const invitation = search.get('invite') ?? '';
  const setup = search.get('setup') ?? '';
  const resetCode = search.get('reset') ?? '';
  const next = safeNext(search.get('next'), paths.admin());
  const id = useId();
  const [mode, setMode] = useState<Mode>(resetCode ? 'reset' : invitation || setup ? 'sign-up' : 'sign-in');
  // An invitation link names the email it was made for (&email=): filled in, still editable (the server checks it).
  const [email, setEmail] = useState(() => search.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<Failure | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [linkSent, setLinkSent] = useState(false);
  // After a right password when the authenticator app is on: the ticket of the code step, and the code typed.
  const [ticket, setTicket] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  // Signed in: the account, while the card asks for its name (NameStep) before going on.
  const [arrived, setArrived] = useState<StaffUser | null>(null);
  const signingIn = mode === 'sign-in';
  const resetting = mode === 'reset';
  const forgetting = mode === 'forgot';
  // The setup and invitation cards ask for the person's name: bylines show it, not the email.
  const naming = mode === 'sign-up' && (invitation !== '' || setup !== '');
  const title = signingIn ? 'Sign In' : resetting ? 'Set a New Password' : forgetting ? 'Reset Password' : 'Sign Up';
  // Asked on the sign-in card only: whether "Forgot password?" can mail a link here.
  const mail = useEndpointQuery(
    sessionApi.endpoints.getMailStatus,
    signingIn || forgetting ? undefined : skipToken,
  ).data;
  useDocumentTitle(title);

  /** "An error occurred", with when to try again after too many attempts: a refusal never says which field was wrong. */
  const generic = (failure?: unknown): Failure => ({ text: GENERIC_ERROR, retryAfter: refusal(failure).retryAfter });
  /** The server says what is wrong (an expired or used link, a short password) in words that name it. */
  const explained = (failure: unknown, fallback: string): Failure => {
    const { status, data } = refusal(failure);
    if (status !== undefined && status >= 400 && status < 500 && status !== 429)
      return { text: errorOf(data) ?? fallback };
    return generic(failure);
  };

  async function sendResetLink() {
    try {
      await requestReset({ email });
      setLinkSent(true);
    } catch (failure) {
      setError(explained(failure, GENERIC_ERROR));
    }
    setBusy(false);
  }

  /** A second-factor request's refusal: the server's words, and when to try again after too many attempts. */
  const refusedBy = (failure: unknown): Failure =>
    failure instanceof SignInRefused
      ? { text: failure.status === 429 ? GENERIC_ERROR : failure.message, retryAfter: failure.retryAfter }
      : { text: GENERIC_ERROR };

  /** Signed in: an account that never gave a name is asked for one first (NameStep), then the card goes on. */
  function signedIn(user: StaffUser) {
    setSignedInHint(true);
    dispatch(sessionKnown(user));
    setArrived(user);
  }

  // Conditional UI: the browser offers this site's passkeys from the email field, while the card waits for a password.
  useEffect(() => {
    if (!signingIn || ticket !== null) return;
    let live = true;
    void (async () => {
      if (!(await passkeyAutofill()) || !live) return;
      try {
        signedIn(await signInWithPasskey(true));
      } catch (failure) {
        // Ended by the button (which starts its own request) or by leaving the card: nothing to say.
        if (live && failure instanceof SignInRefused) setError(refusedBy(failure));
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- started once per sign-in card, not per render
  }, [signingIn, ticket]);

  async function passkey() {
    if (busy) return;
    setError(undefined);
    setBusy(true);
    try {
      signedIn(await signInWithPasskey());
      return;
    } catch (failure) {
      const cancelled = failure instanceof Error && failure.name === 'NotAllowedError';
      if (!cancelled) setError(refusedBy(failure));
    }
    setBusy(false);
  }

  async function send(): Promise<Failure | StaffUser | 'code'> {
    if (signingIn && ticket !== null) {
      try {
        return await signInWithCode(ticket, code.trim());
      } catch (failure) {
        // An ended code step (too many wrong codes, or too late) starts again from the password.
        if (failure instanceof SignInRefused && /has ended/.test(failure.message)) {
          setTicket(null);
          setCode('');
        }
        return refusedBy(failure);
      }
    }
    if (signingIn) {
      try {
        const answer = (await signIn({ email, password })) as { user?: StaffUser; codeNeeded?: true; ticket?: string };
        if (answer?.codeNeeded === true && answer.ticket !== undefined) {
          setTicket(answer.ticket);
          return 'code';
        }
        return answer?.user ?? generic();
      } catch (failure) {
        return refusal(failure).status === 401 ? { text: INCORRECT_PASSWORD } : generic(failure);
      }
    }
    if (resetting) {
      try {
        return (await resetPassword({ code: resetCode, password }))?.user ?? generic();
      } catch (failure) {
        return explained(failure, RESET_INVALID);
      }
    }
    if (!invitation && !setup) return { text: INVITATION_NEEDED };
    if (name.trim() === '') return { text: NAME_NEEDED };
    try {
      const person = { email, password, name: name.trim() };
      const answer = await signUp(invitation ? { invitation, ...person } : { setup, ...person });
      return answer?.user ?? generic();
    } catch (failure) {
      return explained(failure, INVITATION_INVALID);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(undefined);
    setBusy(true);
    if (forgetting) return sendResetLink();
    try {
      const outcome = await send();
      if (outcome === 'code') {
        setBusy(false);
        return;
      }
      if (!('text' in outcome)) {
        if (signingIn) return signedIn(outcome);
        setSignedInHint(true);
        dispatch(sessionKnown(outcome));
        // A new account (named on this card) starts at the editor. Replacing the entry also takes a reset link's code
        // out of the history.
        navigate(paths.admin(), { replace: true });
        return;
      }
      setError(outcome);
    } catch {
      setError({ text: GENERIC_ERROR });
    }
    setBusy(false);
  }

  // A returning admin goes back where the guard stopped them.
  if (arrived !== null)
    return (
      <div className={styles.page}>
        <NameStep user={arrived} onDone={() => navigate(next, { replace: true })} />
      </div>
    );

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className={styles.title}>
          {title}
        </h1>
        <p className={styles.intro}>
          {signingIn
            ? 'Sign in to write and publish posts.'
            : resetting
              ? 'Choose a new password for your account. Every other session of it ends.'
              : forgetting
                ? 'Enter the email of your account: we mail it a link that sets a new password.'
                : setup
                  ? 'Create the owner account of this site.'
                  : 'Create an account to write and publish posts.'}
        </p>
        <form className={styles.form} onSubmit={submit} aria-describedby={error ? `${id}-error` : undefined}>
          {ticket !== null && (
            <div className={styles.field}>
              <label htmlFor={`${id}-code`}>{CODE_LABEL}</label>
              <input
                id={`${id}-code`}
                required
                autoComplete="one-time-code"
                aria-describedby={`${id}-code-hint`}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setError(undefined);
                }}
              />
              <p id={`${id}-code-hint`} className={styles.hint}>
                Lost your phone? Enter one of your recovery codes instead.
              </p>
            </div>
          )}
          {naming && (
            <div className={styles.field}>
              <label htmlFor={`${id}-name`}>Name</label>
              <input
                id={`${id}-name`}
                required
                maxLength={NAME_MAX}
                autoComplete="name"
                aria-describedby={`${id}-name-hint`}
                value={name}
                onChange={(event) => {
                  // One line, as every name: a pasted break becomes a space.
                  setName(event.target.value.replace(/[\r\n\t]+/g, ' '));
                  setError(undefined);
                }}
              />
              <p id={`${id}-name-hint`} className={styles.hint}>
                As your stories’ bylines show it.
              </p>
            </div>
          )}
          {!resetting && ticket === null && (
            <div className={styles.field}>
              <label htmlFor={`${id}-email`}>Email</label>
              <input
                id={`${id}-email`}
                type="email"
                required
                autoComplete={signingIn ? 'username webauthn' : 'email'}
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setError(undefined);
                  setLinkSent(false);
                }}
              />
            </div>
          )}
          {!forgetting && ticket === null && (
            <div className={styles.field}>
              <label htmlFor={`${id}-password`}>{resetting ? 'New password' : 'Password'}</label>
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
                  setError(undefined);
                }}
              />
              {!signingIn && (
                <p id={`${id}-password-hint`} className={styles.hint}>
                  At least {PASSWORD_MIN} characters, not your email.
                </p>
              )}
            </div>
          )}
          {error && (
            <p id={`${id}-error`} className={styles.error} role="alert">
              {error.text}
              {error.retryAfter !== undefined && (
                <span className={styles.retry}> {tryAgainText(error.retryAfter)}</span>
              )}
            </p>
          )}
          {forgetting && (
            <p role="status" className={styles.hint}>
              {linkSent && RESET_LINK_SENT}
            </p>
          )}
          <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy}>
            {!busy &&
              (signingIn ? (
                <LogIn size={18} aria-hidden="true" />
              ) : forgetting ? (
                <Mail size={18} aria-hidden="true" />
              ) : (
                <UserPlus size={18} aria-hidden="true" />
              ))}
            {busy ? 'Processing...' : resetting ? 'Set Password' : forgetting ? 'Send Reset Link' : title}
          </button>
        </form>
        {signingIn && ticket === null && (
          <button type="button" className={styles.toggle} disabled={busy} onClick={() => void passkey()}>
            <Fingerprint size={18} aria-hidden="true" />
            {PASSKEY_BUTTON}
          </button>
        )}
        {signingIn && mail === true && (
          <button
            type="button"
            className={styles.toggle}
            onClick={() => {
              setMode('forgot');
              setError(undefined);
              setLinkSent(false);
            }}
          >
            Forgot password?
          </button>
        )}
        {signingIn && mail === false && <p className={styles.hint}>{ASK_AN_OWNER}</p>}
        <button
          type="button"
          className={styles.toggle}
          onClick={() => {
            setMode(signingIn ? 'sign-up' : 'sign-in');
            setError(undefined);
          }}
        >
          {signingIn ? "Don't have an account? Sign up" : 'Already have an account? Sign in'}
        </button>
      </section>
    </div>
  );
}
