// "Authenticator app" on /admin/account: "Set up" shows a QR code and the secret as text, and the app is on only once
// a right code is entered; "Turn off" asks for a current code or the password. "Make new codes" replaces every
// recovery code.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { RefreshCw, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import buttons from '../../../styles/buttons.module.scss';
import { securityApi } from '../api/securityApi';
import type { TotpSetup } from '../api/securityApi';
import { NoticeLine, useNotice } from '../components/pageParts';
import { BusySubmit, Field, failureText } from '../form/Field';
import pageStyles from '../pages/page.module.scss';

export const TOTP_ON_TEXT = 'The authenticator app is on: signing in with your password asks for its code.';

export function AuthenticatorSection({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const status = useEndpointQuery(securityApi.endpoints.getSecondFactor, undefined).data;
  const start = useMutationRunner(securityApi.endpoints.startTotp);
  const confirm = useMutationRunner(securityApi.endpoints.confirmTotp);
  const turnOff = useMutationRunner(securityApi.endpoints.turnOffTotp);
  const newCodes = useMutationRunner(securityApi.endpoints.newRecoveryCodes);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [proof, setProof] = useState('');
  const [busy, setBusy] = useState(false);
  const { notice, setNotice } = useNotice();

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      await work();
    } catch (error) {
      setNotice({ failed: true, text: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  const confirmCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const answer = await confirm({ code: code.trim() });
      setSetup(null);
      setCode('');
      setNotice({ failed: false, text: TOTP_ON_TEXT });
      if (answer.recoveryCodes) onRecoveryCodes(answer.recoveryCodes);
    });
  };
  const off = (event: FormEvent) => {
    event.preventDefault();
    const value = proof.trim();
    void run(async () => {
      await turnOff(/^\d{6}$/.test(value) ? { code: value } : { password: proof });
      setProof('');
      setNotice({ failed: false, text: 'The authenticator app is off.' });
    });
  };

  const on = status?.totp === true;
  const hasFactor = on || (status?.passkeys.length ?? 0) > 0;
  return (
    <section className={pageStyles.formCard} aria-labelledby="totp-title">
      <h2 id="totp-title" className={pageStyles.sectionTitle}>
        Authenticator app
      </h2>
      {on ? (
        <form noValidate aria-label="Turn off the authenticator app" onSubmit={off}>
          <p>{TOTP_ON_TEXT}</p>
          <Field
            label="A current code or your password"
            type="password"
            autoComplete="current-password"
            value={proof}
            onChange={setProof}
          />
          <div className={pageStyles.formActions}>
            <button type="submit" className={buttons.dangerButton} disabled={busy}>
              <ShieldOff size={16} aria-hidden="true" />
              Turn off
            </button>
          </div>
        </form>
      ) : setup === null ? (
        <>
          <p className={pageStyles.hint}>Use an app such as 2FAS, Aegis or Google Authenticator for 6-digit codes.</p>
          <div className={pageStyles.formActions}>
            <button
              type="button"
              className={buttons.primaryButton}
              disabled={busy}
              onClick={() => void run(async () => setSetup(await start()))}
            >
              <ShieldCheck size={16} aria-hidden="true" />
              Set up
            </button>
          </div>
        </>
      ) : (
        <form noValidate aria-label="Turn on the authenticator app" onSubmit={confirmCode}>
          <p>Scan this QR code with your app, or type the secret into it. Then enter the code it shows.</p>
          <img src={setup.qr} width={200} height={200} alt="QR code for your authenticator app" />
          <p>
            Secret: <code>{setup.secret}</code>
          </p>
          <Field
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={setCode}
          />
          <BusySubmit busy={busy} icon={<ShieldCheck size={16} aria-hidden="true" />} label="Turn on" />
        </form>
      )}
      {hasFactor && (
        <div className={pageStyles.formActions}>
          <span>{status?.recoveryCodes ?? 0} recovery codes left.</span>
          <button
            type="button"
            className={buttons.secondaryButton}
            disabled={busy}
            onClick={() => void run(async () => onRecoveryCodes((await newCodes()).recoveryCodes))}
          >
            <RefreshCw size={16} aria-hidden="true" />
            Make new codes
          </button>
        </div>
      )}
      <NoticeLine notice={notice} okClass={pageStyles.published} />
    </section>
  );
}
