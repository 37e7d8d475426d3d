// What the signed-in person may do with a post in the admin list, by the server's role table: editors and owners
// change and delete every post; others only their own, and a contributor only while it is a draft or in review. The
// list offers only these, so nobody is shown an Edit the server would refuse at Submit.
import { mayManageAll } from '../../../../contract/roles';
import type { StaffUser } from '../../../../contract/types';
import type { AdminSummary } from '../api/adminApi';

export type RowPermissions = { edit: boolean; delete: boolean };

export function rowPermissions(
  user: Pick<StaffUser, 'id' | 'role'> | null,
  post: Pick<AdminSummary, 'status' | 'createdBy'>,
): RowPermissions {
  // A typed token (no session) or an editor: the list shows everything and the server decides.
  if (user === null || mayManageAll(user.role)) return { edit: true, delete: true };
  const creator = post.createdBy;
  const own = typeof creator === 'object' && creator !== null && creator.id === user.id;
  if (!own) return { edit: false, delete: false };
  if (user.role === 'contributor') {
    const open = post.status === 'draft' || post.status === 'review';
    return { edit: open, delete: open };
  }
  return { edit: true, delete: true };
}
