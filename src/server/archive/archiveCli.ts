// `npm run export -- FILE` and `npm run import -- FILE` (scripts/archive.mjs runs this compiled): the database is the
// one DATABASE_URL names, or the default SQLite file, as for `npm start`.
import { ArchiveError, exportArchive, importArchive } from './archive';
import { runCommand } from '../command';

const summary = (rows: Record<string, number>) =>
  `${rows.posts ?? 0} posts, ${rows.post_revisions ?? 0} revisions, ${rows.uploads ?? 0} uploads`;

const [command, file] = process.argv.slice(2);
if ((command !== 'export' && command !== 'import') || file === undefined || file === '') {
  console.error('usage: npm run export -- FILE | npm run import -- FILE');
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
    } else {
      const { rows } = await importArchive(db, file);
      console.log(`touchline: imported ${summary(rows)} from ${file} in ${seconds()} s`);
    }
    return 0;
  },
  (error) => error instanceof ArchiveError,
);
