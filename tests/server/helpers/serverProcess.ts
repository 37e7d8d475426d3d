// Runs src/server/main.ts as a real process (tsx loader) for the start-up, shutdown and durability tests.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabaseConfig, databaseUrl } from './testDb';

const root = join(__dirname, '..', '..', '..');

export type ServerProcess = {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * Resolves with the output once `seen` holds for it, looked at each time the process writes; rejects when the
   * process ends first, or after timeoutMs (a bound for a broken server, not a pause).
   */
  outputWhere: (seen: (output: string) => boolean, timeoutMs?: number) => Promise<string>;
};

export function spawnServer(env: Record<string, string>, { openFiles }: { openFiles?: number } = {}): ServerProcess {
  // node itself with tsx's loader (not the tsx CLI, which forks): signals reach the server process directly.
  const node = [process.execPath, '--import', 'tsx', join(root, 'src', 'server', 'main.ts')];
  // A lower open-files limit comes from a shell that sets it and then becomes node (exec): still one process.
  const [command, ...args] =
    openFiles === undefined ? node : ['bash', '-c', `ulimit -n ${openFiles} && exec "$@"`, 'bash', ...node];
  const child = spawn(command!, args, {
    cwd: root,
    // No built client (as in testApp): these tests are about the server, and `npm test` may be rebuilding dist/ while
    // they run, so a server that read it could meet files half written.
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', CLIENT_DIR: join(root, 'no-client'), ...env },
  });
  let output = '';
  let closed = false;
  const watchers = new Set<() => void>();
  const wrote = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of watchers) watcher();
  };
  child.stdout.on('data', wrote);
  child.stderr.on('data', wrote);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  // 'close' comes after the process's last output has been read, so a line written just before exiting is seen.
  child.on('close', () => {
    closed = true;
    for (const watcher of watchers) watcher();
  });
  const outputWhere = (seen: (output: string) => boolean, timeoutMs = 20_000) =>
    new Promise<string>((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        watchers.delete(watch);
      };
      const watch = () => {
        if (seen(output)) {
          stop();
          resolve(output);
        } else if (closed) {
          stop();
          reject(new Error(`server exited:\n${output}`));
        }
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`not seen within ${timeoutMs} ms in:\n${output}`));
      }, timeoutMs);
      watchers.add(watch);
      watch();
    });
  return { child, output: () => output, exited, outputWhere };
}

/** Resolves with the server's URL once it printed it; rejects if it exits first or takes longer than timeoutMs. */
export async function waitForListening(server: ServerProcess, timeoutMs = 20_000): Promise<string> {
  // The start-up summary's last line: its lines are separate writes, which a loaded machine delivers apart.
  const started = (output: string) => /serving http:\/\/\S+/.test(output) && output.includes('touchline: sign in at ');
  const output = await server.outputWhere(started, timeoutMs);
  return /serving (http:\/\/\S+)/.exec(output)?.[1] ?? '';
}

/**
 * Two real server processes on one fresh database, as behind a load balancer: started one after the other (the first
 * migrates and seeds, the second finds the database ready), handed to `run` as their base URLs, then stopped, and the
 * database and data folder removed. `env` adds to DATA_DIR, PORT and DATABASE_URL.
 */
export async function withTwoServers<T>(
  env: Record<string, string>,
  run: (first: string, second: string) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'touchline-two-'));
  const database = await createDatabaseConfig();
  const full = { ...env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: databaseUrl(database.config) };
  const servers: ServerProcess[] = [];
  try {
    servers.push(spawnServer(full));
    const first = await waitForListening(servers[0]!);
    servers.push(spawnServer(full));
    const second = await waitForListening(servers[1]!);
    return await run(first, second);
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await database.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Polls until check() holds; the time it took in ms, or a failure after 2 s. Polling is the measurement: the other
 * process notices a change on its own real-time timer, and no signal of it crosses to this one.
 */
export async function within2s(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 2_000) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('not seen within 2 s');
}
