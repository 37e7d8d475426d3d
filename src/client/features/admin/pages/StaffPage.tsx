// /admin/staff: the accounts and their roles, invitations sent and pending, and (for the owner) role changes, removals
// and API keys, each part in staff/.
// Owners and editors see it; the server checks every request again, so this page only hides what would be refused.
import { skipToken } from '@reduxjs/toolkit/query';
import { invitableRoles, mayManageAll } from '../../../../contract/roles';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../app/authSlice';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useEndpointQuery } from '../../../api/queryHooks';
import { staffApi } from '../api/staffApi';
import { failureText } from '../form/Field';
import pageStyles from './page.module.scss';
import { ReadStatus } from '../components/pageParts';
import { AccountsTable } from '../staff/AccountsTable';
import { ApiKeys } from '../staff/ApiKeys';
import { InviteForm } from '../staff/InviteForm';
import { PendingInvitations } from '../staff/PendingInvitations';
import { PolicyControl } from '../security/PolicyControl';

export const STAFF_FORBIDDEN_TEXT = 'Only owners and editors manage staff.';

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
          {user && <PendingInvitations user={user} />}
          {isOwner && <PolicyControl />}
          {isOwner && <ApiKeys />}
        </>
      )}
    </div>
  );
}
