// `npm run staff -- reset-password EMAIL` (scripts/staff.mjs runs this compiled): a way back in on the server's own
// machine, without mail: it prints a single-use link, valid 30 minutes, that sets a new password and ends every
// session of the account. `reset-2fa EMAIL` removes the account's second factors (accounts/secondFactorPolicy.ts) and
// tells the person in the app inbox, and by mail when mail is configured (the server's outbox sends it). The database
// is the one DATABASE_URL names, or the default SQLite file, as for `npm start`.
import { pathTo } from '../../contract/routes';
import { hasForbiddenChars } from '../../contract/text';
import { CommandRefused, runCommand } from '../command';
import { listenUrl } from '../config';
import { findAccountByEmail } from '../repositories/accountsRepository';
import { createPasswordReset, PASSWORD_RESET_TTL_MS } from '../repositories/passwordResetsRepository';
import { resetSecondFactors } from './secondFactorPolicy';

const USAGE = 'usage: npm run staff -- reset-password EMAIL | reset-2fa EMAIL';

const [command, email, ...rest] = process.argv.slice(2);
const known = command === 'reset-password' || command === 'reset-2fa';
if (!known || email === undefined || email.trim() === '' || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}

runCommand(command, async (db, config) => {
  if (hasForbiddenChars(email)) throw new CommandRefused('the email must not contain control characters');
  const account = await findAccountByEmail(db, email);
  if (account === undefined) throw new CommandRefused(`no staff account has the email ${email}`);
  const origin = config.publicUrl ?? listenUrl(config.host, config.port);
  if (command === 'reset-2fa')
    return resetSecondFactors(db, account, { enabled: config.mail !== undefined, publicUrl: origin });
  const code = await createPasswordReset(db, account.id, new Date());
  const minutes = PASSWORD_RESET_TTL_MS / 60_000;
  console.log(
    `touchline: new password link for ${account.email} (${account.role}), valid ${minutes} minutes, works once; ` +
      `using it ends every session of the account:\n${origin}${pathTo('auth')}?reset=${code}`,
  );
  return 0;
});
