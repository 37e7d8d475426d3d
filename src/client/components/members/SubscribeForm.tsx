// The subscribe form the landing page, every story and every tag page carry. A plain form post first: without
// JavaScript the server answers it with a redirect to /members/subscribed; once the app runs it posts JSON and says
// the same in place. Kept small, as it is in three visitor pages' chunks.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { TagRef } from '../../../contract/types';
import { baseUrl } from '../../api/blogApi';
import { formValues } from './formValues';
import styles from './SubscribeForm.module.scss';

export const SUBSCRIBE_URL = '/api/members/subscribe';
export const SUBSCRIBED_TEXT = 'Check your inbox to confirm.';
const FAILED_TEXT = 'The subscription could not be sent. Try again.';

export type SubscribeFormProps = {
  heading: string;
  /** the tags offered as checkboxes */
  tags?: readonly TagRef[];
  /** 'pick': "All stories" or the ticked tags (the landing page); 'ticked': the tags, each ticked (a story) */
  choice?: 'pick' | 'ticked';
  /** the one tag followed, without a choice (a tag's page) */
  tag?: string;
};

/** The form's fields as the JSON API takes them. */
function bodyOf(form: HTMLFormElement) {
  const values = formValues(form);
  const [all] = values('all');
  return {
    email: values('email')[0] ?? '',
    website: values('website')[0] ?? '',
    tags: values('tags'),
    ...(all === undefined ? {} : { all: all === 'true' }),
  };
}

export function SubscribeForm({ heading, tags = [], choice, tag }: SubscribeFormProps) {
  const id = useId();
  const [state, setState] = useState<{ sent?: boolean; error?: string; busy?: boolean }>({});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.busy) return;
    setState({ busy: true });
    try {
      const response = await fetch(`${baseUrl}/members/subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(bodyOf(event.currentTarget)),
      });
      if (response.ok) return setState({ sent: true });
      const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
      setState({ error: typeof answer?.error === 'string' ? answer.error : FAILED_TEXT });
    } catch {
      setState({ error: FAILED_TEXT });
    }
  };

  return (
    <section aria-labelledby={`${id}h`} className={styles.box}>
      <h2 id={`${id}h`}>{heading}</h2>
      {state.sent ? (
        <p role="status">{SUBSCRIBED_TEXT}</p>
      ) : (
        <form method="post" action={SUBSCRIBE_URL} onSubmit={submit} className={styles.form}>
          {tag && <input type="hidden" name="tags" value={tag} />}
          {choice === 'pick' && tags.length > 0 && (
            <fieldset className={styles.choices}>
              <legend>Stories to get</legend>
              <label>
                <input type="radio" name="all" value="true" defaultChecked /> All stories
              </label>
              <label>
                <input type="radio" name="all" value="false" /> Only the sports I pick
              </label>
              <ul aria-label="Sports">
                {tags.map(({ slug, name }) => (
                  <li key={slug}>
                    <label>
                      <input type="checkbox" name="tags" value={slug} /> {name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          {choice === 'ticked' && tags.length > 0 && (
            <fieldset className={styles.choices}>
              <legend>Follow</legend>
              <ul>
                {tags.map(({ slug, name }) => (
                  <li key={slug}>
                    <label>
                      <input type="checkbox" name="tags" value={slug} defaultChecked /> {name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          <div className={styles.row}>
            <label htmlFor={`${id}e`}>Email</label>
            <input id={`${id}e`} type="email" name="email" required autoComplete="email" maxLength={254} />
            <button type="submit" className="button" aria-disabled={state.busy}>
              Subscribe
            </button>
          </div>
          {/* The honeypot: a person never sees, reaches or hears it; a form-filling bot fills it in. */}
          <div hidden>
            <label>
              Website
              <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
          {state.error && (
            <p className="error-text" role="alert">
              {state.error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
