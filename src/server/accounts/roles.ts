// The role table (Ghost's four roles) for post writes: what each role may do with which post.
import type { Actor } from './actor';
import { mayManageAll } from '../../contract/roles';
import type { PostFacts } from '../repositories/postsRepository';

const own = (actor: Actor, post: PostFacts) => actor.accountId !== null && post.createdBy === actor.accountId;
const everything = (actor: Actor) => mayManageAll(actor.role);

const CONTRIBUTOR_DRAFTS = 'Contributors may only save drafts: an editor publishes them';
const NOT_YOURS = 'You may only change your own posts';
const PUBLIC_NOW = 'This post is no longer a draft: only an editor may change it';

/** Why the actor may not create a post with this status, or undefined when it may. */
export function refuseCreate(actor: Actor, status: 'published' | 'draft'): string | undefined {
  if (actor.role === 'contributor' && status !== 'draft') return CONTRIBUTOR_DRAFTS;
  return undefined;
}

/** Why the actor may not replace the post with one of `nextStatus`, or undefined when it may. */
export function refuseEdit(actor: Actor, post: PostFacts, nextStatus: 'published' | 'draft'): string | undefined {
  if (everything(actor)) return undefined;
  if (!own(actor, post)) return NOT_YOURS;
  if (actor.role === 'contributor') {
    if (post.status !== 'draft') return PUBLIC_NOW;
    if (nextStatus !== 'draft') return CONTRIBUTOR_DRAFTS;
  }
  return undefined;
}

/** Why the actor may not delete the post (a contributor: only their own drafts, as in Ghost). */
export function refuseDelete(actor: Actor, post: PostFacts): string | undefined {
  if (everything(actor)) return undefined;
  if (!own(actor, post)) return NOT_YOURS;
  if (actor.role === 'contributor' && post.status !== 'draft') return PUBLIC_NOW;
  return undefined;
}
