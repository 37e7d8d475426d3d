// `npm run bench:images`: the image pipeline on this machine, with a generated 4000×3000 photo-like JPEG of about
// 4 MB (scripts/lib/photo.mjs; no binary is committed):
//   1. the format choice: time and bytes to encode the whole width ladder in each candidate format;
//   2. upload to all variants: POST /api/uploads against the compiled server until its 201 (every variant stored);
//   3. serving: autocannon on one variant, GET /uploads/<hash>-960.avif (the modern format) and -1920.jpg.
// The server runs in a child process (temp SQLite database) so autocannon does not share its event loop.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { runScript, stale } from './lib/staleBuild.mjs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { photoJpeg } from './lib/photo.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3120);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 3);
const TOKEN = 'bench-images-token-0123456789abcdef0123';

/** The ceiling: a bare Fastify sending constant bytes of the same size, with no hooks, headers or database. */
async function serveBare(size) {
  const Fastify = require('fastify');
  const bytes = Buffer.alloc(Number(size), 7);
  const app = Fastify({ logger: false });
  app.get('/bytes', (_request, reply) => reply.type('image/jpeg').send(bytes));
  await app.listen({ port: PORT + 1, host: '127.0.0.1' });
  console.log('ready');
}

async function serve(dbFile) {
  const dist = (path) => require(join(root, 'dist', path));
  const { openDatabase } = dist('server/db/database.js');
  const { migrateToLatest } = dist('server/db/migrate.js');
  const { buildApp } = dist('server/app.js');
  const db = openDatabase({ kind: 'sqlite', file: dbFile });
  await migrateToLatest(db);
  const app = await buildApp({ db, config: { adminToken: TOKEN, trustProxy: false, clientDir: join(dbFile, 'none') } });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  console.log('ready');
}

function buildServerIfStale() {
  if (stale('dist/server/app.js', 'src/server', 'src/contract')) runScript('build:server', 'bench');
}

function startServer(...args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [new URL(import.meta.url).pathname, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_PORT: String(PORT) },
    });
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** Peak resident memory of a process in MB (Linux), or '?' elsewhere. */
function peakRssMb(pid) {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? '?' : Math.round(Number(kb) / 1024);
  } catch {
    return '?';
  }
}

const LADDER = [64, 128, 320, 640, 800, 960, 1280, 1920];
const CANDIDATES = {
  'JPEG q80 (mozjpeg)': (s) => s.jpeg({ quality: 80, mozjpeg: true }),
  'JPEG q80 (libjpeg)': (s) => s.jpeg({ quality: 80 }),
  'WebP q75 effort 4': (s) => s.webp({ quality: 75, effort: 4 }),
  'AVIF q50 effort 4 (default)': (s) => s.avif({ quality: 50, effort: 4 }),
  'AVIF q50 effort 2': (s) => s.avif({ quality: 50, effort: 2 }),
  'AVIF q50 effort 0': (s) => s.avif({ quality: 50, effort: 0 }),
};

async function compareFormats(photo) {
  // One libvips thread, as the server's queue gives each job on a 2-core machine: times are per core.
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  const rows = [];
  for (const [title, encode] of Object.entries(CANDIDATES)) {
    let ms = 0;
    let bytes = 0;
    let bytes1920 = 0;
    let ms1920 = 0;
    for (const width of LADDER) {
      const start = performance.now();
      const out = await encode(sharp(photo).autoOrient().resize({ width })).toBuffer();
      const took = performance.now() - start;
      ms += took;
      bytes += out.length;
      if (width === 1920) [bytes1920, ms1920] = [out.length, took];
    }
    rows.push({
      format: title,
      'ladder ms': Math.round(ms),
      'ladder KB': Math.round(bytes / 1024),
      '1920 ms': Math.round(ms1920),
      '1920 KB': Math.round(bytes1920 / 1024),
    });
  }
  sharp.concurrency(threads);
  return rows;
}

async function bench() {
  buildServerIfStale();
  console.log('bench: generating a 4000×3000 photo-like JPEG');
  const photos = [];
  for (let seed = 1; seed <= UPLOADS; seed += 1) photos.push(await photoJpeg(4000, 3000, { seed }));
  console.log(
    `bench: ${(photos[0].length / 1_048_576).toFixed(1)} MB, Node ${process.version}, sharp ${sharp.versions.sharp}\n`,
  );

  console.log('1. encoding the ladder (' + LADDER.join(', ') + ') from the photo, one thread:');
  console.table(await compareFormats(photos[0]));

  const dir = mkdtempSync(join(tmpdir(), 'touchline-bench-images-'));
  let server;
  let bare;
  try {
    server = await startServer('--serve', join(dir, 'bench.db'));
    const base = `http://127.0.0.1:${PORT}`;
    const times = [];
    let answer;
    for (const photo of photos) {
      const form = new FormData();
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      const start = performance.now();
      const res = await fetch(`${base}/api/uploads`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      times.push(performance.now() - start);
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      answer = await res.json();
    }
    const variants = answer.image.widths.length * (answer.image.formats.length + 1);
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `\n2. upload to all variants (${variants} variants: ${answer.image.widths.join(', ')} × ` +
        `${[...answer.image.formats, answer.image.fallback].join(' + ')}), ${UPLOADS} different photos:`,
    );
    console.log(
      `   median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms, ` +
        `min ${Math.round(sorted[0])} ms, max ${Math.round(sorted[sorted.length - 1])} ms; ` +
        `server peak RSS ${peakRssMb(server.pid)} MB`,
    );

    const hash = answer.url.slice('/uploads/'.length, '/uploads/'.length + 64);
    const autocannon = require('autocannon');
    const rows = [];
    for (const file of [`${hash}-960.${answer.image.formats[0]}`, `${hash}-1920.jpg`, 'bare']) {
      let url = `${base}/uploads/${file}`;
      let title = '';
      if (file === 'bare') {
        const size = (await (await fetch(`${base}/uploads/${hash}-1920.jpg`)).arrayBuffer()).byteLength;
        bare = await startServer('--serve-bare', String(size));
        url = `http://127.0.0.1:${PORT + 1}/bytes`;
        title = `  bare Fastify, constant ${Math.round(size / 1024)} KB`;
      } else {
        const size = (await (await fetch(url)).arrayBuffer()).byteLength;
        title = `/uploads/<hash>-${file.slice(65)} (${Math.round(size / 1024)} KB)`;
      }
      const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
      rows.push({
        url: title,
        'req/s': Math.round(result.requests.average),
        'avg ms': result.latency.average,
        'p99 ms': result.latency.p99,
        ok:
          result.non2xx === 0 && result.errors === 0 ? 'yes' : `no (${result.non2xx} non-2xx, ${result.errors} errors)`,
      });
    }
    console.log(`\n3. serving a variant: ${DURATION} s per run, ${CONNECTIONS} connections:`);
    console.table(rows);
    if (rows.some((row) => row.ok !== 'yes')) process.exitCode = 1;
  } finally {
    server?.kill('SIGTERM');
    bare?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3]);
else if (process.argv[2] === '--serve-bare') await serveBare(process.argv[3]);
else await bench();
