// `npm run bench:comments`: how long the post page's HTML takes to make when its post has 500 approved comments,
// with every cache off (each request reads and renders the page anew), in a temp SQLite database with the compiled
// server. Goal: p95 ≤ 15 ms. Also checks that the page holds only the first 50 threads and that the count query
// reads the comments through an index.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { runScript, stale } from './lib/staleBuild.mjs';
import { addApprovedComments } from './lib/measureComments.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 500);
const WARM_UP = 30;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const GOAL_P95_MS = 15;

if (stale('dist/server/app.js', 'src/server', 'src/contract')) runScript('build:server', 'bench:comments');
if (stale('dist/ssr/entry-server.mjs', 'src/client', 'src/contract')) runScript('build:ssr', 'bench:comments');
if (stale('dist/client/index.html')) runScript('build:client', 'bench:comments');

const dist = (path) => require(join(root, 'dist', path));
const { openDatabase } = dist('server/db/database.js');
const { migrateToLatest } = dist('server/db/migrate.js');
const { createPost } = dist('server/repositories/postsRepository.js');
const { SEED_POSTS } = dist('server/seed.js');
const { buildApp } = dist('server/app.js');

const dir = mkdtempSync(join(tmpdir(), 'touchline-bench-comments-'));
const file = join(dir, 'bench.db');
const db = openDatabase({ kind: 'sqlite', file });
try {
  await migrateToLatest(db);
  const { id } = await createPost(db, SEED_POSTS[0]);
  addApprovedComments(file, id, COMMENTS);

  // The count query's plan (the clause countPublicComments sends): the comments are searched through an index.
  const plan = new Database(file, { readonly: true })
    .prepare(
      `explain query plan select c.post_id, count(*) from comments c where c.post_id in (?) and c.status = 'approved' group by c.post_id`,
    )
    .all(id)
    .map((row) => row.detail);
  const config = {
    adminToken: 'bench-token-not-used-0123456789abcdef',
    trustProxy: false,
    clientDir: join(root, 'dist', 'client'),
    publicUrl: 'http://127.0.0.1',
  };
  const app = await buildApp({ db, config, cacheReads: false, listCacheTtlMs: 0 });
  const ask = () =>
    app.inject({ method: 'GET', url: `/page/${id}`, headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
  const first = await ask();
  const threads = (first.body.match(/<li id="comment-\d+" class="[^"]*"/g) ?? []).filter(
    (item) => !/reply/.test(item),
  ).length;
  for (let i = 0; i < WARM_UP; i += 1) await ask();
  const times = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    const answer = await ask();
    times.push(performance.now() - started);
    if (answer.statusCode !== 200) throw new Error(`GET /page/${id}: ${answer.statusCode}`);
  }
  await app.close();
  times.sort((a, b) => a - b);
  const at = (share) => Math.round(times[Math.floor(times.length * share)] * 10) / 10;
  const p95 = at(0.95);
  console.table({
    [`post page, ${COMMENTS} comments, caches off`]: {
      requests: REQUESTS,
      'p50 ms': at(0.5),
      'p95 ms': p95,
      'KB of HTML': Math.round(first.body.length / 1024),
      'threads in the page': threads,
    },
  });
  console.log(`count query plan: ${plan.join(' / ')}`);
  console.log(`goal: p95 ≤ ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'MISSED'}`);
  if (!first.body.includes(`Comments (${COMMENTS})`) || threads !== Math.min(50, Math.ceil(COMMENTS * 0.9))) {
    console.error('bench:comments: the page does not show the count and exactly the first 50 threads');
    process.exitCode = 1;
  }
  if (!plan.some((line) => /USING (COVERING )?INDEX comments_post/.test(line))) {
    console.error('bench:comments: the count query does not use the comments_post index');
    process.exitCode = 1;
  }
} finally {
  await db.close?.();
  rmSync(dir, { recursive: true, force: true });
}
