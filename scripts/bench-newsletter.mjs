// `npm run bench:newsletter`: a newsletter to BENCH_MEMBERS (default 100,000) active members of one server process
// (the compiled server as `npm start` runs it, dist/server/main.js, built first when older than its sources; a temp
// SQLite file; its mail sender in a worker thread unless MAIL_SENDER=thread), delivered to a real SMTP server
// (smtp-server) in another process.
// Prints: the publish p99 (and p50) with no members and while a 100,000-member newsletter is being queued and sent
// (3,000 publishes each, after 50 uncounted ones on each start, both sets from the same copy of the migrated file),
// the time from the publish's answer until every member's row is queued, the delivery rate, duplicates and losses,
// then a second newsletter whose server is SIGKILLed mid-send and restarted (losses, and duplicates against
// MAIL_CONNECTIONS), and the server's highest RSS (the process's, its threads included). BENCH_QUICK=1 stops after the set under way (the two p99s and what was sent during
// the set: about a minute); MAIL_RATE is passed to the server.
import { fork, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScript, stale } from './lib/staleBuild.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
// p99 of 3,000 is the thirtieth slowest: of 1,000 (the eleventh) it still moved by ±15 % between runs on the same tree,
// of 500 by ±20 %, of 200 by ±50 %. 3,000 publishes take about 10 s, so the set under way spans the whole queueing
// and the start of the sending. BENCH_PUBLISHES sets another count.
const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 3_000);
// Publishes made and not counted after each start, before the quiet set and before the newsletter alike: both sets are
// taken from a warmed process (compiled routes, prepared statements), not one measuring its own first requests.
const WARMUP = 50;
const CONNECTIONS = Number(process.env.MAIL_CONNECTIONS ?? 5);
const TOKEN = 'bench-newsletter-token-0123456789abcdef0123';
// What ships, not the sources under tsx: its loader and the modules it compiles, in both threads, were 30 to 40 MB of
// the RSS measured.
if (stale('dist/server/main.js', 'src/server', 'src/contract', 'tsconfig.server.json')) {
  runScript('build:server', 'bench:newsletter');
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const dir = mkdtempSync(join(tmpdir(), 'touchline-bench-newsletter-'));
const file = join(dir, 'touchline.db');

// The SMTP server, in its own process: counts every accepted message by subject and recipient.
const smtpSource = join(dir, 'smtp.cjs');
writeFileSync(
  smtpSource,
  `const { SMTPServer } = require(${JSON.stringify(require.resolve('smtp-server'))});
const seen = new Map();
const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, maxClients: 1000,
  onData(stream, session, done) {
    let head = '';
    stream.on('data', (chunk) => { if (head.length < 4000) head += chunk.toString('latin1'); });
    stream.on('end', () => {
      const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
      for (const to of session.envelope.rcptTo) {
        const key = subject + '\\t' + to.address;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      done();
    });
  } });
// The app's SIGKILL resets its connections: smtp-server reports that as an 'error', which must not end this process.
server.on('error', () => {});
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
process.on('message', (m) => {
  if (m !== 'count') return;
  const bySubject = {};
  for (const [key, n] of seen) {
    const subject = key.split('\\t')[0];
    const s = (bySubject[subject] ??= { distinct: 0, messages: 0 });
    s.distinct += 1; s.messages += n;
  }
  process.send({ bySubject });
});`,
);
const smtp = fork(smtpSource, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const smtpPort = await new Promise((resolve) => smtp.once('message', (m) => resolve(m.port)));
const counts = () =>
  new Promise((resolve) => {
    smtp.once('message', (m) => resolve(m.bySubject));
    smtp.send('count');
  });

/**
 * The highest RSS (kB) of each server started: the migrations, the quiet set, the newsletter, the one restarted after
 * the SIGKILL.
 */
const peaks = [];
function startServer() {
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dir,
    DATABASE_URL: `sqlite:${file}`,
    PORT: '0',
    ADMIN_TOKEN: TOKEN,
    LOG_LEVEL: 'warn',
    CLIENT_DIR: join(root, 'no-client'),
    PUBLIC_URL: 'https://touchline.example',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'news@touchline.example',
    MAIL_CONNECTIONS: String(CONNECTIONS),
    ...(process.env.MAIL_SENDER === undefined ? {} : { MAIL_SENDER: process.env.MAIL_SENDER }),
    ...(process.env.MAIL_RATE === undefined ? {} : { MAIL_RATE: process.env.MAIL_RATE }),
  };
  // BENCH_NODE_ARGS: extra flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (a profile per
  // process that exits cleanly: the first, and the one restarted after the SIGKILL).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = peaks.push(0) - 1;
  const rss = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      peaks[run] = Math.max(peaks[run], kb);
    } catch {
      /* gone */
    }
  }, 250);
  // stop() takes the child's exit listeners away, this one too: unref'd, the sampler never keeps the bench alive.
  rss.unref();
  child.on('exit', () => clearInterval(rss));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const url = /serving (http:\/\/\S+)/.exec(output)?.[1];
      if (url !== undefined) resolve({ child, url });
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
const stop = (child, signal = 'SIGTERM') =>
  new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill(signal);
  });

const post = (title, newsletter) => ({
  header: {
    title,
    sections: [{ type: 'single-paragraph', title: 'Report', paragraph: 'A short **match** report.', list: [] }],
    textFormat: 'marks',
  },
  newsletter,
});
async function publish(url, body) {
  const started = performance.now();
  const res = await fetch(`${url}/api/blogs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`publish: ${res.status} ${await res.text()}`);
  return { ms, id: (await res.json()).id };
}
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * q) - 1];
async function publishes(url, label, count = PUBLISHES) {
  const times = [];
  for (let i = 0; i < count; i += 1) times.push((await publish(url, post(`${label} ${i}`, false))).ms);
  // BENCH_TAIL=1: the set's slowest times (each with its place in the set: early ones met the queueing) and its p90,
  // to tell a shifted tail from one or two outliers.
  if (process.env.BENCH_TAIL) {
    const slowest = times
      .map((ms, index) => ({ ms, index }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 12);
    const list = slowest.map(({ ms, index }) => `${ms.toFixed(1)} (#${index})`).join(' ');
    console.log(`  ${label}: slowest ${list} ms; p90 ${quantile(times, 0.9).toFixed(1)} ms`);
  }
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

// Migrations and the seed, kept as a copy of the file: both sets start from it. The set under way used to run on the
// file the quiet set had grown by its publishes, and with no members at all (BENCH_MEMBERS=0) that second set read
// +6 to +10 % at p99 and +20 % at p50 of 10,000: the comparison measured the file's growth, not the newsletter.
let server = await startServer();
await stop(server.child);
const snapshot = join(dir, 'snapshot.db');
{
  const fresh = new Database(file);
  fresh.pragma('wal_checkpoint(TRUNCATE)');
  fresh.close();
  copyFileSync(file, snapshot);
}
server = await startServer();
await publishes(server.url, 'Warm-up', WARMUP);
const quiet = await publishes(server.url, 'No members');
await stop(server.child);
// Back to the copy, then the members written straight into the file (the import's speed is measured elsewhere).
for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
copyFileSync(snapshot, file);
const db = new Database(file);
const insert = db.prepare(
  "insert into members (email, name, status, all_posts, created_at) values (?, '', 'active', 1, ?)",
);
db.transaction(() => {
  const at = new Date().toISOString();
  for (let i = 0; i < MEMBERS; i += 1) insert.run(`reader${i}@bench.example`, at);
})();
const queuedOf = db.prepare('select count(*) as n from mail_outbox where post_id = ?');
const lastQueuedOf = db.prepare('select max(created_at) as at from mail_outbox where post_id = ?');
const sentOf = db.prepare('select count(*) as n from mail_outbox where post_id = ? and sent_at is not null');

server = await startServer();
await publishes(server.url, 'Warm-up again', WARMUP);
const first = await publish(server.url, post('Newsletter one', true));
const publishedAt = performance.now();
const publishedAtEpoch = Date.now();
// Nothing else runs on this thread while the set is measured (a synchronous count here would delay the fetches' own
// callbacks and land in their times): the queueing time is read afterwards, from the last batch's created_at.
const busy = await publishes(server.url, 'With members');
const fmt = (ms) => `${ms.toFixed(1)} ms`;
function printPublishes() {
  const change = (busy.p99 - quiet.p99) / quiet.p99;
  console.log(`  publish p99, no members:            ${fmt(quiet.p99)} (p50 ${fmt(quiet.p50)})`);
  console.log(
    `  publish p99, newsletter under way:  ${fmt(busy.p99)} (p50 ${fmt(busy.p50)}): ${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`,
  );
}
if (process.env.BENCH_QUICK) {
  const seconds = (performance.now() - publishedAt) / 1000;
  console.log(`bench:newsletter (quick): ${MEMBERS} active members, load ${loadavg()[0].toFixed(2)}`);
  printPublishes();
  console.log(`  sent during the set under way:      ${sentOf.get(first.id).n} in ${seconds.toFixed(1)} s`);
  await stop(server.child);
  smtp.kill();
  db.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
while (queuedOf.get(first.id).n < MEMBERS) await sleep(50);
const queuedMs = lastQueuedOf.get(first.id).at - publishedAtEpoch;
let one;
for (;;) {
  one = (await counts())['Newsletter one'] ?? { distinct: 0, messages: 0 };
  if (one.distinct >= MEMBERS) break;
  await sleep(250);
}
const deliveredMs = performance.now() - publishedAt;

// The second newsletter: SIGKILL once a third is sent, restart, and let it finish.
const second = await publish(server.url, post('Newsletter two', true));
while (sentOf.get(second.id).n < MEMBERS / 3) await sleep(50);
await stop(server.child, 'SIGKILL');
server = await startServer();
let two;
for (;;) {
  two = (await counts())['Newsletter two'] ?? { distinct: 0, messages: 0 };
  if (two.distinct >= MEMBERS && sentOf.get(second.id).n >= MEMBERS) break;
  await sleep(250);
}
await sleep(1_000);
two = (await counts())['Newsletter two'];
one = (await counts())['Newsletter one'];
await stop(server.child);
smtp.kill();
db.close();
rmSync(dir, { recursive: true, force: true });

console.log(
  `bench:newsletter: ${MEMBERS} active members, MAIL_CONNECTIONS=${CONNECTIONS}, MAIL_SENDER=${process.env.MAIL_SENDER ?? 'worker'}, load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
printPublishes();
console.log(`  all queued after:                   ${(queuedMs / 1000).toFixed(2)} s`);
console.log(
  `  delivered:                          ${one.distinct} in ${(deliveredMs / 1000).toFixed(1)} s, ${Math.round(one.distinct / (deliveredMs / 1000))} messages/s; duplicates ${one.messages - one.distinct}, lost ${MEMBERS - one.distinct}`,
);
console.log(
  `  after SIGKILL mid-send and restart: lost ${MEMBERS - two.distinct}, duplicates ${two.messages - two.distinct} (connections ${CONNECTIONS})`,
);
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
console.log(
  `  server RSS peak:                    ${mb(Math.max(...peaks))} (each start: ${peaks.map(mb).join(', ')})`,
);
