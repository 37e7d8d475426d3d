// `npm test`: every check, with a one-line summary per stage. A failing stage does not hide the others' results:
// every stage runs unless a stage it needs failed (budget and e2e need the build). Exit 1 if anything failed.
// Stages: typecheck, lint, jest (client + server on SQLite), server jest on PostgreSQL, build, budget, e2e.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

const stages = [
  { name: 'typecheck', run: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', run: ['npm', 'run', '--silent', 'lint'] },
  { name: 'jest (client + server on SQLite)', run: ['npx', 'jest', '--ci'] },
  {
    name: 'server jest on PostgreSQL',
    run: ['bash', 'scripts/with-postgres.sh', 'npx', 'jest', '--ci', '--selectProjects', 'server'],
  },
  { name: 'build', run: ['npm', 'run', '--silent', 'build'] },
  { name: 'budget', run: ['npm', 'run', '--silent', 'budget'], needs: 'build' },
  { name: 'e2e (Chromium)', run: ['npx', 'playwright', 'test'], needs: 'build' },
];

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)}s`;
const outcome = new Map();
const summary = [];
for (const { name, run, needs } of stages) {
  if (needs && outcome.get(needs) !== 'PASS') {
    outcome.set(name, 'SKIP');
    summary.push(`SKIP  ${name} (needs ${needs})`);
    continue;
  }
  const stageStarted = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(run[0], run.slice(1), { cwd: root, stdio: 'inherit' });
  const status = result.status === 0 ? 'PASS' : 'FAIL';
  outcome.set(name, status);
  const line = `${status}  ${name} (${seconds(stageStarted)})`;
  console.log(`=== ${line}`);
  summary.push(line);
}

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
const failed = [...outcome.values()].some((status) => status !== 'PASS');
console.log(`${failed ? 'FAILED' : 'PASSED'} in ${seconds(started)}`);
process.exit(failed ? 1 : 0);
