// The staff roles (Ghost's four, weakest first) and the rules about them that the server enforces and the admin
// pages show: one list, one copy of each rule, read by both sides.
import type { PostStatus } from './postStatus';

export const STAFF_ROLES = ['contributor', 'author', 'editor', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Roles an invitation or a role change may give: never owner (there is one, made at set-up). */
export const GRANTABLE_ROLES = ['contributor', 'author', 'editor'] as const satisfies readonly StaffRole[];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
};

/** Position in STAFF_ROLES: a higher rank may do all a lower one may. */
export function roleRank(role: StaffRole): number {
  return STAFF_ROLES.indexOf(role);
}

/** Editors and owners may change and delete every post, and see the staff page. */
export function mayManageAll(role: StaffRole | undefined): boolean {
  return role === 'editor' || role === 'owner';
}

/** Who may remove a post for good: owners and editors (Ghost's roles that may delete others' posts). */
export function mayDeleteForever(role: StaffRole | undefined): boolean {
  return mayManageAll(role);
}

/** The roles each role may hand out in an invitation: owners any but owner, editors authors and contributors. */
export function invitableRoles(role: StaffRole | undefined): StaffRole[] {
  if (role === 'owner') return ['editor', 'author', 'contributor'];
  if (role === 'editor') return ['author', 'contributor'];
  return [];
}

/** Who may revoke a pending invitation: its sender, or an owner. */
export function mayRevokeInvitation(
  user: { id: number | null; role: StaffRole },
  invitation: { invitedBy: number | null },
): boolean {
  return user.role === 'owner' || invitation.invitedBy === user.id;
}

/** The statuses a save may set ('published' covers scheduling too, a future publishAt). */
export type SavableStatus = 'draft' | 'review' | 'published';

/** Who saves and where the post is: 'new' for a post not yet stored. */
type Move = { role: StaffRole; own: boolean; from: PostStatus | 'new' };

/**
 * Which statuses a save (POST/PUT /api/blogs) may set, given who saves and where the post is. The server refuses
 * anything else with a 403; the editor offers only these.
 * - contributors: only their own posts, draft ⇄ review;
 * - authors: their own posts, any status (they publish their own), review included;
 * - editors and owners: any post, any status.
 */
export function allowedStatuses({ role, own, from }: Move): SavableStatus[] {
  if (mayManageAll(role)) return ['draft', 'review', 'published'];
  if (!own && from !== 'new') return [];
  if (role === 'author') return ['draft', 'review', 'published'];
  // contributor: may not touch a post once it is published or scheduled
  if (from === 'published' || from === 'scheduled') return [];
  return ['draft', 'review'];
}

/** What one person may do with one stored post: the server refuses the rest, the admin pages offer only this. */
export type PostAccess = {
  /** the person created the post */
  own: boolean;
  edit: boolean;
  delete: boolean;
  /** the statuses a save of it may set (empty when it may not be edited) */
  statuses: SavableStatus[];
};

/**
 * Editors and owners change and delete every post; others only their own, and a contributor only while it is a draft
 * or in review. `createdBy` is the creating account's id (null for a key's write or a removed account).
 */
export function postAccess(
  user: { id: number | null; role: StaffRole },
  post: { status: PostStatus; createdBy: number | null },
): PostAccess {
  const own = user.id !== null && post.createdBy === user.id;
  const statuses = allowedStatuses({ role: user.role, own, from: post.status });
  const open = statuses.length > 0;
  return { own, edit: open, delete: open, statuses };
}
