// `npm test`: every check, in order, with a one-line summary per stage. Stops at the first failure.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

const stages = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['jest (client + server on SQLite)', 'npx', ['jest', '--ci']],
  [
    'server jest on PostgreSQL',
    'bash',
    ['scripts/with-postgres.sh', 'npx', 'jest', '--ci', '--selectProjects', 'server'],
  ],
  ['build', 'npm', ['run', '--silent', 'build']],
  ['budget', 'npm', ['run', '--silent', 'budget']],
  ['e2e (Chromium)', 'npx', ['playwright', 'test']],
];

const summary = [];
for (const [name, command, args] of stages) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  summary.push(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds}s)`);
  if (!ok) break;
}

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
const failed = summary.some((line) => line.startsWith('FAIL'));
process.exit(failed ? 1 : 0);
