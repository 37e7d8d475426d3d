import { ROLE_LABELS } from '../../../../contract/roles';
import type { StaffRole } from '../../../../contract/roles';

/** The <option>s of a role select, weakest last as the list gives them. */
export function roleOptions(roles: StaffRole[]) {
  return roles.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}
