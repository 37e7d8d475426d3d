// `npm test`: every check, in order, with a one-line summary per stage. Stops at the first failure.
// Stages: typecheck, lint, jest (client + server on SQLite), server jest on PostgreSQL, build, budget, e2e.
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

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)}s`;
const summary = [];
for (const [name, command, args] of stages) {
  const stageStarted = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const ok = result.status === 0;
  const line = `${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds(stageStarted)})`;
  console.log(`=== ${line}`);
  summary.push(line);
  if (!ok) break;
}
const skipped = stages.slice(summary.length).map(([name]) => `SKIP  ${name}`);

console.log('\n=== summary ===');
for (const line of [...summary, ...skipped]) console.log(line);
const failed = summary.some((line) => line.startsWith('FAIL'));
console.log(`${failed ? 'FAILED' : 'PASSED'} in ${seconds(started)}`);
process.exit(failed ? 1 : 0);
