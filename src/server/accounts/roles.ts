// The role table (Ghost's four roles) for post writes, as the server's refusals: what each role may do with which post
// is the contract's postAccess and allowedStatuses (contract/roles.ts), the table the admin pages read too; this file
// only says why a write is refused.
import type { Actor } from './actor';
import { allowedStatuses, postAccess } from '../../contract/roles';
import type { SavableStatus } from '../../contract/roles';
import type { PostFacts } from '../repositories/postsRepository';

const CONTRIBUTOR_DRAFTS = 'Contributors may only save drafts and submit them for review: an editor publishes them';
const NOT_YOURS = 'You may only change your own posts';
const PUBLIC_NOW = 'This post is no longer a draft: only an editor may change it';

const accessOf = (actor: Actor, post: PostFacts) => postAccess({ id: actor.accountId, role: actor.role }, post);

/** Why the actor may not create a post with this status, or undefined when it may. */
export function refuseCreate(actor: Actor, status: SavableStatus): string | undefined {
  if (allowedStatuses({ role: actor.role, own: true, from: 'new' }).includes(status)) return undefined;
  return CONTRIBUTOR_DRAFTS;
}

/** Why the actor may not replace the post with one of `nextStatus`, or undefined when it may. */
export function refuseEdit(actor: Actor, post: PostFacts, nextStatus: SavableStatus): string | undefined {
  const access = accessOf(actor, post);
  if (!access.edit) return access.own ? PUBLIC_NOW : NOT_YOURS;
  return access.statuses.includes(nextStatus) ? undefined : CONTRIBUTOR_DRAFTS;
}

/** Why the actor may not delete the post (a contributor: only their own drafts and posts in review). */
export function refuseDelete(actor: Actor, post: PostFacts): string | undefined {
  const access = accessOf(actor, post);
  if (access.delete) return undefined;
  return access.own ? PUBLIC_NOW : NOT_YOURS;
}
