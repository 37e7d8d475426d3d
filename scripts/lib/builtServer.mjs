// Starts the built server (dist/server/main.js) on a free loopback port with a throwaway data directory,
// for the measuring scripts (budget, lighthouse). Never builds: a missing build is a clear error.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

const root = new URL('../..', import.meta.url).pathname;

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePort(from, to) {
  for (let port = from; port <= to; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${from}..${to}`);
}

/** Fails with a readable message when the build or the browser is missing. */
export function requireBuildAndBrowser(scriptName) {
  for (const file of ['dist/server/main.js', 'dist/client/index.html']) {
    if (!existsSync(join(root, file))) {
      console.error(`${scriptName}: ${file} is missing; run \`npm run build\` first.`);
      process.exit(1);
    }
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`${scriptName}: ${CHROMIUM_PATH} is missing; install it with \`apt-get install -y chromium\`.`);
    process.exit(1);
  }
}

/**
 * @param {{ ports: [number, number] }} options loopback port range to pick from
 * @returns {Promise<{ url: string, adminToken: string, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startBuiltServer({ ports }) {
  const port = await freePort(...ports);
  const dataDir = mkdtempSync(join(tmpdir(), 'touchline-measure-'));
  const adminToken = randomBytes(16).toString('hex');
  // The owner account: admin pages need a signed-in session.
  const owner = { email: 'owner@touchline.test', password: randomBytes(16).toString('hex') };
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_TOKEN: adminToken,
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited with ${child.exitCode} before answering:\n${stderr}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not answer /api/health within 30 s:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, adminToken, owner, dataDir, stop };
}

/** Id of the newest post (the server seeds an empty database at start). */
export async function firstPostId(url) {
  const response = await fetch(`${url}/api/blogs?limit=1`);
  const posts = await response.json();
  if (!Array.isArray(posts) || posts.length === 0) throw new Error('no post in the database (was it seeded?)');
  return posts[0].id;
}
