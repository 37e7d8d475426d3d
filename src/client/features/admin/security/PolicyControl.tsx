// On /admin/staff, for owners: who must have a second factor (nobody, owners and editors, or all staff).
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import type { SecondFactorPolicy } from '../../../../contract/secondFactor';
import { securityApi } from '../api/securityApi';
import { NoticeLine, useNotice } from '../components/pageParts';
import { BusySubmit, Field, failureText } from '../form/Field';
import pageStyles from '../pages/page.module.scss';

const LABELS: Record<SecondFactorPolicy, string> = {
  none: 'Nobody',
  editors: 'Owners and editors',
  all: 'All staff',
};

export function PolicyControl() {
  const status = useEndpointQuery(securityApi.endpoints.getSecondFactor, undefined).data;
  const save = useMutationRunner(securityApi.endpoints.setPolicy);
  const [choice, setChoice] = useState<SecondFactorPolicy | null>(null);
  const [busy, setBusy] = useState(false);
  const { notice, setNotice } = useNotice();
  const value = choice ?? status?.policy ?? 'none';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await save(value);
      setNotice({ failed: false, text: `Saved: a second factor is required of ${LABELS[value].toLowerCase()}.` });
    } catch (error) {
      setNotice({ failed: true, text: failureText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={pageStyles.formCard} noValidate aria-label="Second factor policy" onSubmit={(e) => void submit(e)}>
      <Field
        label="Require a second factor of"
        hint="A passkey or an authenticator app. Someone without one is sent to set one up after their password."
        value={value}
        options={(Object.keys(LABELS) as SecondFactorPolicy[]).map((policy) => (
          <option key={policy} value={policy}>
            {LABELS[policy]}
          </option>
        ))}
        onChange={(next) => {
          setChoice(next as SecondFactorPolicy);
          setNotice(null);
        }}
      />
      <BusySubmit busy={busy} icon={<ShieldCheck size={16} aria-hidden="true" />} label="Save policy" />
      <NoticeLine notice={notice} okClass={pageStyles.published} />
    </form>
  );
}
