// `npm start`: build whatever is missing or older than its sources, then run the compiled server.
import { join } from 'node:path';
import { runScript, stale } from './lib/staleBuild.mjs';

const root = new URL('..', import.meta.url).pathname;
const run = (script) => runScript(script, 'touchline');

if (stale('dist/client/index.html', 'src/client', 'src/contract', 'index.html', 'public', 'vite.config.ts'))
  run('build:client');
// The server-rendering bundle: without it the server still answers, with the client-rendered shell only.
if (stale('dist/ssr/entry-server.mjs', 'src/client', 'src/contract', 'vite.config.ts')) run('build:ssr');
if (stale('dist/server/main.js', 'src/server', 'src/contract', 'tsconfig.server.json')) run('build:server');

await import(join(root, 'dist/server/main.js'));
