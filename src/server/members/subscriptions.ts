// What a reader's subscribe and sign-in requests do once answered (the answer never waits for them, so it tells
// nobody who subscribes), and what a mailed link's button does: confirm, or sign in. A link is only ever taken by a
// POST: the GET of its page changes nothing, so a mail scanner that follows every link confirms and signs in nobody.
import type { Member, SubscribeBody } from '../../contract/members';
import { newSecret, sha256Hex } from '../accounts/sessions';
import type { Db, MemberTokenPurpose } from '../db/database';
import { queueMail } from '../mail/mailRepository';
import type { Mailer } from '../mail/mailer';
import { memberConfirmMessage, memberSignInMessage } from '../mail/messages';
import {
  deleteSpentMemberTokens,
  findMember,
  findMemberByEmail,
  insertMemberToken,
  insertPendingMember,
  normalizeMemberEmail,
  setMemberStatus,
  takeMemberToken,
  updateMember,
} from '../repositories/membersRepository';
import type { MemberRecord, TokenRefusal } from '../repositories/membersRepository';
import type { MemberLimiter } from './memberLimits';
import type { MemberSessions } from './memberSessions';

const HOUR_MS = 60 * 60_000;
/** How long each mailed link works. */
export const LINK_LIFETIMES_MS = { confirm: 7 * 24 * HOUR_MS, signin: HOUR_MS } as const;

export type MemberDeps = {
  db: Db;
  mailer: Mailer;
  limiter: MemberLimiter;
  sessions: MemberSessions;
  now: () => number;
};

/** Mails the member a new link of `purpose`, unless the address had its share of mail (memberLimits.ts). */
async function mailLink(deps: MemberDeps, member: Pick<Member, 'id' | 'email'>, purpose: 'confirm' | 'signin') {
  if (!(await deps.limiter.mayMail(member.email))) return;
  const at = new Date(deps.now());
  const token = newSecret();
  const message =
    purpose === 'confirm'
      ? memberConfirmMessage(member.email, token, deps.mailer.publicUrl)
      : memberSignInMessage(member.email, token, deps.mailer.publicUrl);
  await deps.db.kysely.transaction().execute(async (trx) => {
    const expiresAt = new Date(at.getTime() + LINK_LIFETIMES_MS[purpose]);
    // Housekeeping on the way: the member's spent links go, so the table holds only links that could still work.
    await deleteSpentMemberTokens(trx, member.id, at);
    await insertMemberToken(trx, { hash: sha256Hex(token), memberId: member.id, purpose, expiresAt }, at);
    await queueMail(trx, [message], at);
  });
  deps.mailer.wake();
}

/**
 * A subscribe request: a new address becomes a pending member; a pending, unsubscribed or bounced one takes what
 * this request follows and is asked to confirm again; an active one is left as it is (whoever typed the address may
 * not be its owner) and is mailed a sign-in link to change what it follows.
 */
export async function subscribe(deps: MemberDeps, body: SubscribeBody): Promise<void> {
  const email = normalizeMemberEmail(body.email);
  const tags = body.tags ?? [];
  const following = { all: body.all ?? tags.length === 0, tags };
  const at = new Date(deps.now());
  const outcome = await deps.db.kysely.transaction().execute(async (trx) => {
    const known = await findMemberByEmail(trx, email);
    if (known === undefined) {
      const id = await insertPendingMember(trx, { email, name: body.name ?? '', ...following }, at);
      return id === undefined ? undefined : { id, purpose: 'confirm' as const };
    }
    if (known.status === 'active') return { id: known.id, purpose: 'signin' as const };
    await updateMember(trx, known.id, { ...following, ...(body.name ? { name: body.name } : {}) });
    return { id: known.id, purpose: 'confirm' as const };
  });
  if (outcome !== undefined) await mailLink(deps, { id: outcome.id, email }, outcome.purpose);
}

/** A sign-in request: an active member is mailed a link; anyone else, nothing. */
export async function requestSignIn(deps: MemberDeps, email: string): Promise<void> {
  const member = await findMemberByEmail(deps.db.kysely, email);
  if (member?.status === 'active') await mailLink(deps, member, 'signin');
}

/**
 * Takes a link's token (`confirm` makes its member active) and signs its member in: the new session's cookie id, or
 * why the link cannot be used. One transaction, so a link is taken only with the session it makes.
 */
export async function redeemLink(
  deps: MemberDeps,
  token: string,
  purpose: Extract<MemberTokenPurpose, 'confirm' | 'signin'>,
): Promise<{ sessionId: string; member: MemberRecord } | { refused: TokenRefusal }> {
  const at = new Date(deps.now());
  return deps.db.kysely.transaction().execute(async (trx) => {
    const taken = await takeMemberToken(trx, sha256Hex(token), purpose, at);
    if ('refused' in taken) return taken;
    if (purpose === 'confirm') await setMemberStatus(trx, taken.memberId, 'active', at);
    const member = await findMember(trx, taken.memberId);
    if (member === undefined) return { refused: 'unknown' as const };
    const sessionId = await deps.sessions.create(trx, member.id);
    return { sessionId, member };
  });
}
