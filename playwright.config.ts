// End-to-end suite: Debian's Chromium against the built app served by the real server (node dist/server/main.js).
import { defineConfig, devices } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_TOKEN, OWNER_EMAIL, OWNER_PASSWORD } from './tests/e2e/helpers/constants';

const root = __dirname;
const serverEntry = join(root, 'dist/server/main.js');
const clientIndex = join(root, 'dist/client/index.html');

for (const built of [serverEntry, clientIndex]) {
  if (!existsSync(built)) {
    throw new Error(
      `e2e: ${built} is missing. The suite runs against the built app: run \`npm run build\` first ` +
        '(npm test builds before the e2e stage).',
    );
  }
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

// A stale build is legal (the suite tests what is built) but rarely what a developer means to test.
if (!process.env.TOUCHLINE_E2E_DATA_DIR) {
  const built = Math.min(statSync(serverEntry).mtimeMs, statSync(clientIndex).mtimeMs);
  const sources = Math.max(...['src', 'index.html', 'public'].map((path) => newestMtime(join(root, path))));
  if (sources > built) console.warn('e2e: warning: src/ is newer than dist/; run `npm run build` to test your changes');
}

/**
 * A port of 4300..4339 nobody listens on (a child process, because the config is loaded synchronously). The search
 * starts at a place of this process's own, so two runs started together rarely probe the same port before either
 * server listens on it.
 */
function freePort(avoid = 0): number {
  const probe = `
    const net = require('node:net');
    (async () => {
      for (let i = 0; i < 40; i++) {
        const port = 4300 + ((${process.pid} + i) % 40);
        if (port === ${avoid}) continue;
        const ok = await new Promise((resolve) => {
          const server = net.createServer().once('error', () => resolve(false));
          server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
        });
        if (ok) { console.log(port); return; }
      }
      process.exit(1);
    })();`;
  const result = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
  const port = Number(result.stdout.trim());
  if (result.status !== 0 || !Number.isInteger(port)) throw new Error('e2e: no free port in 4300..4339');
  return port;
}

// Playwright loads this file again in every worker: the first load picks the port and a throwaway data
// directory and hands them down through the environment, so all processes agree.
if (!process.env.TOUCHLINE_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'touchline-e2e-'));
  process.env.TOUCHLINE_E2E_DATA_DIR = dataDir;
  process.env.TOUCHLINE_E2E_PORT = String(freePort());
  // The desk's mail goes to an SMTP server desk.spec.ts runs on this port (the outbox retries until it listens).
  process.env.TOUCHLINE_E2E_SMTP_PORT = String(freePort(Number(process.env.TOUCHLINE_E2E_PORT)));
  // By the time the runner exits it has stopped the server.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env.TOUCHLINE_E2E_DATA_DIR;
const port = Number(process.env.TOUCHLINE_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    // npm test (scripts/test.mjs) reads which tests failed from it, to run them once more.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['json'] as const] : []),
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
      grepInvert: /@phone-only/,
    },
    {
      // The tab bar and narrow layouts only exist here; specs opt in with @phone (both) or @phone-only.
      name: 'phone',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        launchOptions: chromium,
      },
      grep: /@phone/,
    },
  ],
  webServer: {
    command: `node ${JSON.stringify(serverEntry)}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      // The owner account: specs sign in with helpers/session.ts or through the card.
      ADMIN_EMAIL: OWNER_EMAIL,
      ADMIN_PASSWORD: OWNER_PASSWORD,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.TOUCHLINE_E2E_SMTP_PORT}`,
      MAIL_FROM: 'desk@touchline.test',
      // Each desk notice mailed at once: a spec follows one post through several steps in a minute (the gathering
      // itself is tested on the server).
      MAIL_DIGEST_MINUTES: '0',
    },
  },
});
