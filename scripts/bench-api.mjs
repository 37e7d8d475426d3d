// `npm run bench:api`: autocannon on loopback against the compiled server with 1,000 posts in a temp SQLite database,
// as it runs (reads answered from its in-process cache) and with that cache off (every read from the database), and
// beside them a bare Fastify answering constant JSON of the same sizes (this stack's ceiling on this machine).
// Servers run in child processes so autocannon does not share their event loop.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const APP_PORT = Number(process.env.BENCH_PORT ?? 3110);
const BARE_PORT = APP_PORT + 1;
const UNCACHED_PORT = APP_PORT + 2;
const POSTS = 1000;

if (process.argv[2] === '--serve-app') await serveApp(process.argv[3], APP_PORT);
else if (process.argv[2] === '--serve-bare') await serveBare(process.argv[3], BARE_PORT);
else await bench();

async function serveApp(dbFile, port) {
  const dist = (path) => require(join(root, 'dist', path));
  const { openDatabase } = dist('server/db/database.js');
  const { migrateToLatest } = dist('server/db/migrate.js');
  const { createPost } = dist('server/repositories/postsRepository.js');
  const { SEED_POSTS } = dist('server/seed.js');
  const { buildApp } = dist('server/app.js');
  const db = openDatabase({ kind: 'sqlite', file: dbFile });
  await migrateToLatest(db);
  for (let i = 0; i < POSTS; i += 1) {
    const sample = SEED_POSTS[i % SEED_POSTS.length];
    await createPost(db, { ...sample, header: { ...sample.header, title: `${sample.header.title} #${i + 1}` } });
  }
  const config = { adminToken: 'bench-token-not-used', trustProxy: false, clientDir: join(dbFile, 'no-client') };
  const app = await buildApp({ db, config });
  await app.listen({ port, host: '127.0.0.1' });
  const uncached = await buildApp({ db, config, cacheReads: false });
  await uncached.listen({ port: UNCACHED_PORT, host: '127.0.0.1' });
  console.log('ready');
}

async function serveBare(payloadFile, port) {
  const Fastify = require('fastify');
  const { list, detail } = JSON.parse(readFileSync(payloadFile, 'utf8'));
  const app = Fastify({ logger: false });
  // Constant strings of the same bytes the real app sends: no database, no serialization.
  app.get('/list', (_request, reply) => reply.type('application/json; charset=utf-8').send(list));
  app.get('/detail', (_request, reply) => reply.type('application/json; charset=utf-8').send(detail));
  await app.listen({ port, host: '127.0.0.1' });
  console.log('ready');
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildServerIfStale() {
  const built = join(root, 'dist/server/app.js');
  const stale =
    !existsSync(built) ||
    Math.max(newestMtime(join(root, 'src/server')), newestMtime(join(root, 'src/contract'))) > statSync(built).mtimeMs;
  if (!stale) return;
  console.log('bench: compiling the server (npm run build:server)');
  const result = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function startChild(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [new URL(import.meta.url).pathname, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_PORT: String(APP_PORT) },
    });
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`bench server ${args[0]} exited with ${code}`)));
  });
}

async function run(title, url) {
  const autocannon = require('autocannon');
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  const ok = result.non2xx === 0 && result.errors === 0;
  return {
    title,
    'req/s': Math.round(result.requests.average),
    'p99 ms': result.latency.p99,
    'avg ms': result.latency.average,
    'bytes/resp': Math.round(result.throughput.total / Math.max(result.requests.total, 1)),
    ok: ok ? 'yes' : `no (${result.non2xx} non-2xx, ${result.errors} errors)`,
  };
}

async function bench() {
  buildServerIfStale();
  const dir = mkdtempSync(join(tmpdir(), 'touchline-bench-'));
  const children = [];
  try {
    console.log(`bench: seeding ${POSTS} posts into a temp SQLite database`);
    const app = await startChild(['--serve-app', join(dir, 'bench.db')]);
    children.push(app);
    const base = `http://127.0.0.1:${APP_PORT}`;
    const list = await (await fetch(`${base}/api/blogs`)).text();
    const detail = await (await fetch(`${base}/api/blogs/500`)).text();
    writeFileSync(join(dir, 'payloads.json'), JSON.stringify({ list, detail }));
    children.push(await startChild(['--serve-bare', join(dir, 'payloads.json')]));
    const bare = `http://127.0.0.1:${BARE_PORT}`;
    const uncached = `http://127.0.0.1:${UNCACHED_PORT}`;

    console.log(`bench: ${DURATION} s per run, ${CONNECTIONS} connections, Node ${process.version}\n`);
    const rows = [];
    rows.push(await run(`GET /api/blogs (20 of ${POSTS}, ${list.length} B)`, `${base}/api/blogs`));
    rows.push(await run('  same, read cache off (database)', `${uncached}/api/blogs`));
    rows.push(await run(`  bare Fastify, constant ${list.length} B`, `${bare}/list`));
    rows.push(await run(`GET /api/blogs/500 (${detail.length} B)`, `${base}/api/blogs/500`));
    rows.push(await run('  same, read cache off (database)', `${uncached}/api/blogs/500`));
    rows.push(await run(`  bare Fastify, constant ${detail.length} B`, `${bare}/detail`));
    console.table(rows);
    if (rows.some((row) => row.ok !== 'yes')) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
