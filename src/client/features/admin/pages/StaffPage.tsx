// /admin/staff: the accounts and their roles, invitations sent and pending, and (for the owner) role changes, removals
// and API keys.
// Owners and editors see it; the server checks every request again, so this page only hides what would be refused.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Ban, KeySquare, MailPlus, UserMinus } from 'lucide-react';
import { skipToken } from '@reduxjs/toolkit/query';
import { ROLE_LABELS, invitableRoles, mayManageAll, mayRevokeInvitation } from '../../../../contract/roles';
import type { StaffRole } from '../../../../contract/roles';
import type { ApiKeyInfo, PendingInvitation, StaffUser } from '../../../../contract/types';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { staffApi } from '../api/staffApi';
import { BusySubmit, Field, failureText } from '../form/Field';
import pageStyles from './page.module.scss';
import { ConfirmInRow } from '../components/ConfirmInRow';
import { ActionsCell, AdminTable, Outcome, ReadStatus, RowButton } from '../components/pageParts';

export const STAFF_FORBIDDEN_TEXT = 'Only owners and editors manage staff.';

/** A read-only field holding a secret or a link to copy, selected on focus so one keystroke copies it. */
function CopyField({ label, value, hint }: { label: string; value: string; hint: string }) {
  return <Field label={label} value={value} hint={hint} readOnly onFocus={(event) => event.currentTarget.select()} />;
}

function roleOptions(roles: StaffRole[]) {
  return roles.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}

function InviteForm({ roles }: { roles: StaffRole[] }) {
  const invite = useMutationRunner(staffApi.endpoints.createInvitation);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>(roles[roles.length > 1 ? 1 : 0]);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState('');
  const [failure, setFailure] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure('');
    setLink('');
    try {
      const { url } = await invite({ email: email.trim(), role });
      setLink(new URL(url, window.location.origin).href);
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
          hint="There is no mail server: send this link yourself. It works once, for that email, for 7 days."
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

function AccountsTable({ accounts, me, isOwner }: { accounts: StaffUser[]; me: number; isOwner: boolean }) {
  const changeRole = useMutationRunner(staffApi.endpoints.changeRole);
  const remove = useMutationRunner(staffApi.endpoints.removeAccount);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  async function run(action: () => Promise<unknown>, done: string) {
    setNotice(null);
    try {
      await action();
      setNotice({ ok: true, text: done });
    } catch (error) {
      setNotice({ ok: false, text: failureText(error) });
    }
  }

  return (
    <>
      <div className={pageStyles.tableScroll}>
        <AdminTable
          caption="Staff accounts"
          columns={['Email', 'Name', 'Role']}
          actions={isOwner}
          rows={accounts}
          rowHeader={(account) => account.email}
        >
          {(account) => {
            const editable = isOwner && account.id !== me && account.role !== 'owner';
            return (
              <>
                <td>{account.name}</td>
                <td>
                  {editable ? (
                    <Field
                      label={`Role of ${account.email}`}
                      value={account.role}
                      options={roleOptions(invitableRoles('owner'))}
                      onChange={(value) => {
                        const role = value as StaffRole;
                        void run(
                          () => changeRole({ id: account.id, role }),
                          `${account.email} is now ${ROLE_LABELS[role]}.`,
                        );
                      }}
                    />
                  ) : (
                    ROLE_LABELS[account.role]
                  )}
                </td>
                {isOwner &&
                  (editable ? (
                    <ActionsCell
                      confirm={
                        confirming === account.id && (
                          <ConfirmInRow
                            label={`Remove ${account.email}?`}
                            question={`Remove ${account.email}? Their posts stay.`}
                            answer={
                              <>
                                <UserMinus size={16} aria-hidden="true" />
                                Remove account
                              </>
                            }
                            onConfirm={() => {
                              setConfirming(null);
                              void run(() => remove(account.id), `Removed ${account.email}.`);
                            }}
                            onCancel={() => setConfirming(null)}
                          />
                        )
                      }
                    >
                      <RowButton
                        icon={<UserMinus size={16} aria-hidden="true" />}
                        label="Remove"
                        rowName={account.email}
                        onClick={() => setConfirming(account.id)}
                      />
                    </ActionsCell>
                  ) : (
                    <td />
                  ))}
              </>
            );
          }}
        </AdminTable>
      </div>
      <Outcome outcome={notice} okClass={pageStyles.notice} />
    </>
  );
}

/** When an invitation stops working, in the admin's locale and zone. */
const expiryText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The invitations nobody accepted yet; their sender or an owner revokes one, and its link then says so. */
function PendingInvitations({ me, isOwner }: { me: number; isOwner: boolean }) {
  const invitations = useEndpointQuery(staffApi.endpoints.getInvitations, undefined);
  const revoke = useMutationRunner(staffApi.endpoints.revokeInvitation);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const mayRevoke = (invitation: PendingInvitation) =>
    mayRevokeInvitation(
      { id: me, role: isOwner ? 'owner' : 'editor' },
      { invitedBy: invitation.invitedBy?.id ?? null },
    );

  async function revokeInvitation(invitation: PendingInvitation) {
    setConfirming(null);
    setNotice(null);
    try {
      await revoke(invitation.id);
      setNotice({ ok: true, text: `Revoked the invitation for ${invitation.email}: its link no longer works.` });
    } catch (error) {
      setNotice({ ok: false, text: failureText(error) });
    }
  }

  return (
    <section aria-labelledby="pending-heading" className={pageStyles.formCard}>
      <h2 id="pending-heading">Pending invitations</h2>
      <ReadStatus
        loading={invitations.isLoading}
        loadingText="Loading invitations..."
        failure={invitations.isError ? failureText(invitations.error) : undefined}
      />
      {invitations.data &&
        (invitations.data.length === 0 ? (
          <p className={pageStyles.hint}>No pending invitations.</p>
        ) : (
          <div className={pageStyles.tableScroll}>
            <AdminTable
              caption="Pending invitations"
              columns={['Email', 'Role', 'Invited by', 'Expires']}
              actions
              rows={invitations.data}
              rowHeader={(invitation) => invitation.email}
            >
              {(invitation) => (
                <>
                  <td>{ROLE_LABELS[invitation.role]}</td>
                  <td>{invitation.invitedBy?.name ?? '—'}</td>
                  <td>{expiryText(invitation.expiresAt)}</td>
                  {mayRevoke(invitation) ? (
                    <ActionsCell
                      confirm={
                        confirming === invitation.id && (
                          <ConfirmInRow
                            label={`Revoke the invitation for ${invitation.email}?`}
                            question={`Revoke the invitation for ${invitation.email}? Its link stops working.`}
                            answer={
                              <>
                                <Ban size={16} aria-hidden="true" />
                                Revoke invitation
                              </>
                            }
                            onConfirm={() => void revokeInvitation(invitation)}
                            onCancel={() => setConfirming(null)}
                          />
                        )
                      }
                    >
                      <RowButton
                        icon={<Ban size={16} aria-hidden="true" />}
                        label="Revoke"
                        rowName={`the invitation for ${invitation.email}`}
                        onClick={() => setConfirming(invitation.id)}
                      />
                    </ActionsCell>
                  ) : (
                    <td />
                  )}
                </>
              )}
            </AdminTable>
          </div>
        ))}
      <Outcome outcome={notice} okClass={pageStyles.notice} />
    </section>
  );
}

function ApiKeys() {
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

export function StaffPage() {
  useDocumentTitle('Staff');
  const user = useAppSelector(selectUser);
  const allowed = mayManageAll(user?.role);
  const roles = invitableRoles(user?.role);
  const isOwner = user?.role === 'owner';
  const staff = useEndpointQuery(staffApi.endpoints.getStaff, allowed ? undefined : skipToken);

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.pageHeader}>
        <h1 className={pageStyles.pageTitle}>Staff</h1>
      </div>
      {!allowed ? (
        <p className={pageStyles.failed} role="alert">
          {STAFF_FORBIDDEN_TEXT}
        </p>
      ) : (
        <>
          <p className={pageStyles.intro}>The people who write for this site, and what each may do.</p>
          <ReadStatus
            loading={staff.isLoading}
            loadingText="Loading staff..."
            failure={staff.isError ? failureText(staff.error) : undefined}
          />
          {staff.data && user && <AccountsTable accounts={staff.data} me={user.id} isOwner={isOwner} />}
          <InviteForm roles={roles} />
          {user && <PendingInvitations me={user.id} isOwner={isOwner} />}
          {isOwner && <ApiKeys />}
        </>
      )}
    </div>
  );
}
