// The one small step after a sign-in for an account that never gave a name: "What's your name?", saved for bylines,
// or "Not now". Either answer is stored, so it is asked once; an account with a name (or a failed read) goes straight on.
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { sessionKnown } from '../../app/authSlice';
import { useEndpointQuery, useMutationRunner } from '../../api/queryHooks';
import type { StaffUser } from '../../../contract/types';
import { nameAskApi } from './nameAskApi';
import styles from './AuthPage.module.scss';

export const NAME_STEP_TITLE = 'What’s your name?';
export const NAME_NEEDED = 'Enter your name.';
/** A name's most characters, as contract/accountSchemas.ts says (not imported: it brings zod into the card's chunk). */
export const NAME_MAX = 100;

/** The server's words for a refused name, else a plain sentence. */
function refusalText(failure: unknown): string {
  const data = (failure as { data?: { error?: unknown; details?: { message?: unknown }[] } } | null)?.data;
  const detail = data?.details?.[0]?.message;
  if (typeof detail === 'string' && detail !== '') return `Name ${detail}.`;
  return typeof data?.error === 'string' && data.error !== '' ? data.error : 'The name could not be saved: try again.';
}

export type NameStepProps = { user: StaffUser; onDone: () => void };

export function NameStep({ user, onDone }: NameStepProps) {
  const id = useId();
  const dispatch = useAppDispatch();
  const ask = useEndpointQuery(nameAskApi.endpoints.getNameAsk, undefined);
  const answer = useMutationRunner(nameAskApi.endpoints.answerNameAsk);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const asking = ask.data === true;

  useEffect(() => {
    if (ask.isError || ask.data === false) onDone();
    if (ask.data === true) field.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decided once, when the answer arrives
  }, [ask.data, ask.isError]);

  async function send(given: string | undefined) {
    setBusy(true);
    setError('');
    try {
      const saved = await answer(given === undefined ? {} : { name: given });
      if (saved !== undefined) dispatch(sessionKnown(saved));
      onDone();
    } catch (failure) {
      setError(refusalText(failure));
      setBusy(false);
      field.current?.focus();
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const given = name.trim();
    if (given === '') {
      setError(NAME_NEEDED);
      field.current?.focus();
      return;
    }
    void send(given);
  }

  if (!asking)
    return (
      <section className={styles.card}>
        <p role="status" className={styles.hint}>
          Signing in...
        </p>
      </section>
    );
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.title}>
        {NAME_STEP_TITLE}
      </h1>
      <p className={styles.intro}>
        Your stories’ bylines show it. Until you give one, they show “{user.name || user.email}”.
      </p>
      <form className={styles.form} onSubmit={save} noValidate aria-describedby={error ? `${id}-error` : undefined}>
        <div className={styles.field}>
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            ref={field}
            id={`${id}-name`}
            required
            maxLength={NAME_MAX}
            autoComplete="name"
            aria-invalid={error !== '' || undefined}
            value={name}
            onChange={(event) => {
              setName(event.target.value.replace(/[\r\n\t]+/g, ' '));
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
          {busy ? 'Saving...' : 'Save name'}
        </button>
      </form>
      <button type="button" className={styles.toggle} disabled={busy} onClick={() => void send(undefined)}>
        Not now
      </button>
    </section>
  );
}
