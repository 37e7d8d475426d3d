// The first owner: from ADMIN_EMAIL and ADMIN_PASSWORD at start, or through a one-time setup link printed at start.
import { nameFromEmail } from '../../contract/accountSchemas';
import type { Db } from '../db/database';
import {
  countOwners,
  findAccountByEmail,
  insertAccount,
  insertInvitation,
  isUniqueViolation,
  normalizeEmail,
  ownerTransaction,
} from '../repositories/accountsRepository';
import type { PasswordHasher } from './passwords';
import { newSecret, sha256Hex } from './sessions';

/** How long a printed setup link stays valid (it is also used up by the first account it makes). */
export const SETUP_TTL_MS = 24 * 60 * 60_000;

/** What ADMIN_EMAIL did at start: made the owner, or nothing because an owner exists or the email has an account. */
export type OwnerOutcome = 'created' | 'owner exists' | 'email taken';

/**
 * Creates the owner account from ADMIN_EMAIL only while the site has no owner, and never changes an existing account
 * (its password, name or role). Two processes starting at once make one owner.
 */
export async function ensureOwner(
  db: Db,
  { email, password }: { email: string; password: string },
  hasher: PasswordHasher,
  now = new Date(),
): Promise<OwnerOutcome> {
  if ((await countOwners(db.kysely)) > 0) return 'owner exists';
  if ((await findAccountByEmail(db, email)) !== undefined) return 'email taken';
  const passwordHash = await hasher.hash(password);
  const name = nameFromEmail(normalizeEmail(email)) || 'Owner';
  try {
    return await ownerTransaction(db, async (trx) => {
      if ((await countOwners(trx)) > 0) return 'owner exists';
      await insertAccount(trx, { email, name, role: 'owner', passwordHash }, now);
      return 'created';
    });
  } catch (error) {
    // Another process made this account between the look-up and the insert: it is the owner now.
    if (isUniqueViolation(error)) return 'owner exists';
    throw error;
  }
}

/**
 * With no owner: a new one-time setup code (stored hashed) for `/auth?setup=<code>`, which replaces every earlier
 * one (only the newest code is accepted); else undefined.
 */
export async function setupCodeIfNoOwner(db: Db, now = new Date()): Promise<string | undefined> {
  if ((await countOwners(db.kysely)) > 0) return undefined;
  const code = newSecret();
  const expiresAt = new Date(now.getTime() + SETUP_TTL_MS);
  await insertInvitation(
    db,
    { tokenHash: sha256Hex(code), email: null, role: 'owner', expiresAt, invitedBy: null },
    now,
  );
  return code;
}
