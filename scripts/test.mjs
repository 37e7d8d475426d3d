// `npm test`: every check, with a one-line summary per stage. A failing stage does not hide the others' results:
// every stage runs unless a stage it needs failed (budget and e2e need the build). Exit 1 if anything failed.
// Stages: typecheck, lint, jest (client + server on SQLite), server jest on PostgreSQL, build, budget, e2e.
// A failing stage's failures are repeated after the summary: a CI log often shows only its last lines, and by then the
// failure scrolled away under the later stages' output.
import { spawn } from 'node:child_process';

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
/** @type {{ name: string, lines: string[] }[]} */
const digests = [];
for (const { name, run, needs } of stages) {
  if (needs && outcome.get(needs) !== 'PASS') {
    outcome.set(name, 'SKIP');
    summary.push(`SKIP  ${name} (needs ${needs})`);
    continue;
  }
  const stageStarted = Date.now();
  console.log(`\n=== ${name} ===`);
  const { code, lines } = await runStage(run);
  const status = code === 0 ? 'PASS' : 'FAIL';
  if (status === 'FAIL') digests.push({ name, lines: failureDigest(lines) });
  outcome.set(name, status);
  const line = `${status}  ${name} (${seconds(stageStarted)})`;
  console.log(`=== ${line}`);
  summary.push(line);
}

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
for (const { name, lines } of digests) {
  console.log(`\n=== what failed in ${name} ===`);
  for (const line of lines) console.log(line);
}
const failed = [...outcome.values()].some((status) => status !== 'PASS');
console.log(`${failed ? 'FAILED' : 'PASSED'} in ${seconds(started)}`);
process.exit(failed ? 1 : 0);

/** Runs one stage with its output passed through as it comes, keeping the text to digest if the stage fails. */
function runStage(run) {
  return new Promise((resolve) => {
    const child = spawn(run[0], run.slice(1), { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
    let text = '';
    const keep = (chunk) => {
      text += chunk.toString('utf8');
      // The start of a long log is not needed: failures are reported near their end, and the digest is short.
      if (text.length > 4_000_000) text = text.slice(-2_000_000);
    };
    child.stdout.on('data', (chunk) => (process.stdout.write(chunk), keep(chunk)));
    child.stderr.on('data', (chunk) => (process.stderr.write(chunk), keep(chunk)));
    child.on('error', (error) => keep(`could not run ${run.join(' ')}: ${error.message}\n`));
    child.on('close', (code) => resolve({ code: code ?? 1, lines: text.split('\n') }));
  });
}

/**
 * The lines that say what failed: jest's "● suite › test" headings and playwright's "✘"/"1) [project] ›" lines, each
 * once, with the first lines of its error; at most 60 lines in all. A stage that failed without such lines
 * (typecheck, lint, budget) gives its last 30 lines.
 */
function failureDigest(lines) {
  // eslint-disable-next-line no-control-regex
  const plain = lines.map((line) => line.replace(/\u001b\[[0-9;]*m/g, '').trimEnd());
  const heading = /^\s*(●(?! Console)|✘|✕|\d+\) \[)/;
  const digest = [];
  const seen = new Set(); // jest repeats each failure in its closing summary
  plain.forEach((line, i) => {
    if (!heading.test(line) || seen.has(line.trim())) return;
    seen.add(line.trim());
    digest.push(
      line,
      ...plain
        .slice(i + 1, i + 14)
        .filter((next) => next.trim() !== '' && !/^\s+at /.test(next))
        .slice(0, 8),
    );
  });
  if (digest.length === 0) return plain.filter((line) => line.trim() !== '').slice(-30);
  return digest.length > 60 ? [...digest.slice(0, 59), `… and ${digest.length - 59} more lines above`] : digest;
}
