// Runs src/server/main.ts as a real process (tsx loader) for the start-up, shutdown and durability tests.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

export type ServerProcess = {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
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
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Resolves once the server printed its URL; rejects if it exits first or takes longer than timeoutMs. */
export async function waitForListening(server: ServerProcess, timeoutMs = 20_000): Promise<string> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    // The start-up summary's last line: its lines are separate writes, which a loaded machine delivers apart.
    const match = /serving (http:\/\/\S+)/.exec(server.output());
    if (match?.[1] !== undefined && server.output().includes('touchline: sign in at ')) return match[1];
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not start within ${timeoutMs} ms:\n${server.output()}`);
}
