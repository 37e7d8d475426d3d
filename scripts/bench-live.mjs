// `npm run bench:live`: N readers (BENCH_READERS, default 10,000) on one live post of one server process, 20 entries
// posted through the API a second apart, and what it costs. Prints the delivery latency from each POST's 201 to every
// reader's receipt (p50, p99, max), the server's RSS per reader (idle RSS with the readers minus without, / N), and
// GET /api/blogs/:id throughput (autocannon, 10 connections) with the readers connected against without them, with the
// load average beside them (the machine may be shared).
// The server is src/server/main.ts under tsx on a temp SQLite file (BENCH_DATABASE_URL=postgres://… for PostgreSQL).
// Readers connect from 127.0.0.x source addresses, 10 per address (the per-address cap), so neither the cap nor the
// ephemeral ports run out. Each process needs a descriptor per reader: the bench raises its own and the server's
// limit with `ulimit -n` (it needs the hard limit to allow N + 1,000).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const READERS = Number(process.env.BENCH_READERS ?? 10_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PER_ADDRESS = 10;
const TOKEN = 'bench-live-token-0123456789abcdef0123456789';
const FDS = READERS + 1_000;

// Node cannot raise its own descriptor limit: run again under a shell that does.
if (process.env.BENCH_LIVE_CHILD === undefined) {
  const soft = Number(spawnSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
  if (soft < FDS) {
    console.log(`bench:live: raising the descriptor limit from ${soft} to ${FDS} (ulimit -n)`);
    const run = spawnSync(
      'bash',
      ['-c', `ulimit -n ${FDS} && exec "${process.execPath}" "${new URL(import.meta.url).pathname}"`],
      { stdio: 'inherit', env: { ...process.env, BENCH_LIVE_CHILD: '1' } },
    );
    process.exit(run.status ?? 1);
  }
}

/** A clock the bench's processes share (ms since the epoch, sub-millisecond). */
const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function startServer(dataDir) {
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: '0',
    ADMIN_TOKEN: TOKEN,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: join(root, 'no-client'),
    LIVE_MAX_STREAMS: String(READERS + 100),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  };
  const main = join(root, 'src', 'server', 'main.ts');
  const child = spawn('bash', ['-c', `ulimit -n ${FDS} && exec "${process.execPath}" --import tsx "${main}"`], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const seen = (chunk) => {
      output += chunk;
      const url = /serving (http:\/\/\S+)/.exec(output)?.[1];
      if (url !== undefined && output.includes('sign in at')) resolve({ child, url });
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

async function api(url, method, body) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** The `n`th source address: 127.0.0.2, … (10 readers each). */
const sourceAddress = (n) => {
  const k = Math.floor(n / PER_ADDRESS) + 2;
  return `127.0.${Math.floor(k / 250)}.${(k % 250) + 1}`;
};

/** Opens one stream; resolves once it is live. Each receipt of `id: N` is timed into `received[N]`. */
function openReader(base, postId, n, received) {
  return new Promise((resolve, reject) => {
    const request = get(`${base}/api/blogs/${postId}/live`, { localAddress: sourceAddress(n), agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`reader ${n}: ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let live = false;
      res.on('data', (chunk) => {
        const at = clock();
        if (!live && chunk.includes('retry: ')) {
          live = true;
          resolve(request);
        }
        for (const match of chunk.matchAll(/^id: (\d+)$/gm)) (received[Number(match[1])] ??= []).push(at);
      });
    });
    request.once('error', reject);
  });
}

/**
 * The readers' own process (forked with IPC), so their sockets and parsing share neither an event loop nor a heap
 * with autocannon: 'connect' opens them, 'report' sends the receipts, 'close' ends them.
 */
async function readersProcess() {
  const received = [];
  let readers = [];
  process.on('message', async (message) => {
    if (message.type === 'connect') {
      const started = clock();
      for (let n = 0; n < message.count; n += 250) {
        const batch = [];
        for (let k = n; k < Math.min(message.count, n + 250); k += 1)
          batch.push(openReader(message.url, message.postId, k, received));
        readers.push(...(await Promise.all(batch)));
      }
      process.send({ type: 'connected', ms: clock() - started });
    } else if (message.type === 'report') {
      process.send({ type: 'report', received });
    } else if (message.type === 'close') {
      for (const request of readers) request.destroy();
      readers = [];
      process.send({ type: 'closed' });
    }
  });
  process.send({ type: 'ready' });
}

function startReaders() {
  const child = spawn(
    'bash',
    ['-c', `ulimit -n ${FDS} && exec "${process.execPath}" "${new URL(import.meta.url).pathname}" readers`],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, BENCH_LIVE_CHILD: '1' } },
  );
  const replies = [];
  const waiting = [];
  child.on('message', (message) => {
    const next = waiting.shift();
    if (next) next(message);
    else replies.push(message);
  });
  const reply = () => new Promise((resolve) => (replies.length > 0 ? resolve(replies.shift()) : waiting.push(resolve)));
  const ask = (message) => {
    child.send(message);
    return reply();
  };
  return reply().then(() => ({ child, ask }));
}

async function throughput(url, seconds = SECONDS) {
  const autocannon = require('autocannon');
  const result = await autocannon({ url, connections: 10, duration: seconds });
  return result.requests.average;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'touchline-bench-live-'));
  const { child, url } = await startServer(dataDir);
  try {
    const created = await api(`${url}/api/blogs`, 'POST', {
      header: {
        icon: 'Trophy',
        title: 'Matchday live',
        image: 'https://images.example.com/derby.jpg',
        publishDate: 'March 14, 2024',
        readTime: '90 min read',
        sections: [{ type: 'single-paragraph', icon: 'Camera', title: 'Kick-off', paragraph: 'Live from the ground.' }],
      },
      products: [],
    });
    if (created.status !== 201) throw new Error(`creating the post: ${created.status} ${JSON.stringify(created.body)}`);
    const postId = created.body.id;
    const started = await api(`${url}/api/blogs/${postId}/live`, 'PUT', {
      state: 'live',
      match: { home: 'Arsenal', away: 'Chelsea', homeScore: '0', awayScore: '0', clock: "1'" },
    });
    if (started.status !== 200)
      throw new Error(`PUT /api/blogs/:id/live answered ${started.status}: this bench needs the live coverage routes`);
    const postUrl = `${url}/api/blogs/${postId}`;
    await throughput(postUrl, 3); // warm-up: JIT, caches
    // Without readers before and after them, averaged: a shared machine's load drifts while the bench runs.
    const withoutBefore = await throughput(postUrl);
    const loadBefore = load();
    await sleep(1_000);
    const rssWithout = rssKb(child.pid);

    console.log(`bench:live: connecting ${READERS} readers (load average ${load()})`);
    const readers = await startReaders();
    const connectMs = (await readers.ask({ type: 'connect', count: READERS, url, postId })).ms;
    await sleep(2_000);
    const rssWith = rssKb(child.pid);

    console.log(`bench:live: posting ${ENTRIES} entries a second apart`);
    const sent = [];
    const posted = [];
    for (let i = 0; i < ENTRIES; i += 1) {
      sent.push(clock());
      const res = await api(`${url}/api/blogs/${postId}/entries`, 'POST', {
        body: `Update ${i + 1}`,
        key: i % 5 === 0,
      });
      const at = clock();
      if (res.status !== 201) throw new Error(`POST entries answered ${res.status} ${JSON.stringify(res.body)}`);
      posted.push(at);
      await sleep(1_000);
    }
    await sleep(2_000);
    // Each entry is one event, in the order posted (nothing else writes to the post meanwhile).
    const { received } = await readers.ask({ type: 'report' });
    const ids = Object.keys(received)
      .map(Number)
      .filter((id) => received[id] !== null)
      .sort((a, b) => a - b);
    const fromCreated = [];
    const fromSent = [];
    let early = 0;
    let missing = 0;
    for (let i = 0; i < ENTRIES; i += 1) {
      const times = received[ids[i]] ?? [];
      missing += READERS - times.length;
      for (const at of times) {
        // A reader may have it before the writer has its 201 (the event goes out as the write commits).
        if (at < posted[i]) early += 1;
        fromCreated.push(Math.max(0, at - posted[i]));
        fromSent.push(at - sent[i]);
      }
    }
    fromCreated.sort((a, b) => a - b);
    fromSent.sort((a, b) => a - b);
    const latencies = fromCreated;

    const withReaders = await throughput(postUrl);
    const loadWith = load();
    await readers.ask({ type: 'close' });
    readers.child.kill('SIGTERM');
    await sleep(2_000);
    const withoutAfter = await throughput(postUrl);
    const withoutReaders = (withoutBefore + withoutAfter) / 2;
    const loadWithout = `${loadBefore} before, ${load()} after`;

    const kbPerReader = (rssWith - rssWithout) / READERS;
    console.log('');
    console.log(`readers connected          ${READERS} in ${(connectMs / 1000).toFixed(1)} s`);
    console.log(
      `delivery latency (201 → receipt)  p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  max ${latencies[latencies.length - 1].toFixed(1)} ms   (goal p99 ≤ 500 ms)`,
    );
    console.log(
      `delivery latency (POST sent → receipt)  p50 ${percentile(fromSent, 50).toFixed(1)} ms  p99 ${percentile(fromSent, 99).toFixed(1)} ms  max ${fromSent[fromSent.length - 1].toFixed(1)} ms`,
    );
    console.log(
      `receipts                   ${latencies.length} of ${READERS * ENTRIES} (missing ${missing}; ${early} before the writer had its 201, counted as 0 ms)`,
    );
    console.log(
      `server RSS                 ${(rssWithout / 1024).toFixed(1)} MB without, ${(rssWith / 1024).toFixed(1)} MB with: ${kbPerReader.toFixed(1)} KB per reader   (goal ≤ 20 KB)`,
    );
    console.log(
      `GET /api/blogs/:id         ${withReaders.toFixed(0)} req/s with readers (load ${loadWith}), ${withoutReaders.toFixed(0)} req/s without (load ${loadWithout}): ${(withReaders / withoutReaders).toFixed(2)}×   (goal ≥ 0.8×)`,
    );
    console.log(`cores ${require('node:os').cpus().length}, load average now ${load()}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const run = process.argv[2] === 'readers' ? readersProcess() : main().then(() => process.exit(0));
run.catch((error) => {
  console.error(`bench:live: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
