// Who a staff request acts as. Every write route reads it through actorOf() after the guard let the request in, so
// the rules that depend on the caller (roles, who saved a revision) have one place to ask.
import type { StaffRole } from '../../contract/roles';

export type Actor = {
  /** The signed-in account, or null for a key (API key or ADMIN_TOKEN) acting with owner rights. */
  accountId: number | null;
  /** How revisions and logs name the caller: the account's name, or the key's name. */
  name: string;
  role: StaffRole;
};

/** ADMIN_TOKEN: an owner key with no account behind it. */
export const ADMIN_TOKEN_ACTOR: Actor = Object.freeze({ accountId: null, name: 'Admin token', role: 'owner' });

// Keyed by the request object: nothing is added to requests that carry no credential (anonymous readers pay nothing).
const actors = new WeakMap<object, Actor>();

export function setActor(request: object, actor: Actor): void {
  actors.set(request, actor);
}

/** The caller the guard let in, or undefined when the request was not authorized (anonymous). */
export function actorOf(request: object): Actor | undefined {
  return actors.get(request);
}
