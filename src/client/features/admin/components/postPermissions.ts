// What the signed-in person may do with a post in the admin list: the contract's postAccess, the table the server
// enforces. The list offers only these, so nobody is shown an Edit the server would refuse at Submit.
import { postAccess } from '../../../../contract/roles';
import type { AdminBlogSummary, StaffUser } from '../../../../contract/types';

export type RowPermissions = { edit: boolean; delete: boolean };

export function rowPermissions(
  user: Pick<StaffUser, 'id' | 'role'> | null,
  post: Pick<AdminBlogSummary, 'status' | 'createdBy'>,
): RowPermissions {
  // A typed token (no session): the list shows everything and the server decides.
  if (user === null) return { edit: true, delete: true };
  const access = postAccess(user, { status: post.status, createdBy: post.createdBy?.id ?? null });
  return { edit: access.edit, delete: access.delete };
}
