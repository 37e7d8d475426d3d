// The staff accounts and their roles; the owner changes a role or removes an account (asked in the row first).
import { useState } from 'react';
import { UserMinus } from 'lucide-react';
import { ROLE_LABELS, invitableRoles } from '../../../../contract/roles';
import type { StaffRole } from '../../../../contract/roles';
import type { StaffUser } from '../../../../contract/types';
import { useMutationRunner } from '../../../api/queryHooks';
import { staffApi } from '../api/staffApi';
import { Field } from '../form/Field';
import pageStyles from '../pages/page.module.scss';
import { AdminTable, NoticeLine } from '../components/pageParts';
import { RemoveCell } from './RemoveCell';
import { roleOptions } from './roleOptions';
import { useStaffAction } from './useStaffAction';

export function AccountsTable({ accounts, me, isOwner }: { accounts: StaffUser[]; me: number; isOwner: boolean }) {
  const changeRole = useMutationRunner(staffApi.endpoints.changeRole);
  const remove = useMutationRunner(staffApi.endpoints.removeAccount);
  const [confirming, setConfirming] = useState<number | null>(null);
  const { notice, run } = useStaffAction();

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
                {isOwner && (
                  <RemoveCell
                    allowed={editable}
                    Icon={UserMinus}
                    label="Remove"
                    rowName={account.email}
                    ask={`Remove ${account.email}?`}
                    question={`Remove ${account.email}? Their posts stay.`}
                    answer="Remove account"
                    confirming={confirming === account.id}
                    onAsk={() => setConfirming(account.id)}
                    onConfirm={() => {
                      setConfirming(null);
                      void run(() => remove(account.id), `Removed ${account.email}.`);
                    }}
                    onCancel={() => setConfirming(null)}
                  />
                )}
              </>
            );
          }}
        </AdminTable>
      </div>
      <NoticeLine notice={notice} />
    </>
  );
}
