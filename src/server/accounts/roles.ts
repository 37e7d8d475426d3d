// The role table (Ghost's four roles) for post writes: what each role may do with which post. The statuses a save may
// set come from the contract's allowedStatuses (contract/desk.ts), the table the admin pages read too.
import type { Actor } from './actor';
import { mayManageAll } from '../../contract/roles';
import { allowedStatuses } from '../../contract/desk';
import type { PostFacts } from '../repositories/postsRepository';

const own = (actor: Actor, post: PostFacts) => actor.accountId !== null && post.createdBy === actor.accountId;
const everything = (actor: Actor) => mayManageAll(actor.role);

const CONTRIBUTOR_DRAFTS = 'Contributors may only save drafts and submit them for review: an editor publishes them';
const NOT_YOURS = 'You may only change your own posts';
const PUBLIC_NOW = 'This post is no longer a draft: only an editor may change it';

type Requested = 'published' | 'draft' | 'review';

/** Why the actor may not create a post with this status, or undefined when it may. */
export function refuseCreate(actor: Actor, status: Requested): string | undefined {
  if (allowedStatuses({ role: actor.role, own: true, from: 'new' }).includes(status)) return undefined;
  return CONTRIBUTOR_DRAFTS;
}

/** Why the actor may not replace the post with one of `nextStatus`, or undefined when it may. */
export function refuseEdit(actor: Actor, post: PostFacts, nextStatus: Requested): string | undefined {
  if (everything(actor)) return undefined;
  if (!own(actor, post)) return NOT_YOURS;
  const allowed = allowedStatuses({ role: actor.role, own: true, from: post.status });
  if (allowed.length === 0) return PUBLIC_NOW;
  return allowed.includes(nextStatus) ? undefined : CONTRIBUTOR_DRAFTS;
}

/** Why the actor may not delete the post (a contributor: only their own drafts and posts in review). */
export function refuseDelete(actor: Actor, post: PostFacts): string | undefined {
  if (everything(actor)) return undefined;
  if (!own(actor, post)) return NOT_YOURS;
  if (actor.role === 'contributor' && post.status !== 'draft' && post.status !== 'review') return PUBLIC_NOW;
  return undefined;
}
