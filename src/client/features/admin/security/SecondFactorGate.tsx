// The policy's door in the browser: a person the owners' policy covers and who has no second factor sees only the
// set-up page until they add one (the server refuses everything else to them anyway).
import type { ReactNode } from 'react';
import { useEndpointQuery } from '../../../api/queryHooks';
import { securityApi } from '../api/securityApi';
import pageStyles from '../pages/page.module.scss';
import { SecuritySections } from './SecuritySections';

export const SETUP_TITLE = 'Set up a second factor';
export const SETUP_TEXT =
  'This site requires a second factor for your role: add a passkey or set up an authenticator app to go on.';

export function SecondFactorGate({ children }: { children: ReactNode }) {
  const { data, error } = useEndpointQuery(securityApi.endpoints.getSecondFactor, undefined);
  const refused = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
  if (typeof refused === 'string')
    return (
      <div className={pageStyles.page}>
        <p role="alert">{refused}</p>
      </div>
    );
  // Nothing until the answer: a page shown first would only meet the server's refusals.
  if (data === undefined && error === undefined) return null;
  if (data?.setupRequired !== true) return <>{children}</>;
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>{SETUP_TITLE}</h1>
      </div>
      <p className={pageStyles.intro}>{SETUP_TEXT}</p>
      <SecuritySections />
    </div>
  );
}
