// `npm run export -- FILE` and `npm run import -- FILE` (scripts/archive.mjs runs this compiled): the database is the
// one DATABASE_URL names, or the default SQLite file, as for `npm start`.
import { ArchiveError, exportArchive, importArchive } from './archive';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const summary = (rows: Record<string, number>) =>
  `${rows.posts ?? 0} posts, ${rows.post_revisions ?? 0} revisions, ${rows.uploads ?? 0} uploads`;

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'export' && command !== 'import') || file === undefined || file === '') {
    console.error('usage: npm run export -- FILE | npm run import -- FILE');
    return 2;
  }
  const config = loadConfig();
  const db = openDatabase(config.database);
  const started = performance.now();
  try {
    await migrateToLatest(db);
    if (command === 'export') {
      const { rows, bytes } = await exportArchive(db, file);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `touchline: exported ${summary(rows)} to ${file} (${(bytes / 1_048_576).toFixed(1)} MB) in ${seconds} s`,
      );
    } else {
      const { rows } = await importArchive(db, file);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`touchline: imported ${summary(rows)} from ${file} in ${seconds} s`);
    }
    return 0;
  } catch (error) {
    if (error instanceof ArchiveError || error instanceof ConfigError) {
      console.error(`touchline: ${command} refused: ${error.message}`);
      return 1;
    }
    console.error(`touchline: ${command} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.kysely.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  () => process.exit(1),
);
