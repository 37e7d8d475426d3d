// /account: a signed-in member's name, what they follow ("All stories" or the site's tags they tick) and whether replies
// to their comments are mailed, with "Unsubscribe from all", "Sign out" and "Delete my data" (asked again in the page).
// Without a member session it is the form that emails a sign-in link. The server renders it for the cookie's member, and
// each form posts without JavaScript (answered 303 back here).
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import type { MemberMe, MemberUpdate } from '../../../contract/members';
import type { TagRef } from '../../../contract/types';
import { useEndpointQuery, useMutationRunner } from '../../api/queryHooks';
import { serverErrorText } from '../../api/apiErrors';
import { tagsApi } from '../../api/tagsApi';
import buttons from '../../styles/buttons.module.scss';
import { formValues } from '../../components/members/SubscribeForm';
import { membersApi } from './membersApi';
import { MemberCard, SignInRequest } from './MemberCard';
import styles from './MemberPages.module.scss';

const FAILED = 'The change could not be saved. Try again.';
export const SAVED_TEXT = 'Saved.';
export const SIGNED_OUT_TEXT = 'You are signed out.';
export const DELETED_TEXT = 'Your data is deleted: we hold nothing about you any more.';
export const REPLY_MAIL_LABEL = 'Email me when someone replies to my comment';
const UNSUBSCRIBED_ALL = 'You are unsubscribed from all stories.';
const SUBSCRIBED_AGAIN = 'You are subscribed again.';

/** The member's status in words. */
function statusText(me: MemberMe, tagNames: Map<string, string>): string {
  if (me.status === 'unsubscribed') return 'You are unsubscribed: we send you no stories.';
  if (me.status === 'bounced') return 'Your address refused our mail, so we stopped sending to it.';
  if (me.status === 'pending') return 'Your subscription waits for you to confirm it from the mail we sent.';
  if (me.all || me.tags.length === 0) return 'You get: All stories.';
  return `You follow: ${me.tags.map((slug) => tagNames.get(slug) ?? slug).join(', ')}.`;
}

function Preferences({ me, tags }: { me: MemberMe; tags: readonly TagRef[] }) {
  const update = useMutationRunner(membersApi.endpoints.updateMe);
  // A form posted without JavaScript comes back with ?saved=1.
  const saved = new URLSearchParams(useLocation().search).has('saved');
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | undefined>(
    saved ? { text: SAVED_TEXT } : undefined,
  );
  // The site's tags, and any the member follows that no public story carries now.
  const offered = [
    ...tags,
    ...me.tags.filter((slug) => !tags.some((tag) => tag.slug === slug)).map((slug) => ({ slug, name: slug })),
  ];

  const run = async (change: MemberUpdate, done = SAVED_TEXT) => {
    try {
      await update(change);
      setNotice({ text: done });
    } catch (error) {
      setNotice({ text: serverErrorText(error) ?? FAILED, error: true });
    }
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    void run({
      name: values('name')[0] ?? '',
      all: values('all')[0] === 'true',
      tags: values('tags').filter((slug) => slug !== ''),
      // The hidden "false" comes first; a ticked box adds "on" after it.
      replyMail: values('replyMail').at(-1) === 'on',
    });
  };

  /** "Unsubscribe from all" or "Subscribe again": a form of one hidden field, posted as JSON once the app runs. */
  const subscription = (subscribed: boolean, label: string, done: string) => (
    <form
      method="post"
      action="/api/members/me"
      onSubmit={(event) => {
        event.preventDefault();
        void run({ subscribed }, done);
      }}
    >
      <input type="hidden" name="subscribed" value={String(subscribed)} />
      <button type="submit" className={buttons.secondaryButton}>
        {label}
      </button>
    </form>
  );

  return (
    <>
      <form
        method="post"
        action="/api/members/me"
        onSubmit={save}
        className={styles.form}
        aria-label="Your preferences"
      >
        <div className={styles.field}>
          <label htmlFor="member-name">Name</label>
          <input id="member-name" name="name" defaultValue={me.name} autoComplete="name" maxLength={100} />
        </div>
        <fieldset className={styles.choices}>
          <legend>Stories to get</legend>
          <label>
            <input type="radio" name="all" value="true" defaultChecked={me.all || me.tags.length === 0} /> All stories
          </label>
          <label>
            <input type="radio" name="all" value="false" defaultChecked={!me.all && me.tags.length > 0} /> Only the
            sports I tick
          </label>
          {/* Without JavaScript, the empty value says "no tags" when no box is ticked. */}
          <input type="hidden" name="tags" value="" />
          <ul aria-label="Sports">
            {offered.map(({ slug, name }) => (
              <li key={slug}>
                <label>
                  <input type="checkbox" name="tags" value={slug} defaultChecked={me.tags.includes(slug)} /> {name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className={styles.choices}>
          <input type="hidden" name="replyMail" value="false" />
          <label>
            <input type="checkbox" name="replyMail" defaultChecked={me.replyMail} /> {REPLY_MAIL_LABEL}
          </label>
        </div>
        <button type="submit" className="button">
          Save preferences
        </button>
      </form>
      {me.subscribed
        ? subscription(false, 'Unsubscribe from all', UNSUBSCRIBED_ALL)
        : me.status !== 'pending' && subscription(true, 'Subscribe again', SUBSCRIBED_AGAIN)}
      {notice && (
        <p className={notice.error ? 'error-text' : undefined} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
    </>
  );
}

/** Sign out, and "Delete my data" with its question asked in the page. */
function LeaveActions({ onLeft }: { onLeft: (text: string) => void }) {
  const signOut = useMutationRunner(membersApi.endpoints.signOut);
  const erase = useMutationRunner(membersApi.endpoints.deleteMe);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const answerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) answerRef.current?.focus();
  }, [asking]);

  const act = async (action: () => Promise<unknown>, text: string) => {
    try {
      await action();
      onLeft(text);
    } catch (failure) {
      setError(serverErrorText(failure) ?? FAILED);
    }
  };

  return (
    <div className={styles.actions}>
      <form
        method="post"
        action="/api/members/signout"
        onSubmit={(event) => {
          event.preventDefault();
          void act(signOut, SIGNED_OUT_TEXT);
        }}
      >
        <button type="submit" className={buttons.secondaryButton}>
          Sign out
        </button>
      </form>
      {asking ? (
        <div role="group" aria-label="Delete my data?">
          <p>Delete your subscription and everything we hold about you? This cannot be undone.</p>
          <button
            type="button"
            ref={answerRef}
            className={buttons.dangerButton}
            onClick={() => void act(erase, DELETED_TEXT)}
          >
            Delete everything
          </button>{' '}
          <button type="button" className={buttons.secondaryButton} onClick={() => setAsking(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className={buttons.dangerButton} onClick={() => setAsking(true)}>
          Delete my data
        </button>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function AccountPage() {
  const [left, setLeft] = useState<string>();
  const { data: me, error, isLoading } = useEndpointQuery(membersApi.endpoints.getMe, left ? skipToken : undefined);
  const { data: tags = [] } = useEndpointQuery(tagsApi.endpoints.getTags, me ? undefined : skipToken);
  // null: no member session (the server rendered the sign-in card with the same answer).
  const signedOut = left !== undefined || me === null;

  if (signedOut)
    return (
      <MemberCard title="Your subscription">
        {left && <p role="status">{left}</p>}
        <SignInRequest />
      </MemberCard>
    );
  if (me) {
    const names = new Map(tags.map((tag) => [tag.slug, tag.name]));
    return (
      <MemberCard title="Your subscription">
        <p>
          Signed in as <strong>{me.email}</strong>
        </p>
        <p role="status">{statusText(me, names)}</p>
        <Preferences me={me} tags={tags} />
        <LeaveActions onLeft={setLeft} />
      </MemberCard>
    );
  }
  return (
    <MemberCard title="Your subscription">
      {isLoading ? (
        <p className="status" role="status">
          Loading your subscription...
        </p>
      ) : (
        <p className="error-text" role="alert">
          {serverErrorText(error) ?? 'Your subscription could not be loaded. Try again.'}
        </p>
      )}
    </MemberCard>
  );
}
