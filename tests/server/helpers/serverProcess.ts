// Runs src/server/main.ts as a real process (tsx loader) for the start-up, shutdown and durability tests.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

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

export function spawnServer(env: Record<string, string>): ServerProcess {
  // node itself with tsx's loader (not the tsx CLI, which forks): signals reach the server process directly.
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'server', 'main.ts')], {
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
