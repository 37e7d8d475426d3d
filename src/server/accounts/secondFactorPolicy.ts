// The owners' second-factor policy at the door of every staff route: a session of a person the policy covers passes
// only when it was made with two factors (a passkey, or a password and a code); one made with the password alone
// reaches only the routes that set a factor up, and only while the person has none.
import { secondFactorRequired } from '../../contract/secondFactor';
import { accountNotice, tellAccount } from './accountNotices';
import type { NoticeMail } from './accountNotices';
import type { SignedIn } from './sessions';
import type { Db } from '../db/database';
import type { Account } from '../repositories/accountsRepository';
import { deleteAllFactors, factorState, isStrongSession, readPolicy } from '../repositories/secondFactorRepository';

export const SETUP_REQUIRED = 'Set up a passkey or an authenticator app first: a second factor is required';
export const SECOND_FACTOR_NEEDED = 'Sign in with your passkey or your authenticator app: a second factor is required';

/** The API paths a required person without a factor may reach: their status and setting a factor up. */
const SETUP_PATHS = ['/api/account/second-factor', '/api/account/totp', '/api/account/passkeys'];

const isSetupPath = (url: string) => {
  const path = url.split('?')[0]!;
  return SETUP_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
};

/** Why the session may not go on (the 403's message), or undefined when it may. */
export async function secondFactorRefusal(db: Db, signedIn: SignedIn, url: string): Promise<string | undefined> {
  const policy = await readPolicy(db);
  if (!secondFactorRequired(policy, signedIn.account.role)) return undefined;
  if (await isStrongSession(db, signedIn.idHash)) return undefined;
  const factors = await factorState(db.kysely, signedIn.account.id);
  if (factors.passkeys === 0 && !factors.totp) return isSetupPath(url) ? undefined : SETUP_REQUIRED;
  return SECOND_FACTOR_NEEDED;
}

/**
 * `npm run staff -- reset-2fa EMAIL`, the way back when every factor is lost: removes the account's passkeys,
 * authenticator app and recovery codes and ends its sessions, and tells the person. The password then signs in alone.
 */
export async function resetSecondFactors(db: Db, account: Account, mail: NoticeMail): Promise<number> {
  await db.kysely.transaction().execute(async (trx) => {
    await deleteAllFactors(trx, account.id);
    await tellAccount(trx, account, { actorName: 'The server', text: accountNotice.reset }, new Date(), mail);
  });
  console.log(
    `touchline: removed the passkeys, authenticator app and recovery codes of ${account.email} (${account.role}) ` +
      'and ended every session of the account',
  );
  return 0;
}
