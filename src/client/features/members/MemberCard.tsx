// The frame of every member page (one card under its heading) and the form that emails a sign-in link, which
// /members/signin and /account both show.
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useMutationRunner } from '../../api/queryHooks';
import { serverErrorText } from '../../api/apiErrors';
import { formValues } from '../../components/members/SubscribeForm';
import { membersApi } from './membersApi';
import styles from './MemberPages.module.scss';

export const INBOX_TEXT = 'Check your inbox: we sent you a link to sign in.';
const FAILED = 'The request could not be sent. Try again.';

export function MemberCard({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className={styles.page} aria-labelledby="member-title">
      <div className={styles.card}>
        <h1 id="member-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** The email form that asks for a sign-in link; "Check your inbox" once sent. */
export function SignInRequest() {
  const request = useMutationRunner(membersApi.endpoints.requestSignIn);
  const [state, setState] = useState<{ sent?: boolean; error?: string }>({});
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const [email = ''] = formValues(event.currentTarget)('email');
    try {
      await request(email);
      setState({ sent: true });
    } catch (error) {
      setState({ error: serverErrorText(error) ?? FAILED });
    }
  };
  if (state.sent) return <p role="status">{INBOX_TEXT}</p>;
  return (
    <form method="post" action="/api/members/signin" onSubmit={submit} className={styles.form}>
      <p>Subscribed already? Get a link by email to see and change what you follow.</p>
      <div className={styles.field}>
        <label htmlFor="member-email">Email</label>
        <input id="member-email" type="email" name="email" required autoComplete="email" maxLength={254} />
      </div>
      <button type="submit" className="button">
        Email me a sign-in link
      </button>
      {state.error && (
        <p className="error-text" role="alert">
          {state.error}
        </p>
      )}
    </form>
  );
}
