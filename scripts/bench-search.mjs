// `npm run bench:search`: 10,000 realistic posts in a temp SQLite database and (when PostgreSQL's binaries are here)
// a throwaway PostgreSQL cluster, then 200 different queries through HTTP (GET /api/search on the compiled server) and
// the same queries as a LIKE '%…%' scan over the same posts' text, and the same search called in the process (no HTTP,
// as the scan is timed). Prints p50 and p95 of each, per database.
// Posts are written by the repository's createPost (each indexed in its own transaction), then the whole index is
// rebuilt once (what an import does) to time that too. The scan runs in the database directly (no HTTP), which
// flatters it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { runScript, stale } from './lib/staleBuild.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const QUERIES = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

if (stale('dist/server/app.js', 'src/server')) runScript('build:server');
const dist = (path) => require(join(root, 'dist', path));

// A deterministic generator, so every run (and both databases) get the same posts and queries.
let seed = 2026;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = (list) => list[Math.floor(random() * list.length)];

const SPORTS = [
  'Football',
  'Tennis',
  'Formula 1',
  'Premier League',
  'Fútbol Sala',
  'Cycling',
  'Athletics',
  'Rugby',
  'Basketball',
  'Golf',
  'Cricket',
  'Swimming',
  'Boxing',
  'Champions League',
  'Marathon',
  'Olympics',
  'Skiing',
  'Volleyball',
  'Handball',
  'Hockey',
  'Baseball',
  'Rowing',
  'Triathlon',
  'Climbing',
  'Sailing',
  'Darts',
  'Snooker',
  'Motorsport',
  'Transfers',
  'Tactics',
];
const NAMES = [
  'Mbappé',
  'Haaland',
  'Alcaraz',
  'Sinner',
  'Verstappen',
  'Hamilton',
  'Pogačar',
  'Vingegaard',
  'Kipchoge',
  'Biles',
  'Dončić',
  'Jokić',
  'Świątek',
  'Sabalenka',
  'Müller',
  'Ødegaard',
  'Rodríguez',
  'Núñez',
  'Saka',
  'Bellingham',
];
const WORDS = `match season goal striker keeper defence midfield pressing counter attack injury recovery training
  sprint sprints sprinting championship champion final semifinal derby rivalry coach manager tactics formation lineup
  substitute penalty corner header volley dribble assist transfer contract stadium supporters crowd atmosphere
  weather rain wind pace endurance interval threshold nutrition protein hydration sleep mobility strength power
  racket serve return baseline volley tiebreak grand slam podium qualifying pit stop tyre strategy overtake lap
  peloton breakaway climb descent sprint finish medal record world olympic relay hurdles javelin marathon
  equipment boots gloves ball helmet jersey shoes watch tracker camera analysis statistics data expected goals`
  .split(/\s+/)
  .filter(Boolean);

const sentence = (n) => {
  const words = Array.from({ length: n }, () => (random() < 0.08 ? pick(NAMES) : pick(WORDS)));
  return `${words.join(' ')}.`.replace(/^./, (c) => c.toUpperCase());
};
const paragraph = () =>
  Array.from({ length: 3 + Math.floor(random() * 4) }, () => sentence(8 + Math.floor(random() * 10))).join(' ');

function post(i) {
  const tags = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(SPORTS)))];
  return {
    header: {
      icon: 'Trophy',
      title: `${pick(NAMES)} ${pick(WORDS)} ${pick(WORDS)}: ${pick(SPORTS)} ${pick(WORDS)} ${i}`,
      image: '',
      publishDate: 'March 14, 2024',
      readTime: '6 min read',
      tags,
      sections: [
        {
          type: 'single-paragraph',
          icon: 'Camera',
          title: sentence(4),
          paragraph: paragraph(),
          list: [sentence(5), sentence(6)],
        },
        {
          type: 'two-column',
          icon: 'Users',
          title: sentence(3),
          paragraph: paragraph(),
          columns: [
            { heading: pick(WORDS), list: [sentence(4), sentence(4)] },
            { heading: pick(WORDS), list: [sentence(4)] },
          ],
        },
      ],
    },
    products: [
      { title: `${pick(WORDS)} ${pick(WORDS)}`, description: sentence(10), price: '$49', imageUrl: '', amazonUrl: '' },
    ],
    footer: {
      authorName: `${pick(NAMES)} ${pick(['Silva', 'Okafor', 'Rivera', 'Nakamura'])}`,
      authorTitle: 'Writer',
      imageUrl: '',
    },
  };
}

/** 200 different queries, as readers type them: words, two words, a prefix, accents either way, phrases, exclusions. */
function queries() {
  const out = new Set();
  for (let attempt = 0; out.size < QUERIES; attempt += 1) {
    const kind = attempt % 8;
    const word = pick(WORDS);
    if (kind === 0) out.add(word);
    else if (kind === 1) out.add(`${word} ${pick(WORDS)}`);
    else if (kind === 2) out.add(word.slice(0, Math.max(3, word.length - 2)));
    else if (kind === 3) out.add(pick(NAMES));
    else if (kind === 4) out.add(pick(NAMES).normalize('NFKD').replace(/\p{M}/gu, ''));
    else if (kind === 5) out.add(`"${word} ${pick(WORDS)}"`);
    else if (kind === 6) out.add(`${word} -${pick(WORDS)}`);
    else out.add(`${pick(SPORTS).toLowerCase()} ${word}`);
  }
  return [...out];
}

/** The words of a query, for the LIKE scan: each must appear somewhere in the post's text. */
const likeWords = (q) =>
  (
    q
      .normalize('NFC')
      .toLowerCase()
      .match(/(?<!-)\b[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, 4);

async function seedPosts(db) {
  const { createPost } = dist('server/repositories/postsRepository.js');
  const { rebuildSearchIndex } = dist('server/search/searchIndex.js');
  const started = Date.now();
  for (let i = 1; i <= POSTS; i += 1) await createPost(db, post(i), new Date(Date.UTC(2026, 0, 1) + i * 60_000));
  const seeded = Date.now();
  await rebuildSearchIndex(db);
  return { seedMs: seeded - started, indexMs: Date.now() - seeded };
}

// One keep-alive connection, as a browser reuses one: the request's cost, not a new TCP connection's each time.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const get = (url) =>
  new Promise((resolve, reject) => {
    httpGet(url, { agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
    }).on('error', reject);
  });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function bench(kind, config) {
  const { openDatabase } = dist('server/db/database.js');
  const { migrateToLatest } = dist('server/db/migrate.js');
  const { buildApp } = dist('server/app.js');
  const db = openDatabase(config);
  await migrateToLatest(db);
  const { seedMs, indexMs } = await seedPosts(db);
  // The rebuild left a dead row behind each live one in PostgreSQL; autovacuum clears them within a minute or so of a
  // real import. Measure that steady state, not the minute after (p95 14.8 ms before the vacuum, 9.6 after).
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.kysely);
  const app = await buildApp({
    db,
    config: {
      adminToken: 'bench-token-0123456789abcdef0123456789',
      trustProxy: false,
      clientDir: join(tmpdir(), 'none'),
      publicUrl: 'http://localhost',
    },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const list = queries();
  const http = [];
  const direct = [];
  const scan = [];
  const { searchPosts } = dist('server/repositories/searchRepository.js');
  let found = 0;
  // The text a scan reads: title and everything the index holds, as one column (the same posts).
  const id = db.dialect === 'postgres' ? 'post_id' : 'rowid';
  await sql`create table post_search_scan as select ${sql.raw(id)} as id, lower(title) as title,
    lower(title || ' ' || body) as text from post_search`.execute(db.kysely);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const q of list) {
      let start = performance.now();
      const res = await get(`${address}/api/search?q=${encodeURIComponent(q)}`);
      const body = JSON.parse(res.body);
      http.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`${q}: ${res.status} ${res.body}`);
      if (round === 0 && body.items.length > 0) found += 1;
      // The same search without HTTP: what the database and the repository cost, as the scan is timed.
      start = performance.now();
      await searchPosts(db, { query: q.trim() });
      direct.push(performance.now() - start);
      const words = likeWords(q);
      start = performance.now();
      // The same question as search: public posts only, every word required, title matches first then newest, the
      // first page of 20. Ordering by a computed expression makes it read every row, as a LIKE scan must.
      const param = (() => {
        let n = 0;
        return () => (db.dialect === 'postgres' ? `$${(n += 1)}` : '?');
      })();
      const published = param();
      const textLike = words.map(() => `s.text like ${param()}`);
      const titleLike = words.map(() => `s.title like ${param()}`);
      const query = `select s.id from post_search_scan s join posts p on p.id = s.id
        where p.deleted_at is null and p.status = 'published' and (p.publish_at is null or p.publish_at <= ${published})
        ${textLike.map((w) => `and ${w}`).join(' ')}
        order by (${titleLike.join(' and ') || '1 = 1'}) desc, s.id desc limit 20`;
      const like = words.map((w) => `%${w}%`);
      await db.kysely.executeQuery(CompiledQuery.raw(query, [new Date().toISOString(), ...like, ...like]));
      scan.push(performance.now() - start);
    }
  }
  agent.destroy();
  await app.close();
  await db.kysely.destroy().catch(() => undefined);
  const row = (name, values) => ({
    database: kind,
    measured: name,
    'p50 ms': percentile(values, 50).toFixed(2),
    'p95 ms': percentile(values, 95).toFixed(2),
  });
  return {
    rows: [
      row('GET /api/search (HTTP)', http),
      row('searchPosts, no HTTP', direct),
      row("LIKE '%…%' scan (SQL only)", scan),
    ],
    found,
    seedMs,
    indexMs,
    http,
    direct,
    scan,
  };
}

const results = [];
if (process.argv.includes('--pg')) {
  results.push(await bench('PostgreSQL', { kind: 'postgres', url: process.env.TEST_DATABASE_URL }));
} else {
  const dir = mkdtempSync(join(tmpdir(), 'touchline-bench-search-'));
  try {
    results.push(await bench('SQLite', { kind: 'sqlite', file: join(dir, 'bench.db') }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
for (const result of results) {
  console.log(
    `bench:search ${result.rows[0].database}: ${POSTS} posts (written in ${(result.seedMs / 1000).toFixed(1)} s, indexed in ${(result.indexMs / 1000).toFixed(1)} s), ` +
      `${QUERIES} queries × ${ROUNDS} rounds, ${result.found} of ${QUERIES} queries found something`,
  );
  console.table(result.rows);
  const ratio = (search) => (percentile(result.scan, 95) / percentile(search, 95)).toFixed(1);
  console.log(
    `bench:search ${result.rows[0].database}: p95 ${percentile(result.http, 95).toFixed(2)} ms (goal ≤ 15), ` +
      `scan/search at p95 ${ratio(result.http)}× through HTTP, ${ratio(result.direct)}× without (goal ≥ 10×)`,
  );
}
if (!process.argv.includes('--pg') && !process.env.BENCH_NO_PG) {
  // The same on PostgreSQL, in a throwaway cluster (skipped where PostgreSQL is not installed).
  const run = spawnSync(
    'bash',
    [join(root, 'scripts/with-postgres.sh'), process.execPath, join(root, 'scripts/bench-search.mjs'), '--pg'],
    {
      stdio: 'inherit',
      env: process.env,
    },
  );
  if (run.status !== 0) console.log('bench:search: PostgreSQL run skipped or failed (see above)');
}
