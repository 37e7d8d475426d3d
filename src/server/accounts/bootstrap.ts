// The first owner: from ADMIN_EMAIL and ADMIN_PASSWORD at start, or through a one-time setup link printed at start.
import type { Db } from '../db/database';
import {
  countAccounts,
  findAccountByEmail,
  insertAccount,
  insertInvitation,
  isUniqueViolation,
  normalizeEmail,
} from '../repositories/accountsRepository';
import type { PasswordHasher } from './passwords';
import { newSecret, sha256Hex } from './sessions';

/** How long a printed setup link stays valid (it is also used up by the first account it makes). */
export const SETUP_TTL_MS = 24 * 60 * 60_000;

/**
 * Creates the owner account unless an account with that email exists: idempotent, and an existing account (its
 * password, name and role) is never changed. Two processes starting at once make one account.
 */
export async function ensureOwner(
  db: Db,
  { email, password }: { email: string; password: string },
  hasher: PasswordHasher,
  now = new Date(),
): Promise<'created' | 'exists'> {
  if ((await findAccountByEmail(db, email)) !== undefined) return 'exists';
  const passwordHash = await hasher.hash(password);
  const name = normalizeEmail(email).split('@')[0] ?? 'Owner';
  try {
    await insertAccount(db.kysely, { email, name, role: 'owner', passwordHash }, now);
    return 'created';
  } catch (error) {
    if (isUniqueViolation(error)) return 'exists';
    throw error;
  }
}

/** With no account at all: a new one-time setup code (stored hashed) for `/auth?setup=<code>`; else undefined. */
export async function setupCodeIfNoAccount(db: Db, now = new Date()): Promise<string | undefined> {
  if ((await countAccounts(db)) > 0) return undefined;
  const code = newSecret();
  const expiresAt = new Date(now.getTime() + SETUP_TTL_MS);
  await insertInvitation(db, { tokenHash: sha256Hex(code), email: null, role: 'owner', expiresAt }, now);
  return code;
}
