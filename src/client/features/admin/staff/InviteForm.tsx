// The Invite form: an email and a role the inviter may give; the answer is the link, shown to copy, which the site has
// mailed when it has a mail server and the inviter sends otherwise.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { MailPlus } from 'lucide-react';
import type { StaffRole } from '../../../../contract/roles';
import { useMutationRunner } from '../../../api/queryHooks';
import { staffApi } from '../api/staffApi';
import { BusySubmit, Field, failureText } from '../form/Field';
import pageStyles from '../pages/page.module.scss';
import { CopyField } from './CopyField';
import { roleOptions } from './roleOptions';

export function InviteForm({ roles }: { roles: StaffRole[] }) {
  const invite = useMutationRunner(staffApi.endpoints.createInvitation);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>(roles[roles.length > 1 ? 1 : 0]);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState('');
  const [mailed, setMailed] = useState(false);
  const [failure, setFailure] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure('');
    setLink('');
    try {
      const { url, mailed: sent } = await invite({ email: email.trim(), role });
      setLink(new URL(url, window.location.origin).href);
      setMailed(sent === true);
      setEmail('');
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={pageStyles.formCard} noValidate aria-labelledby="invite-heading" onSubmit={(e) => void submit(e)}>
      <h2 id="invite-heading">Invite</h2>
      <div className={pageStyles.formGrid}>
        <Field label="Email" type="email" required autoComplete="off" value={email} onChange={setEmail} />
        <Field
          label="Role"
          value={role}
          options={roleOptions(roles)}
          onChange={(value) => setRole(value as StaffRole)}
        />
      </div>
      <BusySubmit busy={busy} icon={<MailPlus size={16} aria-hidden="true" />} label="Invite" />
      {link && (
        <CopyField
          label="Invitation link"
          value={link}
          hint={
            mailed
              ? 'Sent by email. It works once, for that email, for 7 days.'
              : 'There is no mail server: send this link yourself. It works once, for that email, for 7 days.'
          }
        />
      )}
      {failure && (
        <p className={pageStyles.failed} role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
