// `npm run staff -- reset-password EMAIL` (scripts/staff.mjs runs this compiled): a way back in on the server's own
// machine, without mail. It prints a single-use link, valid 30 minutes, that sets a new password and ends every session
// of the account. The database is the one DATABASE_URL names, or the default SQLite file, as for `npm start`.
import { pathTo } from '../../contract/routes';
import { hasForbiddenChars } from '../../contract/text';
import { ConfigError, listenUrl, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { findAccountByEmail } from '../repositories/accountsRepository';
import { createPasswordReset, PASSWORD_RESET_TTL_MS } from '../repositories/passwordResetsRepository';

const USAGE = 'usage: npm run staff -- reset-password EMAIL';

async function main(): Promise<number> {
  const [command, email, ...rest] = process.argv.slice(2);
  if (command !== 'reset-password' || email === undefined || email.trim() === '' || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`touchline: reset-password refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
  if (hasForbiddenChars(email)) {
    console.error('touchline: reset-password refused: the email must not contain control characters');
    return 1;
  }
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    const account = await findAccountByEmail(db, email);
    if (account === undefined) {
      console.error(`touchline: reset-password refused: no staff account has the email ${email}`);
      return 1;
    }
    const code = await createPasswordReset(db, account.id, new Date());
    const origin = config.publicUrl ?? listenUrl(config.host, config.port);
    const minutes = PASSWORD_RESET_TTL_MS / 60_000;
    console.log(
      `touchline: new password link for ${account.email} (${account.role}), valid ${minutes} minutes, works once; ` +
        `using it ends every session of the account:\n${origin}${pathTo('auth')}?reset=${code}`,
    );
    return 0;
  } catch (error) {
    console.error(`touchline: reset-password failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.kysely.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  () => process.exit(1),
);
