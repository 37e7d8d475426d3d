// /admin/account: the signed-in admin's author profile (ProfileForm), and their own password (POST
// /api/account/password). The server then ends every other session of the account; this one stays.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useMutationRunner } from '../../../api/queryHooks';
import { accountApi } from '../api/accountApi';
import { ROLE_LABELS } from '../../../../contract/roles';
import { PASSWORD_MIN } from '../../../../contract/passwords';
import { BusySubmit, Field, failureText } from '../form/Field';
import { NoticeLine, useNotice } from '../components/pageParts';
import { ProfileForm } from '../components/ProfileForm';
import { SecuritySections } from '../security/SecuritySections';
import pageStyles from './page.module.scss';

export const PASSWORD_CHANGED_TEXT = 'Password changed. Your other sessions have been signed out.';
export const WRONG_CURRENT_PASSWORD_TEXT = 'The current password is not correct.';

export function AccountPage() {
  useDocumentTitle('Account');
  const user = useAppSelector(selectUser);
  const changePassword = useMutationRunner(accountApi.endpoints.changePassword);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { notice, setNotice } = useNotice();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (newPassword.length < PASSWORD_MIN) {
      setNotice({ failed: true, text: `The new password needs at least ${PASSWORD_MIN} characters.` });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      await changePassword({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      setNotice({ failed: false, text: PASSWORD_CHANGED_TEXT });
    } catch (error) {
      setNotice({ failed: true, text: failureText(error, { 401: WRONG_CURRENT_PASSWORD_TEXT }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>Account</h1>
      </div>
      {user && (
        <p className={pageStyles.intro}>
          Signed in as {user.name ? `${user.name} (${user.email})` : user.email}, {ROLE_LABELS[user.role]}.
        </p>
      )}
      <ProfileForm />
      <form className={pageStyles.formCard} noValidate aria-label="Change password" onSubmit={(e) => void submit(e)}>
        <Field
          label="Current password"
          type="password"
          required
          autoComplete="current-password"
          value={currentPassword}
          onChange={(value) => {
            setCurrentPassword(value);
            setNotice(null);
          }}
        />
        <Field
          label="New password"
          type="password"
          required
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters, not your email.`}
          value={newPassword}
          onChange={(value) => {
            setNewPassword(value);
            setNotice(null);
          }}
        />
        <BusySubmit busy={busy} icon={<KeyRound size={16} aria-hidden="true" />} label="Change password" />
        <NoticeLine notice={notice} okClass={pageStyles.published} />
      </form>
      <SecuritySections />
    </div>
  );
}
