// Staff accounts for server tests: made straight in the database (cheap argon2id), signed in through the real API.
import type { FastifyInstance } from 'fastify';
import { PasswordHasher } from '../../../src/server/accounts/passwords';
import type { Db, RoleName } from '../../../src/server/db/database';
import { insertAccount } from '../../../src/server/repositories/accountsRepository';
import type { Account } from '../../../src/server/repositories/accountsRepository';
import { PUBLIC_URL, TEST_PASSWORD_COST } from './testApp';

export const PASSWORD = 'correct horse battery';

/** The headers a browser sends with a write from the site's own page. */
export const SAME_ORIGIN = { origin: PUBLIC_URL };

const hasher = new PasswordHasher(TEST_PASSWORD_COST);

export async function createStaff(
  db: Db,
  role: RoleName,
  email = `${role}-${Math.random().toString(36).slice(2, 8)}@touchline.test`,
  name = `${role[0]!.toUpperCase()}${role.slice(1)} Person`,
): Promise<Account> {
  return insertAccount(db.kysely, { email, name, role, passwordHash: await hasher.hash(PASSWORD) }, new Date());
}

/** The `touchline_session=…` pair a Set-Cookie header carries. */
export function cookieOf(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  const pair = header?.split(';')[0];
  if (pair === undefined || pair.endsWith('=')) throw new Error(`no session cookie in ${String(header)}`);
  return pair;
}

/** Signs in through POST /api/session and returns the Cookie header value to send. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieOf(res.headers['set-cookie']);
}

/** A new account of `role`, signed in: its account and the Cookie header value. */
export async function staffSession(app: FastifyInstance, db: Db, role: RoleName) {
  const account = await createStaff(db, role);
  return { account, cookie: await signIn(app, account.email) };
}
