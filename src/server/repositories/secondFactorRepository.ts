// All SQL of staff second factors: passkeys and their challenges, the authenticator app's sealed secret, recovery
// codes, the code step of a sign-in, the sessions made with two factors, and the owners' policy.
import type { Kysely } from 'kysely';
import type { SecondFactorPolicy } from '../../contract/secondFactor';
import { isoTime } from '../db/database';
import type { Database, Db } from '../db/database';

const iso = (value: Date | string | null) => (value === null ? null : isoTime(value));

// ---- passkeys

export type StoredPasskey = {
  id: number;
  accountId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};

function passkeyOf(row: {
  id: number;
  account_id: number;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
  device_type: string;
  backed_up: number;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}): StoredPasskey {
  return {
    id: row.id,
    accountId: row.account_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: JSON.parse(row.transports) as string[],
    deviceType: row.device_type,
    backedUp: Number(row.backed_up) === 1,
    name: row.name,
    createdAt: isoTime(row.created_at),
    lastUsedAt: iso(row.last_used_at),
  };
}

export async function listPasskeys(executor: Kysely<Database>, accountId: number): Promise<StoredPasskey[]> {
  const rows = await executor
    .selectFrom('passkeys')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  return rows.map(passkeyOf);
}

export async function findPasskey(db: Db, credentialId: string): Promise<StoredPasskey | undefined> {
  const row = await db.kysely
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && passkeyOf(row);
}

export type NewPasskey = Omit<StoredPasskey, 'id' | 'createdAt' | 'lastUsedAt'>;

export async function insertPasskey(executor: Kysely<Database>, passkey: NewPasskey, now: Date): Promise<void> {
  await executor
    .insertInto('passkeys')
    .values({
      account_id: passkey.accountId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      device_type: passkey.deviceType,
      backed_up: passkey.backedUp ? 1 : 0,
      name: passkey.name,
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * Stores a use: the new counter and backup flag, only if the counter is still the one the check read, so two uses
 * of one counter value (a clone racing the original) cannot both pass. Whether it was stored.
 */
export async function recordPasskeyUse(
  db: Db,
  id: number,
  previousCounter: number,
  counter: number,
  backedUp: boolean,
  now: Date,
): Promise<boolean> {
  const result = await db.kysely
    .updateTable('passkeys')
    .set({ counter, backed_up: backedUp ? 1 : 0, last_used_at: now.toISOString() })
    .where('id', '=', id)
    .where('counter', '=', previousCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The passkey's name, when the account had it and it is now removed. */
export async function deletePasskey(
  executor: Kysely<Database>,
  accountId: number,
  id: number,
): Promise<string | undefined> {
  const row = await executor
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returning('name')
    .executeTakeFirst();
  return row?.name;
}

// ---- challenges

export type ChallengePurpose = 'register' | 'sign-in';

export async function insertChallenge(
  db: Db,
  challenge: { challenge: string; purpose: ChallengePurpose; accountId: number | null; expiresAt: number },
  now: number,
): Promise<void> {
  // Housekeeping on the way in: the table holds only challenges that could still be answered.
  await db.kysely.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  await db.kysely
    .insertInto('webauthn_challenges')
    .values({
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      account_id: challenge.accountId,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

/**
 * Takes the challenge: it is deleted whatever follows (single use) and returned when it was for this purpose and this
 * account (null: a sign-in, whose account is not known yet) and has not expired.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  accountId: number | null,
  now: number,
): Promise<boolean> {
  const row = await db.kysely
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .returning(['purpose', 'account_id', 'expires_at'])
    .executeTakeFirst();
  return row !== undefined && row.purpose === purpose && row.account_id === accountId && Number(row.expires_at) > now;
}

// ---- the authenticator app

export type StoredTotp = { sealedSecret: string; enabled: boolean; lastStep: number | null };

export async function findTotp(executor: Kysely<Database>, accountId: number): Promise<StoredTotp | undefined> {
  const row = await executor
    .selectFrom('totp_secrets')
    .select(['sealed_secret', 'enabled_at', 'last_step'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return (
    row && {
      sealedSecret: row.sealed_secret,
      enabled: row.enabled_at !== null,
      lastStep: row.last_step === null ? null : Number(row.last_step),
    }
  );
}

/** A new secret waiting for its first code; replaces one not yet enabled. False when the app is already on. */
export async function savePendingTotp(db: Db, accountId: number, sealedSecret: string, now: Date): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const existing = await findTotp(trx, accountId);
    if (existing?.enabled === true) return false;
    await trx.deleteFrom('totp_secrets').where('account_id', '=', accountId).execute();
    await trx
      .insertInto('totp_secrets')
      .values({ account_id: accountId, sealed_secret: sealedSecret, created_at: now.toISOString() })
      .execute();
    return true;
  });
}

/**
 * Takes a time step's code once: stores `step` as the last one accepted only when it is later than any before
 * (a single statement, so two processes cannot both accept one code). Whether it was taken.
 */
export async function takeStep(executor: Kysely<Database>, accountId: number, step: number): Promise<boolean> {
  const result = await executor
    .updateTable('totp_secrets')
    .set({ last_step: step })
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function enableTotp(executor: Kysely<Database>, accountId: number, now: Date): Promise<void> {
  await executor
    .updateTable('totp_secrets')
    .set({ enabled_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .execute();
}

export async function deleteTotp(executor: Kysely<Database>, accountId: number): Promise<boolean> {
  const result = await executor.deleteFrom('totp_secrets').where('account_id', '=', accountId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- recovery codes

export async function replaceRecoveryCodes(
  executor: Kysely<Database>,
  accountId: number,
  hashes: string[],
): Promise<void> {
  await executor.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
  await executor
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ account_id: accountId, code_hash })))
    .execute();
}

/** Uses the code once: whether an unused code with this hash was the account's. */
export async function useRecoveryCode(
  executor: Kysely<Database>,
  accountId: number,
  hash: string,
  now: Date,
): Promise<boolean> {
  const result = await executor
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodes(executor: Kysely<Database>, accountId: number): Promise<number> {
  const row = await executor
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- the code step of a sign-in

export async function insertCodeStep(
  db: Db,
  step: { ticketHash: string; accountId: number; expiresAt: number },
  now: number,
): Promise<void> {
  await db.kysely.deleteFrom('code_steps').where('expires_at', '<=', now).execute();
  await db.kysely
    .insertInto('code_steps')
    .values({ ticket_hash: step.ticketHash, account_id: step.accountId, wrong_codes: 0, expires_at: step.expiresAt })
    .execute();
}

export async function findCodeStep(
  db: Db,
  ticketHash: string,
  now: number,
): Promise<{ accountId: number; wrongCodes: number } | undefined> {
  const row = await db.kysely
    .selectFrom('code_steps')
    .select(['account_id', 'wrong_codes'])
    .where('ticket_hash', '=', ticketHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && { accountId: row.account_id, wrongCodes: row.wrong_codes };
}

/** Counts a wrong code on the step, in one statement: the count after it. */
export async function addWrongCode(db: Db, ticketHash: string): Promise<number> {
  const row = await db.kysely
    .updateTable('code_steps')
    .set((eb) => ({ wrong_codes: eb('wrong_codes', '+', 1) }))
    .where('ticket_hash', '=', ticketHash)
    .returning('wrong_codes')
    .executeTakeFirst();
  return row?.wrong_codes ?? Number.POSITIVE_INFINITY;
}

export async function deleteCodeStep(executor: Kysely<Database>, ticketHash: string): Promise<void> {
  await executor.deleteFrom('code_steps').where('ticket_hash', '=', ticketHash).execute();
}

// ---- sessions made with two factors

export async function markStrongSession(executor: Kysely<Database>, idHash: string, accountId: number): Promise<void> {
  await executor
    .insertInto('strong_sessions')
    .values({ id_hash: idHash, account_id: accountId })
    .onConflict((c) => c.column('id_hash').doNothing())
    .execute();
}

export async function isStrongSession(db: Db, idHash: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('strong_sessions')
    .select('id_hash')
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- what an account has

export type FactorState = { passkeys: number; totp: boolean; recoveryCodes: number };

export async function factorState(executor: Kysely<Database>, accountId: number): Promise<FactorState> {
  const [passkeys, totp, recoveryCodes] = await Promise.all([
    executor
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
    findTotp(executor, accountId),
    countRecoveryCodes(executor, accountId),
  ]);
  return { passkeys: Number(passkeys.count), totp: totp?.enabled === true, recoveryCodes };
}

/** Removes every passkey, the authenticator app, the recovery codes and every session of the account. */
export async function deleteAllFactors(executor: Kysely<Database>, accountId: number): Promise<void> {
  for (const table of ['passkeys', 'totp_secrets', 'recovery_codes', 'code_steps', 'sessions'] as const)
    await executor.deleteFrom(table).where('account_id', '=', accountId).execute();
}

// ---- the policy

const POLICY_KEY = 'second_factor';

export async function readPolicy(db: Db): Promise<SecondFactorPolicy> {
  const row = await db.kysely
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', POLICY_KEY)
    .executeTakeFirst();
  const value = row?.value;
  return value === 'editors' || value === 'all' ? value : 'none';
}

export async function writePolicy(db: Db, policy: SecondFactorPolicy): Promise<void> {
  await db.kysely
    .insertInto('site_settings')
    .values({ key: POLICY_KEY, value: policy })
    .onConflict((c) => c.column('key').doUpdateSet({ value: policy }))
    .execute();
}
