// A member's pages: where the subscribe form lands, a mailed link's one button (confirm, sign in, unsubscribe) and
// /account. A mailed link's page changes nothing when it is opened (a mail scanner fetches every link): only its
// button does, a form post that works without JavaScript and posts JSON with it.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { matchRoute, pathTo } from '../../../contract/routes';
import { Link } from '../../components/Link';
import { useMutationRunner } from '../../api/queryHooks';
import { serverErrorText } from '../../api/apiErrors';
import { SUBSCRIBED_TEXT } from '../../components/members/SubscribeForm';
import { LINK_ACTIONS, membersApi, unsubscribeByLink, unsubscribeUrl } from './membersApi';
import type { LinkPurpose } from './membersApi';
import { AccountPage } from './AccountPage';
import { INBOX_TEXT, MemberCard, SignInRequest } from './MemberCard';
import styles from './MemberPages.module.scss';

const FAILED = 'The request could not be sent. Try again.';
export const UNSUBSCRIBED_TEXT = 'You are unsubscribed: we will send you no more stories.';

/** What a form post answered with a refused link comes back with (?error=), in words. */
const LINK_REFUSED: Record<string, string> = {
  unknown: 'This link is not valid: ask for a new one.',
  used: 'This link has already been used: ask for a new one.',
  expired: 'This link has expired: ask for a new one.',
};

/** /members/subscribed: where the subscribe form lands when it was posted without JavaScript. */
export function SubscribedPage() {
  return (
    <MemberCard title="Almost there">
      <p role="status">{SUBSCRIBED_TEXT}</p>
      <p>The mail has a button that starts your subscription. Nothing is sent to you until you press it.</p>
    </MemberCard>
  );
}

const LINK_PAGES: Record<LinkPurpose, { title: string; button: string; intro: string }> = {
  confirm: {
    title: 'Confirm your subscription',
    button: 'Confirm subscription',
    intro: 'Press the button to start getting stories by email.',
  },
  signin: { title: 'Sign in', button: 'Sign in', intro: 'Press the button to sign in to your subscription.' },
  unsubscribe: {
    title: 'Unsubscribe',
    button: 'Unsubscribe',
    intro: 'Press the button to stop getting stories by email.',
  },
};

/** A mailed link's page: one button that posts the link's token. Opening the page does nothing. */
export function LinkPage({ purpose }: { purpose: LinkPurpose }) {
  const query = new URLSearchParams(useLocation().search);
  const token = query.get('token') ?? '';
  const refused = query.get('error');
  const navigate = useNavigate();
  const redeem = useMutationRunner(membersApi.endpoints.redeemLink);
  const [state, setState] = useState<{ busy?: boolean; done?: boolean; error?: string }>({});
  const page = LINK_PAGES[purpose];

  // Without a token: the form that asks for a link (after a refused link, with the reason first).
  if (purpose === 'signin' && !token)
    return (
      <MemberCard title="Sign in">
        {refused && (
          <p className="error-text" role="alert">
            {LINK_REFUSED[refused] ?? LINK_REFUSED.unknown}
          </p>
        )}
        {query.get('sent') ? <p role="status">{INBOX_TEXT}</p> : <SignInRequest />}
      </MemberCard>
    );

  const press = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.busy) return;
    setState({ busy: true });
    try {
      if (purpose === 'unsubscribe') {
        const error = await unsubscribeByLink(token);
        setState(error ? { error } : { done: true });
        return;
      }
      await redeem({ purpose, token });
      navigate(pathTo('account'));
    } catch (error) {
      setState({ error: serverErrorText(error) ?? FAILED });
    }
  };

  // Without JavaScript the one-click POST comes back here with ?done=1.
  if (state.done || (purpose === 'unsubscribe' && query.get('done')))
    return (
      <MemberCard title="Unsubscribed">
        <p role="status">{UNSUBSCRIBED_TEXT}</p>
        <p>
          <Link to={pathTo('account')}>Your subscription</Link>
        </p>
      </MemberCard>
    );

  const action = purpose === 'unsubscribe' ? unsubscribeUrl(token) : `/api/${LINK_ACTIONS[purpose]}`;
  const error = state.error ?? (refused ? (LINK_REFUSED[refused] ?? LINK_REFUSED.unknown) : undefined);
  return (
    <MemberCard title={page.title}>
      {token ? (
        <form method="post" action={action} onSubmit={press} className={styles.form}>
          <p>{page.intro}</p>
          {purpose === 'unsubscribe' ? (
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          ) : (
            <input type="hidden" name="token" value={token} />
          )}
          <button type="submit" className="button" aria-disabled={state.busy}>
            {page.button}
          </button>
        </form>
      ) : (
        !error && <p>This link is missing its code: open it from your mail again.</p>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {error && purpose !== 'unsubscribe' && (
        <p>
          <Link to={pathTo('memberSignIn')}>Ask for a new link</Link>
        </p>
      )}
    </MemberCard>
  );
}

/** The member page of the route the URL matched. */
export function MemberPage() {
  const name = matchRoute(useLocation().pathname)?.route.name;
  if (name === 'memberConfirm') return <LinkPage purpose="confirm" />;
  if (name === 'memberSignIn') return <LinkPage purpose="signin" />;
  if (name === 'memberUnsubscribe') return <LinkPage purpose="unsubscribe" />;
  if (name === 'account') return <AccountPage />;
  return <SubscribedPage />;
}
