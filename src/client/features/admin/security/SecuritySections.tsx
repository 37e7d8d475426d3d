// The sign-in settings of /admin/account (and of the set-up page the policy sends a person to): passkeys, the
// authenticator app, and recovery codes shown once when they are made.
import { useState } from 'react';
import { AuthenticatorSection } from './AuthenticatorSection';
import { PasskeysSection } from './PasskeysSection';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';

export function SecuritySections() {
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <>
      {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}
      <PasskeysSection onRecoveryCodes={setCodes} />
      <AuthenticatorSection onRecoveryCodes={setCodes} />
    </>
  );
}
