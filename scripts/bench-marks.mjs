// `npm run bench:marks`: what a formatted paragraph costs the server to render. A 10,000-character paragraph (the
// longest a post may hold) full of bold, italic, links and bare URLs is parsed and rendered to HTML through RichText,
// as server rendering does (parse, then React's renderToString of the tree), 2,000 times after a warm-up. Prints p50
// and p95 per paragraph and the garbage collections that ran among those renders, and checks the goal: p95 ≤ 1 ms.
// Run through tsx (`npm run bench:marks`), which reads the TypeScript sources directly.
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { PerformanceObserver, performance } from 'node:perf_hooks';

// React's production build, as the server-rendering bundle runs it (the development build checks every element).
process.env.NODE_ENV = 'production';
// Required, not imported: tsx loads the sources as CommonJS (the package is not "type": "module"), and an import from
// here would load a second copy of markTrees.ts, whose context RichText would not see.
const require = createRequire(import.meta.url);
const { createElement } = require('react');
const { renderToString } = require('react-dom/server');
const { RichText } = require('../src/client/components/RichText.tsx');
const { MarkTreesContext } = require('../src/client/components/markTrees.ts');
const { LIMITS } = require('../src/contract/limits.ts');
const { parseMarks } = require('../src/contract/marksParser.ts');

const WARM_UP = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 2_000);
const GOAL_MS = 1;

const pieces = [
  'The **home side** pressed high from the first whistle, ',
  'and the _visitors_ could not find a way out. ',
  'Read the [league table](https://example.com/league/table?season=2026) before kick-off, ',
  'or our *earlier preview* on [the blog](/blog). ',
  'Full statistics at https://stats.example.com/match/12345 tell the same story. ',
  'A \\*starred\\* note and **bold with a [link](https://example.com/a) inside**. ',
  'Plain sentences make up the rest of the report, as in any real match story. ',
];
let paragraph = '';
for (let i = 0; paragraph.length < LIMITS.paragraphMax; i += 1) paragraph += pieces[i % pieces.length];
paragraph = paragraph.slice(0, LIMITS.paragraphMax);

// A different paragraph each run (one character changes), so no cache anywhere can answer for the parser.
const variant = (n) => `${paragraph.slice(0, -6)}${String(n).padStart(6, '0')}`;
const render = (text) =>
  renderToString(
    createElement(MarkTreesContext, { value: parseMarks }, createElement(RichText, { text, format: 'marks' })),
  );

const html = render(paragraph);
const counts = ['<strong>', '<em>', '<a '].map((tag) => `${tag.trim()} ×${html.split(tag).length - 1}`).join(', ');

for (let i = 0; i < WARM_UP; i += 1) render(variant(i));
// The garbage collections that run during the timed renders: a render that meets one pays for it, so how often they
// come (what a render allocates) shapes the tail as much as how fast a render is.
const collections = [];
const observer = new PerformanceObserver((list) => collections.push(...list.getEntries()));
observer.observe({ entryTypes: ['gc'] });
const times = [];
for (let i = 0; i < RUNS; i += 1) {
  const text = variant(WARM_UP + i);
  const start = performance.now();
  render(text);
  times.push(performance.now() - start);
}
// The observer hears of them asynchronously.
await new Promise((resolve) => setTimeout(resolve, 0));
observer.disconnect();
times.sort((a, b) => a - b);
const parseTimes = [];
for (let i = 0; i < RUNS; i += 1) {
  const text = variant(WARM_UP + RUNS + i);
  const start = performance.now();
  parseMarks(text);
  parseTimes.push(performance.now() - start);
}
parseTimes.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
const p50 = at(0.5);
const p95 = at(0.95);
console.log(`paragraph: ${paragraph.length} characters (${counts}), ${RUNS} renders after ${WARM_UP} warm-up`);
const parseP50 = parseTimes[Math.floor(0.5 * RUNS)];
const parseP95 = parseTimes[Math.floor(0.95 * RUNS)];
console.log(`parse alone: p50 ${parseP50.toFixed(3)} ms, p95 ${parseP95.toFixed(3)} ms`);
console.log(`parse + renderToString: p50 ${p50.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms (goal: p95 ≤ ${GOAL_MS} ms)`);
const gcMs = collections.map((entry) => entry.duration);
console.log(
  `garbage collections during the renders: ${collections.length} (one per ${(RUNS / Math.max(1, collections.length)).toFixed(0)} renders), ` +
    `${gcMs.reduce((a, b) => a + b, 0).toFixed(1)} ms in all, longest ${Math.max(0, ...gcMs).toFixed(3)} ms`,
);
// A shared machine's other work lands in the tail: say how busy it was, so a p95 over the goal can be judged.
console.log(`load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
if (p95 > GOAL_MS) {
  console.log('bench:marks: p95 is over the goal');
  process.exitCode = 1;
}
