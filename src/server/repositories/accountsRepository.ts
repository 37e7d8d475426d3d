// All SQL about staff accounts, their sessions, API keys and invitations.
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { invitableRoles } from '../../contract/roles';
import type { PendingInvitation, PostStaff, StaffRef } from '../../contract/types';
import { isoTime } from '../db/database';
import type { Database, Db, RoleName } from '../db/database';
import { retirePasswordResets } from './passwordResetsRepository';

export type Account = { id: number; email: string; name: string; role: RoleName };
export type AccountWithHash = Account & { passwordHash: string };

/** Emails are compared case-insensitively: stored and looked up lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const accountColumns = ['id', 'email', 'name', 'role'] as const;

/** A unique constraint refused the row (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountWithHash | undefined> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select([...accountColumns, 'password_hash'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, name: row.name, role: row.role, passwordHash: row.password_hash };
}

export async function findAccountWithHash(db: Db, id: number): Promise<AccountWithHash | undefined> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select([...accountColumns, 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, name: row.name, role: row.role, passwordHash: row.password_hash };
}

export async function countAccounts(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listAccounts(db: Db): Promise<Account[]> {
  return db.kysely.selectFrom('accounts').select(accountColumns).orderBy('id').execute();
}

/** askName: the person gave no name (it is made from the email), so their next sign-in asks for one. */
export type NewAccount = { email: string; name: string; role: RoleName; passwordHash: string; askName?: boolean };

export async function insertAccount(
  executor: Kysely<Database>,
  { email, name, role, passwordHash, askName = false }: NewAccount,
  now: Date,
): Promise<Account> {
  return executor
    .insertInto('accounts')
    .values({
      email: normalizeEmail(email),
      name,
      role,
      password_hash: passwordHash,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      ask_name: askName ? 1 : 0,
    })
    .returning(accountColumns)
    .executeTakeFirstOrThrow();
}

/** Whether the account is to be asked for its name (it never gave one); undefined when there is no such account. */
export async function asksName(db: Db, id: number): Promise<boolean | undefined> {
  const row = await db.kysely.selectFrom('accounts').select('ask_name').where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : Number(row.ask_name) === 1;
}

/** The answer to the name question: the name given (or none: not now), and the question is not asked again. */
export async function answerNameAsk(
  db: Db,
  id: number,
  name: string | undefined,
  now: Date,
): Promise<Account | undefined> {
  return db.kysely
    .updateTable('accounts')
    .set({ ask_name: 0, ...(name === undefined ? {} : { name, updated_at: now.toISOString() }) })
    .where('id', '=', id)
    .returning(accountColumns)
    .executeTakeFirst();
}

/**
 * A transaction that may add, remove or demote an owner. PostgreSQL runs them one at a time (a transaction-scoped
 * advisory lock), so "is there another owner?" read inside one still holds when it commits; SQLite runs every
 * transaction of the process one at a time already.
 */
export async function ownerTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('touchline owners'))`.execute(trx);
    return work(trx);
  });
}

export async function countOwners(executor: Kysely<Database>): Promise<number> {
  const row = await executor
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The target is the only owner left: removing or demoting it would leave the site without one. */
async function isLastOwner(trx: Transaction<Database>, target: { role: RoleName }): Promise<boolean> {
  return target.role === 'owner' && (await countOwners(trx)) <= 1;
}

/** Pending invitations an account sent that it may no longer send (all of them when it is gone) die now. */
async function revokeInvitationsOf(trx: Transaction<Database>, accountId: number, keep: RoleName[], now: Date) {
  let query = trx
    .updateTable('invitations')
    .set({ revoked_at: now.toISOString() })
    .where('invited_by', '=', accountId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null);
  if (keep.length > 0) query = query.where('role', 'not in', keep);
  await query.execute();
}

/**
 * A new role, unless the account is the last owner. The account's pending invitations of roles the new role may not
 * invite are revoked with it.
 */
export async function setRole(
  db: Db,
  id: number,
  role: RoleName,
  now: Date,
): Promise<Account | 'not found' | 'last owner'> {
  return ownerTransaction(db, async (trx) => {
    const target = await trx.selectFrom('accounts').select('role').where('id', '=', id).executeTakeFirst();
    if (target === undefined) return 'not found';
    if (role !== 'owner' && (await isLastOwner(trx, target))) return 'last owner';
    const updated = await trx
      .updateTable('accounts')
      .set({ role, updated_at: now.toISOString() })
      .where('id', '=', id)
      .returning(accountColumns)
      .executeTakeFirstOrThrow();
    await revokeInvitationsOf(trx, id, invitableRoles(role), now);
    return updated;
  });
}

/**
 * Removes the account unless it is the last owner; its sessions go with it (cascade), its pending invitations are
 * revoked, and its posts stay, naming no account.
 */
export async function deleteAccount(db: Db, id: number, now: Date): Promise<'deleted' | 'not found' | 'last owner'> {
  return ownerTransaction(db, async (trx) => {
    const target = await trx.selectFrom('accounts').select('role').where('id', '=', id).executeTakeFirst();
    if (target === undefined) return 'not found';
    if (await isLastOwner(trx, target)) return 'last owner';
    await revokeInvitationsOf(trx, id, [], now);
    await trx.deleteFrom('accounts').where('id', '=', id).execute();
    return 'deleted';
  });
}

/** A new password: every session of the account except `keepSession` ends, and every unused reset link. */
export async function setPassword(db: Db, id: number, passwordHash: string, keepSession: string, now: Date) {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable('accounts')
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('sessions').where('account_id', '=', id).where('id_hash', '!=', keepSession).execute();
    await retirePasswordResets(trx, id);
  });
}

// Sessions

export async function insertSession(executor: Kysely<Database>, idHash: string, accountId: number, now: Date) {
  await executor
    .insertInto('sessions')
    .values({ id_hash: idHash, account_id: accountId, created_at: now.toISOString(), last_used_at: now.toISOString() })
    .execute();
}

export type SessionRow = { account: Account; createdAt: number; lastUsedAt: number };

/** The session and its account, read fresh on every request so a role change or removal counts at once. */
export async function findSession(db: Db, idHash: string): Promise<SessionRow | undefined> {
  const row = await db.kysely
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'accounts.id',
      'accounts.email',
      'accounts.name',
      'accounts.role',
      'sessions.created_at',
      'sessions.last_used_at',
    ])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const { created_at: created, last_used_at: lastUsed, ...account } = row;
  return { account, createdAt: Date.parse(isoTime(created)), lastUsedAt: Date.parse(isoTime(lastUsed)) };
}

export async function touchSession(db: Db, idHash: string, now: Date): Promise<void> {
  await db.kysely
    .updateTable('sessions')
    .set({ last_used_at: now.toISOString() })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/**
 * Sessions unused since `unusedSince`, or made before `madeBefore`, can never be used again: removed when sign-in
 * makes a new one.
 */
export async function deleteExpiredSessions(
  executor: Kysely<Database>,
  unusedSince: Date,
  madeBefore: Date,
): Promise<void> {
  await executor
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('last_used_at', '<', unusedSince.toISOString()), eb('created_at', '<', madeBefore.toISOString())]),
    )
    .execute();
}

// API keys

export type ApiKey = { id: number; name: string; createdAt: string };

export async function insertKey(db: Db, name: string, keyHash: string, now: Date): Promise<ApiKey> {
  const row = await db.kysely
    .insertInto('api_keys')
    .values({ name, key_hash: keyHash, created_at: now.toISOString() })
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, createdAt: isoTime(row.created_at) };
}

export async function listKeys(db: Db): Promise<ApiKey[]> {
  const rows = await db.kysely.selectFrom('api_keys').select(['id', 'name', 'created_at']).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: isoTime(row.created_at) }));
}

export async function findKeyByHash(db: Db, keyHash: string): Promise<{ id: number; name: string } | undefined> {
  return db.kysely.selectFrom('api_keys').select(['id', 'name']).where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function deleteKey(db: Db, id: number): Promise<boolean> {
  const { numDeletedRows } = await db.kysely.deleteFrom('api_keys').where('id', '=', id).executeTakeFirst();
  return numDeletedRows > 0n;
}

// Invitations (and the first owner's setup link: an invitation with no email and the owner role)

export type NewInvitation = {
  tokenHash: string;
  email: string | null;
  role: RoleName;
  expiresAt: Date;
  /** the sending account; null for a setup link */
  invitedBy: number | null;
};

export async function insertInvitation(
  db: Db,
  { tokenHash, email, role, expiresAt, invitedBy }: NewInvitation,
  now: Date,
): Promise<number> {
  const row = await db.kysely
    .insertInto('invitations')
    .values({
      token_hash: tokenHash,
      email: email === null ? null : normalizeEmail(email),
      role,
      expires_at: expiresAt.toISOString(),
      created_at: now.toISOString(),
      invited_by: invitedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type Invitation = {
  id: number;
  email: string | null;
  role: RoleName;
  expiresAt: number;
  used: boolean;
  revoked: boolean;
};

export async function findInvitation(executor: Kysely<Database>, tokenHash: string): Promise<Invitation | undefined> {
  const row = await executor
    .selectFrom('invitations')
    .select(['id', 'email', 'role', 'expires_at', 'used_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      email: row.email,
      role: row.role,
      expiresAt: Date.parse(isoTime(row.expires_at)),
      used: row.used_at !== null,
      revoked: row.revoked_at !== null,
    }
  );
}

/** Marks the invitation used unless it already was, or was revoked: true for exactly one of two concurrent callers. */
export async function claimInvitation(trx: Transaction<Database>, id: number, now: Date): Promise<boolean> {
  const { numUpdatedRows } = await trx
    .updateTable('invitations')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** A setup link made after this one exists: only the newest link a start printed is valid. */
export async function newerSetupExists(executor: Kysely<Database>, id: number): Promise<boolean> {
  const row = await executor
    .selectFrom('invitations')
    .select('id')
    .where('email', 'is', null)
    .where('id', '>', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Invitations that can still be accepted (not used, revoked or expired), oldest first, with their senders' names. */
export async function listPendingInvitations(db: Db, now: Date): Promise<PendingInvitation[]> {
  const rows = await db.kysely
    .selectFrom('invitations')
    .leftJoin('accounts', 'accounts.id', 'invitations.invited_by')
    .select([
      'invitations.id',
      'invitations.email',
      'invitations.role',
      'invitations.invited_by',
      'accounts.name as inviter_name',
      'invitations.created_at',
      'invitations.expires_at',
    ])
    .where('invitations.email', 'is not', null)
    .where('invitations.used_at', 'is', null)
    .where('invitations.revoked_at', 'is', null)
    .where('invitations.expires_at', '>', now.toISOString())
    .orderBy('invitations.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email ?? '',
    role: row.role,
    invitedBy:
      row.invited_by === null || row.inviter_name === null ? null : { id: row.invited_by, name: row.inviter_name },
    createdAt: isoTime(row.created_at),
    expiresAt: isoTime(row.expires_at),
  }));
}

/** A pending invitation (not a setup link) by id: who sent it; undefined when there is none such. */
export async function findPendingInvitation(
  db: Db,
  id: number,
  now: Date,
): Promise<{ id: number; invitedBy: number | null } | undefined> {
  const row = await db.kysely
    .selectFrom('invitations')
    .select(['id', 'invited_by'])
    .where('id', '=', id)
    .where('email', 'is not', null)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row && { id: row.id, invitedBy: row.invited_by };
}

/** Revokes a pending invitation: true when this call revoked it (false when it was used or revoked meanwhile). */
export async function revokeInvitation(db: Db, id: number, now: Date): Promise<boolean> {
  const { numUpdatedRows } = await db.kysely
    .updateTable('invitations')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Who created and last changed each post, by post id (one query for a page of posts). */
export async function postStaff(
  db: Db,
  postIds: number[],
): Promise<Map<number, PostStaff & { createdById: number | null }>> {
  if (postIds.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('posts')
    .leftJoin('accounts as creator', 'creator.id', 'posts.created_by')
    .leftJoin('accounts as updater', 'updater.id', 'posts.updated_by')
    .select([
      'posts.id',
      'posts.created_by',
      'creator.name as creator_name',
      'posts.updated_by',
      'updater.name as updater_name',
    ])
    .where('posts.id', 'in', postIds)
    .execute();
  const ref = (id: number | null, name: string | null): StaffRef =>
    id === null || name === null ? null : { id, name };
  return new Map(
    rows.map((row) => [
      row.id,
      {
        createdById: row.created_by,
        createdBy: ref(row.created_by, row.creator_name),
        updatedBy: ref(row.updated_by, row.updater_name),
      },
    ]),
  );
}
