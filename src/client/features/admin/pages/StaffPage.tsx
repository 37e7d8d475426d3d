// /admin/staff: the accounts and their roles, invitations, and (for the owner) role changes, removals and API keys.
// Owners and editors see it; the server checks every request again, so this page only hides what would be refused.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { KeyRound, Send, Trash2 } from 'lucide-react';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import type { StaffRole } from '../../../app/authSlice';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useMutationRunner } from '../../../api/queryHooks';
import { ROLE_LABELS, invitableRoles, staffApi, useApiKeysQuery, useStaffQuery } from '../api/staffApi';
import type { ApiKey, StaffAccount } from '../api/staffApi';
import { apiErrorMessage } from '../api/apiErrors';
import { TextField } from '../form/TextField';
import buttons from '../../../styles/buttons.module.scss';
import fieldStyles from '../form/fields.module.scss';
import formStyles from '../form/PostForm.module.scss';
import pageStyles from './page.module.scss';

export const STAFF_FORBIDDEN_TEXT = 'Only owners and editors manage staff.';

/** A read-only field holding a secret or a link to copy, selected on focus so one keystroke copies it. */
function CopyField({ label, value, hint }: { label: string; value: string; hint: string }) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        id={id}
        className={fieldStyles.input}
        readOnly
        value={value}
        aria-describedby={`${id}-hint`}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {hint}
      </p>
    </div>
  );
}

function RoleSelect({
  label,
  value,
  roles,
  onChange,
  disabled,
}: {
  label: string;
  value: StaffRole;
  roles: StaffRole[];
  onChange: (role: StaffRole) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        id={id}
        className={fieldStyles.input}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as StaffRole)}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </div>
  );
}

function InviteForm({ roles }: { roles: StaffRole[] }) {
  const invite = useMutationRunner(staffApi.endpoints.invitationCreated);
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
      setFailure(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={formStyles.card} noValidate aria-labelledby="invite-heading" onSubmit={(e) => void submit(e)}>
      <h2 id="invite-heading">Invite</h2>
      <div className={formStyles.grid}>
        <TextField label="Email" type="email" required autoComplete="off" value={email} onChange={setEmail} />
        <RoleSelect label="Role" value={role} roles={roles} onChange={setRole} />
      </div>
      <div className={formStyles.actions}>
        <button type="submit" className={buttons.primaryButton} disabled={busy} aria-busy={busy}>
          <Send size={16} aria-hidden="true" />
          {busy ? 'Processing...' : 'Invite'}
        </button>
      </div>
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

function AccountsTable({ accounts, me, isOwner }: { accounts: StaffAccount[]; me: number; isOwner: boolean }) {
  const changeRole = useMutationRunner(staffApi.endpoints.roleChanged);
  const remove = useMutationRunner(staffApi.endpoints.accountRemoved);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  async function run(action: () => Promise<unknown>, done: string) {
    setNotice(null);
    try {
      await action();
      setNotice({ ok: true, text: done });
    } catch (error) {
      setNotice({ ok: false, text: apiErrorMessage(error) });
    }
  }

  return (
    <>
      <table className={pageStyles.postsTable}>
        <caption className="visually-hidden">Staff accounts</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            {isOwner && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => {
            const editable = isOwner && account.id !== me && account.role !== 'owner';
            return (
              <tr key={account.id}>
                <th scope="row" className={pageStyles.postTitle}>
                  {account.email}
                </th>
                <td>{account.name}</td>
                <td>
                  {editable ? (
                    <RoleSelect
                      label={`Role of ${account.email}`}
                      value={account.role}
                      roles={invitableRoles('owner')}
                      onChange={(role) =>
                        void run(
                          () => changeRole({ id: account.id, role }),
                          `${account.email} is now ${ROLE_LABELS[role]}.`,
                        )
                      }
                    />
                  ) : (
                    ROLE_LABELS[account.role]
                  )}
                </td>
                {isOwner && (
                  <td>
                    {editable &&
                      (confirming === account.id ? (
                        <div className={pageStyles.confirm} role="group" aria-label={`Remove ${account.email}?`}>
                          <span>Remove {account.email}? Their posts stay.</span>
                          <button
                            type="button"
                            className={buttons.dangerButton}
                            // The question replaced the Remove button: the keyboard lands on its answer.
                            // eslint-disable-next-line jsx-a11y/no-autofocus
                            autoFocus
                            onClick={() => {
                              setConfirming(null);
                              void run(() => remove(account.id), `Removed ${account.email}.`);
                            }}
                          >
                            <Trash2 size={16} aria-hidden="true" />
                            Remove account
                          </button>
                          <button type="button" className={buttons.secondaryButton} onClick={() => setConfirming(null)}>
                            Cancel
                          </button>
                        </div>
                      ) : (
                        <div className={pageStyles.rowActions}>
                          <button
                            type="button"
                            className={buttons.dangerButton}
                            onClick={() => setConfirming(account.id)}
                          >
                            <Trash2 size={16} aria-hidden="true" />
                            Remove<span className="visually-hidden"> {account.email}</span>
                          </button>
                        </div>
                      ))}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div role="status">{notice?.ok && <p className={pageStyles.notice}>{notice.text}</p>}</div>
      {notice && !notice.ok && (
        <p className={pageStyles.failed} role="alert">
          {notice.text}
        </p>
      )}
    </>
  );
}

function ApiKeys() {
  const keys = useApiKeysQuery(true);
  const create = useMutationRunner(staffApi.endpoints.apiKeyCreated);
  const revoke = useMutationRunner(staffApi.endpoints.apiKeyRevoked);
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
      setFailure(apiErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function revokeKey(key: ApiKey) {
    setFailure('');
    try {
      await revoke(key.id);
    } catch (error) {
      setFailure(`“${key.name}” was not revoked. ${apiErrorMessage(error)}`);
    }
  }

  return (
    <section aria-labelledby="keys-heading" className={formStyles.card}>
      <h2 id="keys-heading">API keys</h2>
      <p className={fieldStyles.hint}>
        A key acts with owner rights, as <code>Authorization: Bearer</code> or in the editor&apos;s Access Token field.
      </p>
      {keys.isLoading && (
        <p className="status" role="status">
          Loading keys...
        </p>
      )}
      {keys.isError && (
        <p className={pageStyles.failed} role="alert">
          {apiErrorMessage(keys.error)}
        </p>
      )}
      {keys.data &&
        (keys.data.length === 0 ? (
          <p className={fieldStyles.hint}>No API keys yet.</p>
        ) : (
          <table className={pageStyles.postsTable}>
            <caption className="visually-hidden">API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <th scope="row" className={pageStyles.postTitle}>
                    {key.name}
                  </th>
                  <td>
                    <div className={pageStyles.rowActions}>
                      <button type="button" className={buttons.dangerButton} onClick={() => void revokeKey(key)}>
                        <Trash2 size={16} aria-hidden="true" />
                        Revoke<span className="visually-hidden"> “{key.name}”</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <form noValidate aria-label="Create an API key" onSubmit={(e) => void submit(e)}>
        <TextField label="Key name" value={name} maxLength={100} autoComplete="off" onChange={setName} />
        <div className={formStyles.actions}>
          <button type="submit" className={buttons.primaryButton} disabled={busy} aria-busy={busy}>
            <KeyRound size={16} aria-hidden="true" />
            {busy ? 'Processing...' : 'Create key'}
          </button>
        </div>
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
  const roles = invitableRoles(user?.role);
  const allowed = roles.length > 0;
  const isOwner = user?.role === 'owner';
  const staff = useStaffQuery(allowed);

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
          {staff.isLoading && (
            <p className="status" role="status">
              Loading staff...
            </p>
          )}
          {staff.isError && (
            <p className={pageStyles.failed} role="alert">
              {apiErrorMessage(staff.error)}
            </p>
          )}
          {staff.data && user && <AccountsTable accounts={staff.data} me={user.id} isOwner={isOwner} />}
          <InviteForm roles={roles} />
          {isOwner && <ApiKeys />}
        </>
      )}
    </div>
  );
}
