// `npm run bench:api`: autocannon on loopback against the compiled server with 1,000 posts in a temp SQLite database.
// Measured: the cached API reads and the post page as a browser asks for it (GET /page/:id, Accept text/html, brotli),
// each with request logging ON (LOG_LEVEL=info through the buffered asynchronous destination, into /dev/null) and set
// beside a bare `node:http` server sending the very same bytes and headers: this machine's ceiling, and the ratio the
// hot-path goals ask for (≥ 0.6×). Also: the same reads with logging silent and with the old synchronous log, the
// database path (read cache off), a bare Fastify, and how long each visitor page takes to make with every cache off.
// Each figure is the median of interleaved rounds, with the server's CPU time per request beside it (steadier than
// req/s on a machine others are using).
// json-server 1.0 serves the same 1,000 posts and summaries beside them (GET /posts/:id, a page of 20 summaries), the
// comparison the hot-path goals are set against. Every figure the goals name is repeated at the end with its target.
// Profile the servers with BENCH_CPU_PROF=DIR npm run bench:api: each server child runs under --cpu-prof and writes its
// profile into DIR when the bench stops it. BENCH_ONLY=list|detail|page measures one request, on the app and the bare
// server alone (what a profile of that request's hot path wants).
// Servers run in child processes so autocannon does not share their event loop. The page is whatever the server
// answers for it (the client shell, or the server-rendered page), so this script needs no change when that changes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { runScript, stale } from './lib/staleBuild.mjs';
import { request as httpRequest, createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const DURATION = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLOCK_TICKS = 100; // USER_HZ of /proc/<pid>/stat on Linux
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const APP_PORT = Number(process.env.BENCH_PORT ?? 3110);
const PORTS = {
  app: APP_PORT, // read cache on, logging LOG_LEVEL (info) through the asynchronous destination
  bareFastify: APP_PORT + 1,
  uncached: APP_PORT + 2, // every cache off, logging silent
  silent: APP_PORT + 3, // read cache on, logging silent
  syncLog: APP_PORT + 4, // read cache on, logging info written synchronously (pino's default destination; before)
  bareHttp: APP_PORT + 5,
  jsonServer: APP_PORT + 6,
};
const POSTS = 1000;
const POST_ID = 500;
// What Chromium sends when it navigates to a page.
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

async function serveApp(dbFile) {
  const dist = (path) => require(join(root, 'dist', path));
  const { openDatabase } = dist('server/db/database.js');
  const { migrateToLatest } = dist('server/db/migrate.js');
  const { createPost } = dist('server/repositories/postsRepository.js');
  const { SEED_POSTS } = dist('server/seed.js');
  const { buildApp } = dist('server/app.js');
  const { createLogDestination } = dist('server/http/logging.js');
  const pino = require('pino');
  const db = openDatabase({ kind: 'sqlite', file: dbFile });
  await migrateToLatest(db);
  for (let i = 0; i < POSTS; i += 1) {
    const sample = SEED_POSTS[i % SEED_POSTS.length];
    await createPost(db, { ...sample, header: { ...sample.header, title: `${sample.header.title} #${i + 1}` } });
  }
  const config = {
    adminToken: 'bench-token-not-used-0123456789abcdef',
    trustProxy: false,
    clientDir: join(root, 'dist', 'client'),
    publicUrl: `http://127.0.0.1:${PORTS.app}`,
  };
  const start = async (port, options) =>
    (await buildApp({ db, config, ...options })).listen({ port, host: '127.0.0.1' });
  // main.ts's logger, into /dev/null: the cost measured is making and writing the line, not a terminal's.
  await start(PORTS.app, {
    logger: { level: LOG_LEVEL, stream: createLogDestination({ dest: '/dev/null' }) },
  });
  await start(PORTS.silent, {});
  await start(PORTS.syncLog, {
    logger: { level: 'info', stream: pino.destination({ dest: '/dev/null', sync: true }) },
  });
  await start(PORTS.uncached, { cacheReads: false, listCacheTtlMs: 0 });
  console.log('ready');
}

async function serveBare(payloadFile) {
  const answers = JSON.parse(readFileSync(payloadFile, 'utf8'));
  for (const answer of Object.values(answers)) answer.bytes = Buffer.from(answer.body, 'base64');
  // node:http alone: the same status, type, encoding and bytes as the app, nothing else (no routing, no hooks).
  createServer((request, response) => {
    const answer = answers[request.url];
    if (answer === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { ...answer.headers, 'content-length': answer.bytes.length });
    response.end(answer.bytes);
  }).listen(PORTS.bareHttp, '127.0.0.1');
  const Fastify = require('fastify');
  const app = Fastify({ logger: false });
  for (const [path, answer] of Object.entries(answers))
    app.get(path, (_request, reply) => reply.headers(answer.headers).send(answer.bytes));
  await app.listen({ port: PORTS.bareFastify, host: '127.0.0.1' });
  console.log('ready');
}

/** json-server 1.0 on a file holding the app's own answers: every post in full, and the list's summaries. */
async function serveJsonServer(dbFile) {
  const child = spawn(
    process.execPath,
    [require.resolve('json-server/lib/bin.js'), dbFile, '--port', String(PORTS.jsonServer), '--host', '127.0.0.1'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${PORTS.jsonServer}/posts/${POST_ID}`;
  for (let tries = 0; tries < 200; tries += 1) {
    const answered = await fetchRaw(url).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (answered) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGTERM');
  throw new Error('json-server did not start');
}

function buildIfStale() {
  if (stale('dist/server/app.js', 'src/server', 'src/contract')) runScript('build:server', 'bench');
  if (stale('dist/client/index.html')) runScript('build:client', 'bench');
}

function startChild(args) {
  return new Promise((resolve, reject) => {
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const child = spawn(process.execPath, [...profile, new URL(import.meta.url).pathname, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_PORT: String(APP_PORT) },
    });
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`bench server ${args[0]} exited with ${code}`)));
  });
}

/** One answer exactly as sent: status, the headers that describe the body, and the raw (maybe compressed) bytes. */
function fetchRaw(url, headers = {}) {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const kept = {};
        for (const name of ['content-type', 'content-encoding', 'vary', 'cache-control', 'etag'])
          if (response.headers[name] !== undefined) kept[name] = response.headers[name];
        resolve({ status: response.statusCode, headers: kept, body });
      });
    })
      .on('error', reject)
      .end();
  });
}

function round(n) {
  return Math.round(n * 100) / 100;
}

/** CPU time (user + system) a process has used, in ms; undefined where /proc is missing. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** One autocannon run: requests per second, latency, and the server's CPU time per request. */
async function run(url, pid, headers, expect = 200) {
  const autocannon = require('autocannon');
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION / ROUNDS, headers });
  const after = cpuMs(pid);
  // A conditional request is right when every answer is a 304 (autocannon counts those as non-2xx).
  const wrong = expect === 304 ? result.requests.total - result['3xx'] : result.non2xx;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    avg: result.latency.average,
    bytes: result.throughput.total / Math.max(result.requests.total, 1),
    cpuUs: before === undefined || after === undefined ? undefined : ((after - before) * 1000) / result.requests.total,
    ok: wrong === 0 && result.errors === 0 ? 'yes' : `no (${wrong} not ${expect}, ${result.errors} errors)`,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Every variant of one request, in ROUNDS interleaved rounds (bare, app, silent, …, bare, app, …), each figure the
 * median of its rounds: on a shared machine the load drifts, and back-to-back runs of one variant would measure the
 * drift. CPU µs per request is the steadier figure: it barely depends on what else the machine is doing.
 */
async function measureGroup(variants, headers) {
  const results = variants.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1)
    for (const [index, variant] of variants.entries())
      results[index].push(
        await run(variant.url, variant.pid, { ...headers, ...variant.headers }, variant.headers ? 304 : 200),
      );
  const summary = results.map((runs) => ({
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
    avg: median(runs.map((r) => r.avg)),
    bytes: median(runs.map((r) => r.bytes)),
    cpuUs: runs[0].cpuUs === undefined ? undefined : median(runs.map((r) => r.cpuUs)),
    ok: runs.find((r) => r.ok !== 'yes')?.ok ?? 'yes',
  }));
  const ceiling = summary[0];
  return variants.map((variant, index) => {
    const r = summary[index];
    const isCeiling = index === 0;
    return {
      title: variant.title,
      'req/s': Math.round(r.rps),
      'vs bare http': isCeiling ? '' : `${round(r.rps / ceiling.rps)}×`,
      'CPU µs/req': r.cpuUs === undefined ? '' : Math.round(r.cpuUs),
      'CPU vs bare': isCeiling || r.cpuUs === undefined ? '' : `${round(ceiling.cpuUs / r.cpuUs)}×`,
      'p99 ms': r.p99,
      'avg ms': round(r.avg),
      'bytes/resp': Math.round(r.bytes),
      ok: r.ok,
    };
  });
}

/** Time to make each visitor page with every cache off: sequential requests, so each is one whole render. */
async function renderTimes(base) {
  const rows = [];
  for (const path of ['/', '/blog', `/page/${POST_ID}`, '/sample']) {
    const times = [];
    for (let i = 0; i < 10; i += 1) await fetchRaw(`${base}${path}`, BROWSER); // warm up the JIT
    for (let i = 0; i < 200; i += 1) {
      const started = process.hrtime.bigint();
      const answer = await fetchRaw(`${base}${path}`, BROWSER);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    rows.push({
      page: path,
      'mean ms': round(mean),
      'p50 ms': round(times[Math.floor(times.length * 0.5)]),
      'p95 ms': round(times[Math.floor(times.length * 0.95)]),
    });
  }
  return rows;
}

async function bench() {
  buildIfStale();
  const dir = mkdtempSync(join(tmpdir(), 'touchline-bench-'));
  const children = [];
  try {
    console.log(`bench: seeding ${POSTS} posts into a temp SQLite database`);
    children.push(await startChild(['--serve-app', join(dir, 'bench.db')]));
    const at = (port) => `http://127.0.0.1:${port}`;
    const app = at(PORTS.app);
    const answers = {
      '/list': await fetchRaw(`${app}/api/blogs`),
      '/detail': await fetchRaw(`${app}/api/blogs/${POST_ID}`),
      '/page': await fetchRaw(`${app}/page/${POST_ID}`, BROWSER),
    };
    for (const [path, answer] of Object.entries(answers))
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    writeFileSync(
      join(dir, 'payloads.json'),
      JSON.stringify(
        Object.fromEntries(
          Object.entries(answers).map(([path, a]) => [path, { headers: a.headers, body: a.body.toString('base64') }]),
        ),
      ),
    );
    children.push(await startChild(['--serve-bare', join(dir, 'payloads.json')]));
    const posts = [];
    for (let id = 1; id <= POSTS; id += 1) posts.push(JSON.parse((await fetchRaw(`${app}/api/blogs/${id}`)).body));
    const summaries = [];
    for (let cursor = ''; ;) {
      const page = await fetchRaw(`${app}/api/blogs?limit=100${cursor}`);
      const items = JSON.parse(page.body);
      summaries.push(...items);
      if (items.length < 100) break;
      cursor = `&cursor=${items[items.length - 1].id}`;
    }
    writeFileSync(join(dir, 'json-server.json'), JSON.stringify({ posts, summaries }));
    children.push(await serveJsonServer(join(dir, 'json-server.json')));
    const jsonServerPid = children[2].pid;
    const bare = at(PORTS.bareHttp);
    const page = answers['/page'];
    const decode = { br: brotliDecompressSync, gzip: gunzipSync }[page.headers['content-encoding']] ?? ((b) => b);
    const pageKind = decode(page.body).toString().includes('<div id="root"></div>') ? 'client shell' : 'rendered';

    console.log(
      `bench: ${DURATION} s per figure (${ROUNDS} interleaved rounds), ${CONNECTIONS} connections, Node ${process.version}; logging ${LOG_LEVEL} ` +
        `(buffered, asynchronous, into /dev/null) unless a row says otherwise\n`,
    );
    const rows = [];
    /** req/s by request and variant title */
    const rps = {};
    const [appPid, barePid] = children.map((child) => child.pid);
    const only = process.env.BENCH_ONLY;
    const group = async (label, path, appPath, headers) => {
      if (only && `/${only}` !== path) return;
      const variants = [
        { title: `  bare node:http, same ${answers[path].body.length} B`, url: `${bare}${path}`, pid: barePid },
        { title: label, url: `${app}${appPath}`, pid: appPid },
        { title: '  same, logging silent', url: `${at(PORTS.silent)}${appPath}`, pid: appPid },
      ];
      if (path === '/detail')
        variants.push({
          title: '  same, logging info written synchronously (before)',
          url: `${at(PORTS.syncLog)}${appPath}`,
          pid: appPid,
        });
      // A reader that has the post already: If-None-Match with its ETag, answered 304 with no body.
      if (answers[path].headers.etag !== undefined)
        variants.push({
          title: '  same, If-None-Match (304)',
          url: `${app}${appPath}`,
          pid: appPid,
          headers: { 'if-none-match': answers[path].headers.etag },
        });
      variants.push({
        title: '  same, every cache off (database)',
        url: `${at(PORTS.uncached)}${appPath}`,
        pid: appPid,
      });
      if (path !== '/page')
        variants.push({ title: '  bare Fastify, same bytes', url: `${at(PORTS.bareFastify)}${path}`, pid: barePid });
      const jsonServerPath = { '/list': '/summaries?_page=1&_per_page=20', '/detail': `/posts/${POST_ID}` }[path];
      if (jsonServerPath)
        variants.push({
          title: '  json-server 1.0, same posts',
          url: `${at(PORTS.jsonServer)}${jsonServerPath}`,
          pid: jsonServerPid,
        });
      if (only) variants.splice(2);
      const measured = await measureGroup(variants, headers);
      rps[path] = Object.fromEntries(measured.map((row, index) => [variants[index].title, row['req/s']]));
      // The app first, the ceiling last, as the table reads best.
      rows.push(...measured.slice(1), measured[0]);
    };
    await group(`GET /api/blogs (20 of ${POSTS}, ${answers['/list'].body.length} B)`, '/list', '/api/blogs');
    await group(`GET /api/blogs/${POST_ID} (${answers['/detail'].body.length} B)`, '/detail', `/api/blogs/${POST_ID}`);
    const encoding = page.headers['content-encoding'] ?? 'identity';
    await group(
      `GET /page/${POST_ID} as a browser (${pageKind}, ${page.body.length} B ${encoding})`,
      '/page',
      `/page/${POST_ID}`,
      BROWSER,
    );
    console.table(rows);
    const ratio = (path, over, under) => {
      if (!rps[path]) return 'not measured';
      const [a, b] = [over, under].map(
        (start) => Object.entries(rps[path]).find(([title]) => title.startsWith(start))?.[1],
      );
      return a && b ? `${round(a / b)}×` : 'not measured';
    };
    console.log('\nHot-path goals (logging info):');
    console.table([
      {
        request: 'GET /api/blogs/:id',
        figure: 'vs bare node:http',
        goal: '≥ 0.6×',
        measured: ratio('/detail', 'GET', '  bare node'),
      },
      {
        request: 'GET /api/blogs/:id',
        figure: 'vs json-server',
        goal: '≥ 3×',
        measured: ratio('/detail', 'GET', '  json-server'),
      },
      {
        request: 'GET /page/:id',
        figure: 'vs bare node:http',
        goal: '≥ 0.7×',
        measured: ratio('/page', 'GET', '  bare node'),
      },
      {
        request: 'GET /api/blogs',
        figure: 'vs json-server',
        goal: '≥ 3×',
        measured: ratio('/list', 'GET', '  json-server'),
      },
      // Goal: "A 304 answer costs no more than the 200 it replaces" (req/s of the 304 over the 200's).
      ...['/detail', '/page'].map((path) => ({
        request: `${path === '/page' ? 'GET /page/:id' : 'GET /api/blogs/:id'} If-None-Match`,
        figure: '304 vs its 200',
        goal: '≥ 1×',
        measured: ratio(path, '  same, If-None-Match', 'GET'),
      })),
    ]);
    if (!only) {
      console.log('\nMaking each visitor page with every cache off (sequential requests, one connection):');
      console.table(await renderTimes(at(PORTS.uncached)));
    }
    if (rows.some((row) => row.ok !== 'yes')) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

// A stopped server exits normally, so a --cpu-prof profile is written.
if (process.argv[2]?.startsWith('--serve-')) process.on('SIGTERM', () => process.exit(0));
// Last, so every constant above is initialised before it runs.
if (process.argv[2] === '--serve-app') await serveApp(process.argv[3]);
else if (process.argv[2] === '--serve-bare') await serveBare(process.argv[3]);
else await bench();
