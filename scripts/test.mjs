// `npm test`: every check, with a one-line summary per stage. A failing stage does not hide the others' results:
// every stage runs unless a stage it needs failed (budget and e2e need the build). Exit 1 if anything failed.
// Stages: typecheck, lint, jest (client, contract, server on SQLite), server jest on PostgreSQL, build, budget, e2e,
// validate (the built site's pages, feeds and sitemaps through html-validate and XML parsing).
// Independent stages overlap, two CPU-bound ones at a time (what 2 cores hold; docs/development.md has the measured
// plan).
// Each stage's output is printed whole, in the order above: the earliest unfinished stage streams, the others are held
// until it ends. A failing stage's failures are repeated after the summary (a CI log often shows only its last lines),
// and failing tests are run once more, each then reported as "FLAKY: passed on repeat" or "FAILED again".
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'touchline-test-'));
process.on('exit', () => rmSync(reports, { recursive: true, force: true }));
/** More failures than this in one stage is a broken change, not a flake: they are not run again. */
const MAX_REPEATS = 25;

const SQLITE = 'jest (client, contract, server on SQLite)';
const POSTGRES = 'server jest on PostgreSQL';
/** A throwaway cluster on a free port for the command that follows. */
const WITH_POSTGRES = ['bash', 'scripts/with-postgres.sh'];
const jestJson = (file) => ['--json', `--outputFile=${join(reports, file)}`];
/** Where Playwright writes its JSON report (playwright.config.ts adds the reporter then) and its list of failed tests. */
const e2eReports = (file) => ({
  PLAYWRIGHT_JSON_OUTPUT_FILE: join(reports, file),
  PLAYWRIGHT_LAST_RUN_OUTPUT_FILE: join(reports, 'e2e-last-run.json'),
});

/**
 * after: starts once these have ended (either way); afterAny: once one of these has; needs: runs only if these
 * passed. Jest on SQLite and on PostgreSQL run side by side from the start (one worker each: jest's default on 2
 * cores), with typecheck → lint → build beside them; e2e (two browser workers), budget and validate start when the
 * build is done and the first jest run is over: the other one alone would leave a core idle until it ends
 * (validate takes a few seconds of one core beside them).
 */
const stages = [
  { name: 'typecheck', run: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', run: ['npm', 'run', '--silent', 'lint'], after: ['typecheck'] },
  { name: SQLITE, run: ['npx', 'jest', '--ci', ...jestJson('sqlite.json')], repeat: jestRepeat('sqlite.json', []) },
  {
    name: POSTGRES,
    run: [...WITH_POSTGRES, 'npx', 'jest', '--ci', '--selectProjects', 'server', ...jestJson('postgres.json')],
    repeat: jestRepeat('postgres.json', WITH_POSTGRES),
  },
  { name: 'build', run: ['npm', 'run', '--silent', 'build'], after: ['lint'] },
  { name: 'budget', run: ['npm', 'run', '--silent', 'budget'], needs: ['build'], afterAny: [SQLITE, POSTGRES] },
  {
    name: 'e2e (Chromium)',
    // No trace on the first run (recording one for every test cost about a fifth of the stage's CPU); the repeat of
    // the failed tests records theirs (playwrightRepeat).
    run: ['npx', 'playwright', 'test', '--trace', 'off'],
    env: e2eReports('e2e.json'),
    needs: ['build'],
    afterAny: [SQLITE, POSTGRES],
    repeat: playwrightRepeat,
  },
  // Part of the e2e stage: the built site as the validators its readers use see it, beside the browser tests.
  {
    name: 'e2e: validate',
    run: ['npm', 'run', '--silent', 'validate'],
    needs: ['build'],
    afterAny: [SQLITE, POSTGRES],
  },
];

const started = Date.now();
const seconds = (since, until = Date.now()) => `${((until - since) / 1000).toFixed(1)}s`;
/** @type {Map<string, { status: string, line: string, digest?: string[], started?: number, ended?: number }>} */
const results = new Map();
/** Output held for stages that are not the earliest unfinished one; that one writes straight through. */
const held = new Map(stages.map(({ name }) => [name, '']));
let streaming = 0;
const write = (name, text) => {
  if (stages[streaming]?.name === name) process.stdout.write(text);
  else held.set(name, held.get(name) + text);
};
const advance = () => {
  while (streaming < stages.length && results.has(stages[streaming].name)) {
    streaming += 1;
    const next = stages[streaming];
    if (!next) continue;
    process.stdout.write(held.get(next.name));
    held.set(next.name, '');
  }
};

await new Promise((resolveAll) => {
  const running = new Set();
  const schedule = () => {
    for (const stage of stages) {
      if (results.has(stage.name) || running.has(stage.name)) continue;
      const waitsFor = [...(stage.after ?? []), ...(stage.needs ?? [])];
      if (!waitsFor.every((name) => results.has(name))) continue;
      if (stage.afterAny && !stage.afterAny.some((name) => results.has(name))) continue;
      const missing = (stage.needs ?? []).filter((name) => results.get(name).status !== 'PASS');
      if (missing.length > 0) {
        finish(stage, { status: 'SKIP', line: `SKIP  ${stage.name} (needs ${missing.join(', ')})` });
        continue;
      }
      running.add(stage.name);
      void runStage(stage).then((result) => {
        running.delete(stage.name);
        finish(stage, result);
      });
    }
    if (results.size === stages.length) resolveAll();
  };
  const finish = (stage, result) => {
    results.set(stage.name, result);
    if (result.status !== 'SKIP') write(stage.name, `=== ${result.line}\n`);
    advance();
    schedule();
  };
  schedule();
});

console.log('\n=== summary ===');
for (const { name } of stages) {
  const { line, started: from, ended } = results.get(name);
  console.log(from ? `${line}  [from ${seconds(started, from)} to ${seconds(started, ended)}]` : line);
}
const failedStages = stages.filter(({ name }) => results.get(name).status === 'FAIL');
for (const stage of failedStages) {
  console.log(`\n=== what failed in ${stage.name} ===`);
  for (const line of results.get(stage.name).digest) console.log(line);
}
// Run each failing stage's failed tests once more, one stage at a time (the rest of the run is over by now).
const verdicts = [];
for (const stage of failedStages.filter((stage) => stage.repeat)) {
  console.log(`\n=== ${stage.name}: the failed tests once more ===`);
  const lines = await stage.repeat();
  console.log(`\n=== ${stage.name}: flake report ===`);
  for (const line of lines) console.log(line);
  verdicts.push(...lines);
}
const failed = [...results.values()].some(({ status }) => status !== 'PASS');
const count = (prefix) => verdicts.filter((line) => line.startsWith(prefix)).length;
const flakes = verdicts.length > 0 ? ` (${count('FLAKY')} flaky, ${count('FAILED again')} failed again)` : '';
// Failed either way: a flake is a defect of its own, and the change may have made it.
console.log(`${failed ? 'FAILED' : 'PASSED'} in ${seconds(started)}${flakes}`);
process.exit(failed ? 1 : 0);

/** Runs one stage, its output written as it comes (or held, see above); keeps the text to digest if it fails. */
async function runStage({ name, run, env }) {
  const stageStarted = Date.now();
  write(name, `\n=== ${name} ===\n`);
  const { code, lines } = await spawnStage(run, env, (text) => write(name, text));
  const status = code === 0 ? 'PASS' : 'FAIL';
  const ended = Date.now();
  return {
    status,
    line: `${status}  ${name} (${seconds(stageStarted, ended)})`,
    digest: status === 'FAIL' ? failureDigest(lines) : undefined,
    started: stageStarted,
    ended,
  };
}

/** Spawns a command; `out` gets its stdout and stderr as they come. Resolves with its exit code and output lines. */
function spawnStage(run, env, out) {
  return new Promise((resolve) => {
    const child = spawn(run[0], run.slice(1), {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let text = '';
    const keep = (chunk) => {
      text += chunk.toString('utf8');
      // The start of a long log is not needed: failures are reported near their end, and the digest is short.
      if (text.length > 4_000_000) text = text.slice(-2_000_000);
    };
    child.stdout.on('data', (chunk) => (out(chunk.toString('utf8')), keep(chunk)));
    child.stderr.on('data', (chunk) => (out(chunk.toString('utf8')), keep(chunk)));
    child.on('error', (error) => keep(`could not run ${run.join(' ')}: ${error.message}\n`));
    child.on('close', (code) => resolve({ code: code ?? 1, lines: text.split('\n') }));
  });
}

function readJson(file) {
  const path = join(reports, file);
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** One line per repeated test: what its second run said. */
function verdictLines(failures, passedAgain, label) {
  return failures.map((failure) =>
    passedAgain(failure) ? `FLAKY: passed on repeat  ${label(failure)}` : `FAILED again            ${label(failure)}`,
  );
}

/** The failed tests of a jest --json report: per file, the failed tests' full names (none: the file itself failed). */
function jestFailures(report) {
  const failures = [];
  for (const file of report?.testResults ?? []) {
    const path = relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    if (failedTests.length > 0) for (const test of failedTests) failures.push({ path, name: test.fullName });
    else if (file.status === 'failed') failures.push({ path, name: undefined });
  }
  return failures;
}

/**
 * Repeats a jest stage's failed tests: the files by path, the tests by a pattern of their exact full names (a file
 * that failed as a whole runs whole). `wrap` is the stage's command prefix (with-postgres.sh: a fresh cluster).
 */
function jestRepeat(reportFile, wrap) {
  return async () => {
    const failures = jestFailures(readJson(reportFile));
    if (failures.length === 0) return ['not repeated: jest reported no failed test (see the output above)'];
    if (failures.length > MAX_REPEATS) return [`not repeated: ${failures.length} tests failed, not a flake`];
    const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const paths = [...new Set(failures.map(({ path }) => path))];
    const wholeFiles = failures.some(({ name }) => name === undefined);
    const pattern = `^(${failures.map(({ name }) => escape(name ?? '')).join('|')})$`;
    const again = `again-${reportFile}`;
    const run = [...wrap, 'npx', 'jest', '--ci', ...jestJson(again), '--runTestsByPath', ...paths];
    if (!wholeFiles) run.push('--testNamePattern', pattern);
    await spawnStage(run, {}, (text) => process.stdout.write(text));
    const files = new Map((readJson(again)?.testResults ?? []).map((file) => [relative(root, file.name), file]));
    // Passed means ran and passed: a test filtered out, pending or missing from the repeat is no pass.
    const passedAgain = ({ path, name }) => {
      const file = files.get(path);
      if (file === undefined) return false;
      if (name === undefined) return file.status === 'passed';
      return file.assertionResults.some((test) => test.fullName === name && test.status === 'passed');
    };
    return verdictLines(failures, passedAgain, ({ path, name }) => `${path}${name ? ` › ${name}` : ' (the file)'}`);
  };
}

/** Every test of a Playwright JSON report, with its project and title path and its status. */
function playwrightTests(report) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const key = [test.projectName, spec.file, ...titles, spec.title].join(' › ');
        failures.push({ key, status: test.status });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return failures;
}

/** Repeats the e2e stage's failed tests with Playwright's --last-failed (it keeps their ids from the stage's run). */
async function playwrightRepeat() {
  const failures = playwrightTests(readJson('e2e.json')).filter(
    ({ status }) => status !== 'expected' && status !== 'skipped',
  );
  if (failures.length === 0) return ['not repeated: Playwright reported no failed test (see the output above)'];
  if (failures.length > MAX_REPEATS) return [`not repeated: ${failures.length} tests failed, not a flake`];
  const run = ['npx', 'playwright', 'test', '--last-failed', '--trace', 'retain-on-failure'];
  await spawnStage(run, e2eReports('e2e-again.json'), (text) => process.stdout.write(text));
  const again = new Map(playwrightTests(readJson('e2e-again.json')).map(({ key, status }) => [key, status]));
  return verdictLines(
    failures,
    // Passed means ran as expected: a test skipped or missing on the repeat is no pass.
    ({ key }) => again.get(key) === 'expected',
    ({ key }) => key,
  );
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
