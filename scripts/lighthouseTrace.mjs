// `node scripts/lighthouseTrace.mjs [--runs N] [--count 200] [--path /page/1] [--save DIR]`: where the main thread's
// time goes on the live post with 200 updates (or `--path`), the page whose Total Blocking Time Lighthouse marks down.
// Runs Lighthouse's performance category on it (mobile, simulated throttling, as `npm run lighthouse`) with V8's
// sampling profiler added to its trace, and prints its score, TBT and long tasks, then each task of the observed
// (unthrottled) trace that the simulation's 4× slower CPU turns into a long one: what it ran (script, a timer, style,
// layout, paint) and the functions that used it. `--save DIR` keeps each trace for Chromium's Performance panel.
// Needs `npm run build` first.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { parseArgs } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  firstPostId,
  requireBuildAndBrowser,
  startBuiltServer,
} from './lib/builtServer.mjs';
import { makeLive } from './lib/measurePosts.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    count: { type: 'string', default: '200' },
    save: { type: 'string' },
    path: { type: 'string' },
  },
});
const runs = Math.max(1, Number.parseInt(values.runs, 10) || 1);
/** Lighthouse's simulated mobile CPU is this many times slower than the machine's, so a 50 ms task is this part of it. */
const SLOWDOWN = 4;
const OBSERVED_LONG_MS = 50 / SLOWDOWN;

requireBuildAndBrowser('lighthouseTrace');

const isTask = (event) =>
  event.ph === 'X' && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');

/** What a trace event ran, in words: its name and, for script, the file or function. */
function describe(event) {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  const where = data.url ? data.url.replace(/^.*\//, '') : '';
  const fn = data.functionName ? `${data.functionName}()` : '';
  const detail = [data.type, fn, where].filter(Boolean).join(' ');
  return detail ? `${event.name} (${detail})` : event.name;
}

const frameName = (frame) =>
  `${frame.functionName || '(anonymous)'} ${frame.url ? frame.url.replace(/^.*\//, '') : ''}`.trim();

/**
 * Time per JS function inside [from, to] (µs, trace clock) from the main thread's CPU profile: `self`, and
 * `inclusive` (with what it called) for our own code, the chunks other than the libraries'.
 */
function profileTimes(events, key, from, to) {
  const [pid] = key.split(':');
  const profile = events.find((event) => event.name === 'Profile' && `${event.pid}:${event.tid}` === key);
  const nodes = new Map();
  const samples = [];
  let time = profile?.args.data.startTime ?? 0;
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || String(event.pid) !== pid || event.id !== profile?.id) continue;
    const chunk = event.args.data.cpuProfile ?? {};
    for (const node of chunk.nodes ?? []) nodes.set(node.id, node);
    const deltas = event.args.data.timeDeltas ?? [];
    (chunk.samples ?? []).forEach((id, index) => {
      time += deltas[index] ?? 0;
      samples.push([time, id]);
    });
  }
  const self = new Map();
  const inclusive = new Map();
  const add = (map, name, us) => map.set(name, (map.get(name) ?? 0) + us);
  for (let index = 0; index < samples.length - 1; index += 1) {
    const [at, id] = samples[index];
    if (at < from || at > to) continue;
    const us = samples[index + 1][0] - at;
    const node = nodes.get(id);
    if (!node) continue;
    add(self, frameName(node.callFrame), us);
    const seen = new Set();
    for (let up = node; up; up = nodes.get(up.parent)) {
      const { url } = up.callFrame;
      if (!url || /\/(vendor|rolldown-runtime)-/.test(url)) continue;
      const name = frameName(up.callFrame);
      if (!seen.has(name)) add(inclusive, name, us);
      seen.add(name);
    }
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return { self: sorted(self), inclusive: sorted(inclusive) };
}

function analyse(trace) {
  const events = trace.traceEvents;
  // The page's main thread and the navigation's start, as Lighthouse finds them.
  const { mainThreadEvents, timeOriginEvt } = TraceProcessor.processTrace(trace);
  const key = `${mainThreadEvents[0].pid}:${mainThreadEvents[0].tid}`;
  const own = mainThreadEvents.filter((event) => event.ph === 'X');
  // Top-level tasks only: a RunTask inside another (the scheduler's nesting) is part of it.
  const tasks = own
    .filter(isTask)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
    .filter(
      (task, index, sorted) => !sorted.some((outer, at) => at < index && outer.ts + outer.dur >= task.ts + task.dur),
    );
  const origin = timeOriginEvt.ts;
  const long = [];
  for (const task of tasks) {
    const ms = task.dur / 1000;
    if (ms < OBSERVED_LONG_MS) continue;
    // The task's work one level below it (the scheduler's nested RunTasks seen through), largest first.
    const inside = own.filter(
      (event) => !isTask(event) && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur,
    );
    const encloses = (outer, event) =>
      outer !== event && outer.ts <= event.ts && outer.ts + outer.dur >= event.ts + event.dur;
    const children = inside
      .filter((event) => !inside.some((outer) => encloses(outer, event)))
      .sort((a, b) => b.dur - a.dur);
    const kinds = new Map();
    for (const name of [
      'UpdateLayoutTree',
      'Layout',
      'Paint',
      'PrePaint',
      'Layerize',
      'ParseHTML',
      'GCEvent',
      'MinorGC',
      'MajorGC',
      'V8.GC_SCAVENGER',
      'ParseAuthorStyleSheet',
    ]) {
      const total = inside.filter((event) => event.name === name).reduce((sum, event) => sum + event.dur, 0);
      if (total > 0) kinds.set(name, total / 1000);
    }
    long.push({
      at: (task.ts - origin) / 1000,
      ms,
      children: children.slice(0, 4).map((event) => `${describe(event)} ${(event.dur / 1000).toFixed(0)} ms`),
      kinds,
      functions: profileTimes(events, key, task.ts, task.ts + task.dur),
    });
  }
  const all = tasks.reduce((sum, task) => sum + task.dur / 1000, 0);
  return { long, all, count: tasks.length };
}

const server = await startBuiltServer({ ports: [4400, 4419] });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
try {
  const postId = await firstPostId(server.url);
  const count = Number.parseInt(values.count, 10);
  const path = values.path ?? `/page/${await makeLive(server, postId - 1, count)}`;
  console.log(`lighthouseTrace: ${path}${values.path ? '' : ` with ${count} updates`}`);
  for (let run = 1; run <= runs; run += 1) {
    const { lhr, artifacts } = await lighthouse(
      server.url + path,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      { extends: 'lighthouse:default', settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } },
    );
    if (values.save) {
      mkdirSync(values.save, { recursive: true });
      writeFileSync(join(values.save, `trace-${run}.json`), JSON.stringify(artifacts.Trace));
    }
    const audit = (id) => lhr.audits[id];
    console.log(
      `\nrun ${run}: performance ${Math.round(lhr.categories.performance.score * 100)}, ` +
        `TBT ${audit('total-blocking-time').displayValue}, CLS ${audit('cumulative-layout-shift').displayValue}, ` +
        // Lighthouse's measure of this machine's CPU: the simulation slows the observed tasks by 4× whatever it is, so
        // a slower host (under 1,000 Lighthouse warns) reads a higher TBT for the same page.
        `host benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
    );
    const groups = audit('mainthread-work-breakdown').details?.items ?? [];
    console.log(
      `  main-thread work: ${groups.map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)} ms`).join(', ')}`,
    );
    for (const item of audit('layout-shifts').details?.items ?? [])
      console.log(`  layout shift ${item.score.toFixed(3)}: ${item.node?.snippet ?? item.node?.nodeLabel ?? ''}`);
    console.log('  Lighthouse long tasks (simulated ms):');
    for (const item of audit('long-tasks').details?.items ?? [])
      console.log(`    at ${Math.round(item.startTime)} ms: ${Math.round(item.duration)} ms ${item.url}`);
    const { long, all, count: tasks } = analyse(artifacts.Trace);
    console.log(
      `  observed tasks of ${OBSERVED_LONG_MS} ms or more (${SLOWDOWN}× that in the simulation), ` +
        `main thread ${all.toFixed(0)} ms in ${tasks} tasks:`,
    );
    for (const task of long) {
      console.log(`    at ${task.at.toFixed(0)} ms: ${task.ms.toFixed(1)} ms`);
      for (const child of task.children) console.log(`        ${child}`);
      if (task.kinds.size)
        console.log(
          `        of which ${[...task.kinds].map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`).join(', ')}`,
        );
      const list = (times) =>
        times
          .slice(0, 8)
          .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`)
          .join(', ');
      console.log(`        functions (self ms): ${list(task.functions.self)}`);
      if (task.functions.inclusive.length)
        console.log(`        our code (with its calls, ms): ${list(task.functions.inclusive)}`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
