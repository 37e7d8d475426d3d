// The frame of the server's one-shot commands (`npm run staff`, `npm run export` / `import`): the config, the database
// DATABASE_URL names (or the default SQLite file, as for `npm start`) migrated to the latest, one line when it is
// refused or fails, and the exit code a script can test.
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';

/** A refusal the person can act on: printed as "touchline: {name} refused: {message}", exit code 1. */
export class CommandRefused extends Error {}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs `work` and exits with the code it returns. `refusedBy` names the errors that are refusals (bad input, bad
 * config), as against failures; both print one line and exit 1.
 */
export function runCommand(
  name: string,
  work: (db: Db, config: Config) => Promise<number>,
  refusedBy: (error: unknown) => boolean = () => false,
): void {
  const refused = (error: unknown) =>
    error instanceof ConfigError || error instanceof CommandRefused || refusedBy(error);
  const run = async (): Promise<number> => {
    let db: Db | undefined;
    try {
      const config = loadConfig();
      db = openDatabase(config.database);
      await migrateToLatest(db);
      return await work(db, config);
    } catch (error) {
      console.error(`touchline: ${name} ${refused(error) ? 'refused' : 'failed'}: ${message(error)}`);
      return 1;
    } finally {
      await db?.kysely.destroy();
    }
  };
  run().then(
    (code) => process.exit(code),
    () => process.exit(1),
  );
}
