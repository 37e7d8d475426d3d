// All SQL about password reset links: a single-use code kept as its sha256, which sets a new password and ends every
// session of its account. Made by `npm run staff -- reset-password`, and by anything else that proves who asks.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isoTime } from '../db/database';
import type { Database, Db } from '../db/database';
import type { StaffUser } from '../../contract/types';

/** A reset link is valid this long. */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;

const hashOf = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

/** A new reset code for the account (256 random bits, base64url); an older unused one of the account stops working. */
export async function createPasswordReset(db: Db, accountId: number, now: Date): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_resets').where('account_id', '=', accountId).execute();
    await trx
      .insertInto('password_resets')
      .values({
        code_hash: hashOf(code),
        account_id: accountId,
        expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
  });
  return code;
}

/**
 * Every unused reset link of the account stops working, on the caller's transaction or connection: a password change,
 * a reset and a sign-in each prove the account is in its owner's hands again, so a link mailed before is only a risk.
 */
export async function retirePasswordResets(executor: Kysely<Database>, accountId: number): Promise<void> {
  await executor
    .deleteFrom('password_resets')
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
}

export type ResetRefusal = 'unknown' | 'used' | 'expired';

/** The account a reset code is for while it can still be used, else why not. Changes nothing. */
export async function findPasswordReset(db: Db, code: string, now: Date): Promise<StaffUser | ResetRefusal> {
  const row = await db.kysely
    .selectFrom('password_resets')
    .innerJoin('accounts', 'accounts.id', 'password_resets.account_id')
    .select(['accounts.id', 'accounts.email', 'accounts.name', 'accounts.role', 'expires_at', 'used_at'])
    .where('code_hash', '=', hashOf(code))
    .executeTakeFirst();
  if (row === undefined) return 'unknown';
  if (row.used_at !== null) return 'used';
  if (Date.parse(isoTime(row.expires_at)) <= now.getTime()) return 'expired';
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

/**
 * Uses the code, in one transaction: marks it used (exactly one of two concurrent callers can), sets the new
 * password, ends every session of the account and retires its other links. The account, or why the code cannot be used.
 */
export async function consumePasswordReset(
  db: Db,
  code: string,
  passwordHash: string,
  now: Date,
): Promise<StaffUser | ResetRefusal> {
  return db.kysely.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now.toISOString() })
      .where('code_hash', '=', hashOf(code))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning('account_id')
      .executeTakeFirst();
    if (claimed === undefined) {
      const row = await trx
        .selectFrom('password_resets')
        .select('used_at')
        .where('code_hash', '=', hashOf(code))
        .executeTakeFirst();
      return row === undefined ? 'unknown' : row.used_at !== null ? 'used' : 'expired';
    }
    const account = await trx
      .updateTable('accounts')
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where('id', '=', claimed.account_id)
      .returning(['id', 'email', 'name', 'role'])
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('sessions').where('account_id', '=', account.id).execute();
    await retirePasswordResets(trx, account.id);
    return account;
  });
}
