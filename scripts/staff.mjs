// `npm run staff -- reset-password EMAIL`: build the server if it is missing or stale, then run the compiled staff
// command (src/server/accounts/staffCli.ts) with the same arguments.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runScript, stale } from './lib/staleBuild.mjs';

const root = new URL('..', import.meta.url).pathname;
if (stale('dist/server/accounts/staffCli.js', 'src/server', 'src/contract', 'tsconfig.server.json'))
  runScript('build:server', 'touchline');
const result = spawnSync(process.execPath, [join(root, 'dist/server/accounts/staffCli.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
