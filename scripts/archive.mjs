// `npm run export -- [--check] FILE` / `npm run import -- FILE`: build the server if it is missing or stale, then run
// the compiled archive command (src/server/archive/archiveCli.ts) with the same arguments.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runScript, stale } from './lib/staleBuild.mjs';

const root = new URL('..', import.meta.url).pathname;
if (stale('dist/server/archive/archiveCli.js', 'src/server', 'src/contract', 'tsconfig.server.json'))
  runScript('build:server', 'touchline');
const result = spawnSync(
  process.execPath,
  [join(root, 'dist/server/archive/archiveCli.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
