// The staff roles (Ghost's four, weakest first) and the rules about them that the server enforces and the admin
// pages show: one list, one copy of each rule, read by both sides.

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
