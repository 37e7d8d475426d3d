// `npm run dev`: the API (tsx watch, port 3000 or PORT) and Vite (with its /api proxy) together; Ctrl-C stops both.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const apiPort = process.env.PORT ?? '3000';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
    detached: true,
  }),
  spawn('npx', ['vite', ...(process.env.VITE_PORT ? ['--port', process.env.VITE_PORT, '--strictPort'] : [])], {
    cwd: root,
    stdio: 'inherit',
    // vite.config.ts proxies /api and /uploads to API_PORT.
    env: { ...process.env, API_PORT: apiPort },
    detached: true,
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    // Each child leads its own process group, so npx and what it started go together.
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  setTimeout(() => process.exit(code), 500).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
