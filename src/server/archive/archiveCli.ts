// `npm run export -- [--check] FILE` and `npm run import -- FILE` (scripts/archive.mjs runs this compiled): the
// database is the one DATABASE_URL names, or the default SQLite file, as for `npm start`.
import { ArchiveError, checkArchive, exportArchive, importArchive } from './archive';
import { runCommand } from '../command';

const summary = (rows: Record<string, number>) =>
  `${rows.posts ?? 0} posts, ${rows.post_revisions ?? 0} revisions, ${rows.uploads ?? 0} uploads`;

const [command, ...rest] = process.argv.slice(2);
// --check after an export reads the archive back through the import's row checks, so a refusal shows now, not on the day
// it is needed.
const check = command === 'export' && rest[0] === '--check';
const [file, extra] = check ? rest.slice(1) : rest;
if ((command !== 'export' && command !== 'import') || file === undefined || file === '' || extra !== undefined) {
  console.error('usage: npm run export -- [--check] FILE | npm run import -- FILE');
  process.exit(2);
}

runCommand(
  command,
  async (db) => {
    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    if (command === 'export') {
      const { rows, bytes } = await exportArchive(db, file);
      const megabytes = (bytes / 1_048_576).toFixed(1);
      console.log(`touchline: exported ${summary(rows)} to ${file} (${megabytes} MB) in ${seconds()} s`);
      if (check) {
        await checkArchive(file).catch((error: unknown) => {
          if (!(error instanceof ArchiveError)) throw error;
          throw new ArchiveError(`${file} is written but would not import: ${error.message}`);
        });
        console.log(`touchline: ${file} passes the import's checks (${seconds()} s in all)`);
      }
    } else {
      const { rows } = await importArchive(db, file);
      console.log(`touchline: imported ${summary(rows)} from ${file} in ${seconds()} s`);
    }
    return 0;
  },
  (error) => error instanceof ArchiveError,
);
