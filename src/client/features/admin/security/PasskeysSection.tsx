// "Passkeys" on /admin/account: the person's passkeys (name, created, last used, Remove confirmed in the row) and
// "Add a passkey", which registers a discoverable credential with user verification under a name they choose.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import { startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import buttons from '../../../styles/buttons.module.scss';
import { securityApi } from '../api/securityApi';
import { ConfirmInRow } from '../components/ConfirmInRow';
import { NoticeLine, useNotice } from '../components/pageParts';
import { BusySubmit, Field, failureText } from '../form/Field';
import pageStyles from '../pages/page.module.scss';

const when = (iso: string | null) => (iso === null ? 'Never' : new Date(iso).toLocaleString());

export function PasskeysSection({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const status = useEndpointQuery(securityApi.endpoints.getSecondFactor, undefined).data;
  const options = useMutationRunner(securityApi.endpoints.passkeyOptions);
  const add = useMutationRunner(securityApi.endpoints.addPasskey);
  const remove = useMutationRunner(securityApi.endpoints.removePasskey);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const { notice, setNotice } = useNotice();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setNotice({ failed: true, text: 'Give the passkey a name, such as "Work laptop".' });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const optionsJSON = (await options()) as unknown as PublicKeyCredentialCreationOptionsJSON;
      const response = await startRegistration({ optionsJSON });
      const added = await add({ name: name.trim(), response });
      setName('');
      setNotice({ failed: false, text: `Passkey "${added.passkey.name}" added.` });
      if (added.recoveryCodes) onRecoveryCodes(added.recoveryCodes);
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotAllowedError';
      setNotice({ failed: true, text: cancelled ? 'No passkey was added.' : failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  async function removeOne(id: number) {
    setConfirming(null);
    try {
      await remove(id);
      setNotice({ failed: false, text: 'Passkey removed.' });
    } catch (error) {
      setNotice({ failed: true, text: failureText(error) });
    }
  }

  const passkeys = status?.passkeys ?? [];
  return (
    <section className={pageStyles.formCard} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className={pageStyles.sectionTitle}>
        Passkeys
      </h2>
      <p className={pageStyles.hint}>Sign in with your fingerprint, face or screen lock: no password to type.</p>
      {passkeys.length > 0 && (
        <div className={pageStyles.tableScroll}>
          <table className={pageStyles.postsTable}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {passkeys.map((passkey) => (
                <tr key={passkey.id}>
                  <td>{passkey.name}</td>
                  <td>{when(passkey.createdAt)}</td>
                  <td>{when(passkey.lastUsedAt)}</td>
                  <td>
                    {confirming === passkey.id ? (
                      <ConfirmInRow
                        label={`Remove the passkey ${passkey.name}?`}
                        question={`Remove "${passkey.name}"? It signs in no more.`}
                        answer={
                          <>
                            <Trash2 size={16} aria-hidden="true" />
                            Remove
                          </>
                        }
                        onConfirm={() => void removeOne(passkey.id)}
                        onCancel={() => setConfirming(null)}
                      />
                    ) : (
                      <button
                        type="button"
                        className={buttons.dangerButton}
                        aria-label={`Remove ${passkey.name}`}
                        onClick={() => setConfirming(passkey.id)}
                      >
                        <Trash2 size={16} aria-hidden="true" />
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form noValidate aria-label="Add a passkey" onSubmit={(e) => void submit(e)}>
        <Field
          label="Passkey name"
          placeholder="Work laptop"
          maxLength={60}
          value={name}
          onChange={(value) => {
            setName(value);
            setNotice(null);
          }}
        />
        <BusySubmit busy={busy} icon={<KeyRound size={16} aria-hidden="true" />} label="Add a passkey" />
      </form>
      <NoticeLine notice={notice} okClass={pageStyles.published} />
    </section>
  );
}
