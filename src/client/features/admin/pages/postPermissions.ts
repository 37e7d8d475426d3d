// What the signed-in person may do with a post in the admin list: the contract's postAccess, the table the server
// enforces. The list offers only these, so nobody is shown an Edit the server would refuse at Submit.
import { postAccess } from '../../../../contract/roles';
import type { StaffUser } from '../../../../contract/types';
import type { AdminSummary } from '../api/adminApi';

export type RowPermissions = { edit: boolean; delete: boolean };

export function rowPermissions(
  user: Pick<StaffUser, 'id' | 'role'> | null,
  post: Pick<AdminSummary, 'status' | 'createdBy'>,
): RowPermissions {
  // A typed token (no session): the list shows everything and the server decides.
  if (user === null) return { edit: true, delete: true };
  const creator = post.createdBy;
  const createdBy = typeof creator === 'object' && creator !== null ? (creator.id ?? null) : null;
  const access = postAccess(user, { status: post.status ?? 'published', createdBy });
  return { edit: access.edit, delete: access.delete };
}
