// The invitations nobody accepted yet, with who sent each and when it expires; the sender or an owner revokes one.
import { useState } from 'react';
import { Ban } from 'lucide-react';
import { ROLE_LABELS, mayRevokeInvitation } from '../../../../contract/roles';
import type { PendingInvitation, StaffUser } from '../../../../contract/types';
import { useEndpointQuery, useMutationRunner } from '../../../api/queryHooks';
import { staffApi } from '../api/staffApi';
import { failureText } from '../form/Field';
import pageStyles from '../pages/page.module.scss';
import { AdminTable, NoticeLine, ReadStatus } from '../components/pageParts';
import { RemoveCell } from './RemoveCell';
import { useStaffAction } from './useStaffAction';

/** When an invitation stops working, in the admin's locale and zone. */
const expiryText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The invitations nobody accepted yet; their sender or an owner revokes one, and its link then says so. */
export function PendingInvitations({ user }: { user: StaffUser }) {
  const invitations = useEndpointQuery(staffApi.endpoints.getInvitations, undefined);
  const revoke = useMutationRunner(staffApi.endpoints.revokeInvitation);
  const [confirming, setConfirming] = useState<number | null>(null);
  const { notice, run } = useStaffAction();
  const mayRevoke = (invitation: PendingInvitation) =>
    mayRevokeInvitation(user, { invitedBy: invitation.invitedBy?.id ?? null });

  function revokeInvitation(invitation: PendingInvitation) {
    setConfirming(null);
    void run(() => revoke(invitation.id), `Revoked the invitation for ${invitation.email}: its link no longer works.`);
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
                  <RemoveCell
                    allowed={mayRevoke(invitation)}
                    Icon={Ban}
                    label="Revoke"
                    rowName={`the invitation for ${invitation.email}`}
                    ask={`Revoke the invitation for ${invitation.email}?`}
                    question={`Revoke the invitation for ${invitation.email}? Its link stops working.`}
                    answer="Revoke invitation"
                    confirming={confirming === invitation.id}
                    onAsk={() => setConfirming(invitation.id)}
                    onConfirm={() => revokeInvitation(invitation)}
                    onCancel={() => setConfirming(null)}
                  />
                </>
              )}
            </AdminTable>
          </div>
        ))}
      <NoticeLine notice={notice} />
    </section>
  );
}
