// `npm start`: build whatever is missing or older than its sources, then run the compiled server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function stale(output, ...inputs) {
  const target = join(root, output);
  if (!existsSync(target)) return true;
  const built = statSync(target).mtimeMs;
  return inputs.some((input) => {
    const path = join(root, input);
    if (!existsSync(path)) return false;
    return (statSync(path).isDirectory() ? newestMtime(path) : statSync(path).mtimeMs) > built;
  });
}

function run(script) {
  console.log(`touchline: npm run ${script}`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale('dist/client/index.html', 'src/client', 'src/contract', 'index.html', 'public', 'vite.config.ts'))
  run('build:client');
// The server-rendering bundle: without it the server still answers, with the client-rendered shell only.
if (stale('dist/ssr/entry-server.mjs', 'src/client', 'src/contract', 'vite.config.ts')) run('build:ssr');
if (stale('dist/server/main.js', 'src/server', 'src/contract', 'tsconfig.server.json')) run('build:server');

await import(join(root, 'dist/server/main.js'));
