// The owner's API keys: the list, revoking one, and creating one (its secret shown once, to copy).
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Ban, KeySquare } from 'lucide-react';
import type { ApiKeyInfo } from '../../../../contract/types';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { staffApi } from '../api/staffApi';
import { BusySubmit, Field, failureText } from '../form/Field';
import pageStyles from '../pages/page.module.scss';
import { ActionsCell, AdminTable, ReadStatus, RowButton } from '../components/pageParts';
import { CopyField } from './CopyField';

export function ApiKeys() {
  const keys = useEndpointQuery(staffApi.endpoints.getApiKeys, undefined);
  const create = useMutationRunner(staffApi.endpoints.createApiKey);
  const revoke = useMutationRunner(staffApi.endpoints.revokeApiKey);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setFailure('Give the key a name, so you know later what uses it.');
      return;
    }
    setBusy(true);
    setFailure('');
    setCreated(null);
    try {
      const answer = await create({ name: name.trim() });
      setCreated({ name: answer.name, key: answer.key });
      setName('');
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  async function revokeKey(key: ApiKeyInfo) {
    setFailure('');
    try {
      await revoke(key.id);
    } catch (error) {
      setFailure(`“${key.name}” was not revoked. ${failureText(error)}`);
    }
  }

  return (
    <section aria-labelledby="keys-heading" className={pageStyles.formCard}>
      <h2 id="keys-heading">API keys</h2>
      <p className={pageStyles.hint}>
        A key writes posts and uploads with owner rights, as <code>Authorization: Bearer</code> or in the editor&apos;s
        Access Token field. Staff and keys are managed only here, signed in as an owner.
      </p>
      <ReadStatus
        loading={keys.isLoading}
        loadingText="Loading keys..."
        failure={keys.isError ? failureText(keys.error) : undefined}
      />
      {keys.data &&
        (keys.data.length === 0 ? (
          <p className={pageStyles.hint}>No API keys yet.</p>
        ) : (
          <div className={pageStyles.tableScroll}>
            <AdminTable caption="API keys" columns={['Name']} actions rows={keys.data} rowHeader={(key) => key.name}>
              {(key) => (
                <ActionsCell>
                  <RowButton
                    icon={<Ban size={16} aria-hidden="true" />}
                    label="Revoke"
                    rowName={`“${key.name}”`}
                    onClick={() => void revokeKey(key)}
                  />
                </ActionsCell>
              )}
            </AdminTable>
          </div>
        ))}
      <form noValidate aria-label="Create an API key" onSubmit={(e) => void submit(e)}>
        <Field label="Key name" value={name} maxLength={100} autoComplete="off" onChange={setName} />
        <BusySubmit busy={busy} icon={<KeySquare size={16} aria-hidden="true" />} label="Create key" />
      </form>
      {created && (
        <CopyField
          label="New key"
          value={created.key}
          hint={`The key “${created.name}” is shown this once: copy it now. Only its name is kept in the list.`}
        />
      )}
      {failure && (
        <p className={pageStyles.failed} role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
