// The subscribe form the landing page, every story and every tag page carry (one a page). A plain form post first:
// without JavaScript the server answers it with a redirect to /members/subscribed; once the app runs it posts JSON and
// says the same in place. Kept small: it is in three visitor pages' JavaScript, which has to fit in 115 KB.
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { baseUrl } from '../../api/blogApi';
import styles from './SubscribeForm.module.scss';

export const SUBSCRIBED_TEXT = 'Check your inbox to confirm.';
const FAILED_TEXT = 'The subscription could not be sent. Try again.';

export type SubscribeFormProps = {
  heading: string;
  /** the choice of what to follow (checkboxes named `tags`, radios named `all`), or one tag as a hidden `tags` */
  children?: ReactNode;
};

/**
 * A form's values as the browser would post them, read from its controls (the members' forms post JSON once the app
 * runs): every value of a name, ticked checkboxes and radios only. Here, not a module of its own: one chunk less.
 */
export function formValues(form: HTMLFormElement): (name: string) => string[] {
  const controls = Array.from(form.elements) as HTMLInputElement[];
  return (name) =>
    controls
      .filter((control) => control.name === name && !control.disabled)
      .filter((control) => (control.type !== 'checkbox' && control.type !== 'radio') || control.checked)
      .map((control) => control.value);
}

/** The form's fields as the JSON API takes them. */
function bodyOf(form: HTMLFormElement) {
  const values = formValues(form);
  const [all] = values('all');
  return JSON.stringify({
    email: values('email')[0],
    website: values('website')[0],
    tags: values('tags'),
    ...(all && { all: all === 'true' }),
  });
}

export function SubscribeForm({ heading, children }: SubscribeFormProps) {
  // undefined: not sent; SUBSCRIBED_TEXT once accepted; else why it failed
  const [outcome, setOutcome] = useState<string>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(event.currentTarget);
    let text = FAILED_TEXT;
    try {
      const response = await fetch(`${baseUrl}/members/subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      const answer = (await response.json().catch(() => null)) as { error?: string } | null;
      text = response.ok ? SUBSCRIBED_TEXT : (answer?.error ?? FAILED_TEXT);
    } catch {
      // no answer: FAILED_TEXT
    }
    setOutcome(text);
  };

  return (
    <section aria-labelledby="subscribe-heading" className={styles.box}>
      <h2 id="subscribe-heading">{heading}</h2>
      {outcome === SUBSCRIBED_TEXT ? (
        <p role="status">{outcome}</p>
      ) : (
        <form method="post" action="/api/members/subscribe" onSubmit={submit} className={styles.form}>
          {children}
          <div className={styles.row}>
            <label htmlFor="subscribe-email">Email</label>
            <input id="subscribe-email" type="email" name="email" required autoComplete="email" maxLength={254} />
            <button type="submit" className="button">
              Subscribe
            </button>
          </div>
          {/* The honeypot: a person never sees, reaches or hears it; a form-filling bot fills it in. A <p>: React's
              own <div hidden> is what a moved Suspense boundary looks like, which the render tests watch for. */}
          <p hidden>
            <label>
              Website
              <input type="text" name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </p>
          {outcome && (
            <p className="error-text" role="alert">
              {outcome}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

/** The story's tags, each ticked: a reader after a story follows what it is about (or unticks some). */
export function TickedTags({ tags }: { tags: readonly { slug: string; name: string }[] | undefined }) {
  if (!tags?.length) return null;
  return (
    <fieldset className={styles.choices}>
      <legend>Follow</legend>
      {tags.map(({ slug, name }) => (
        <label key={slug}>
          <input type="checkbox" name="tags" value={slug} defaultChecked /> {name}
        </label>
      ))}
    </fieldset>
  );
}
