// The outbox's sender in a worker thread, as a started server runs it (MAIL_SENDER=worker): on a file SQLite database
// or PostgreSQL, with its own connection, it delivers a newsletter to a real SMTP server once per member, and the
// app's close ends the thread, so nothing is left to keep the process alive.
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { lookup } from 'node:dns/promises';
import { sql } from 'kysely';
import { buildApp } from '../../../src/server/app';
import { openDatabase } from '../../../src/server/db/database';
import { startTestSmtp } from '../helpers/smtp';
import { within2s } from '../helpers/serverProcess';
import { createTestDb, onPostgres } from '../helpers/testDb';
import type { TestDb } from '../helpers/testDb';
import { PUBLIC_URL, TEST_PASSWORD_COST, TOKEN } from '../helpers/testApp';
import { addMember, deliver, publish, submission } from '../newsletters/helpers';

jest.setTimeout(60_000);

/** This process's threads (the main one, libuv's pool, V8's, and any worker's). */
const threads = () => readdirSync('/proc/self/task').length;

/** The app as a started server builds it with MAIL_SENDER=worker, ready (its sender thread started). */
async function workerApp(testDb: TestDb, smtpUrl: string) {
  const app = await buildApp({
    db: testDb.db,
    config: {
      adminToken: TOKEN,
      trustProxy: false,
      clientDir: '/nonexistent',
      publicUrl: PUBLIC_URL,
      mail: { smtpUrl, from: 'news@touchline.test', sender: 'worker' },
      database: testDb.config,
    },
    passwordCost: TEST_PASSWORD_COST,
    mailPollMs: 3_600_000,
  });
  await app.ready();
  return app;
}

it('sends from a worker thread once per member, and close() ends the thread', async () => {
  // libuv's thread pool starts on first use: started now, so only the worker can change the count below.
  await Promise.all([readFile(__filename), lookup('localhost')]);
  const smtp = await startTestSmtp();
  const testDb = await createTestDb();
  try {
    const before = threads();
    const app = await workerApp(testDb, smtp.url);
    let closed = false;
    try {
      expect(threads()).toBe(before + 1);
      await addMember(testDb.db, 'all@reader.test', { all: true });
      await addMember(testDb.db, 'football@reader.test', { tags: ['football'] });
      await addMember(testDb.db, 'tennis@reader.test', { tags: ['tennis'] });
      await addMember(testDb.db, 'left@reader.test', { all: true, status: 'unsubscribed' });
      await publish(app, submission('Derby day', ['Football']));
      await deliver(app);
      // A second look finds nothing more to send: each member was mailed once.
      await deliver(app);
      const received = smtp.messages.map((message) => `${message.to.join()} ${message.subject}`).sort();
      expect(received).toEqual(['all@reader.test Derby day', 'football@reader.test Derby day']);
      await app.close();
      closed = true;
      expect(threads()).toBe(before);
    } finally {
      if (!closed) await app.close();
    }
  } finally {
    await testDb.drop();
    await smtp.close();
  }
});

it('lets a transaction that read before another connection (the sender thread) wrote still write and commit', async () => {
  const testDb = await createTestDb();
  const other = openDatabase(testDb.config);
  try {
    if (testDb.config.kind === 'sqlite') await sql`pragma busy_timeout = 0`.execute(other.kysely);
    await testDb.db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom('members').select('id').execute();
      // The other connection writes meanwhile: it commits (PostgreSQL), or finds the write lock taken (SQLite).
      await addMember(other, 'sender@reader.test').catch(() => undefined);
      await trx
        .insertInto('members')
        .values({ email: 'request@reader.test', name: '', status: 'active', all_posts: 0, created_at: 'now' })
        .execute();
    });
    const emails = await testDb.db.kysely.selectFrom('members').select('email').execute();
    expect(emails.map((row) => row.email)).toContain('request@reader.test');
  } finally {
    await other.kysely.destroy();
    await testDb.drop();
  }
});

/** Each of this process's threads by tid: the fields of its /proc/self/task/<tid>/stat after the name. */
const threadStats = () =>
  new Map(
    readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [tid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')] as const;
    }),
  );
/** The thread this test runs on, the app's requests' thread (named by tid, not by its place in the listing). */
const thisThread = () => /\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))![1]!;
/** Each thread's nice value (field 19), by tid. */
const niceValues = () => new Map([...threadStats()].map(([tid, fields]) => [tid, Number(fields[16])]));
/** Each thread's scheduling policy (field 41), by tid: 0 SCHED_OTHER, 5 SCHED_IDLE. */
const SCHED_IDLE = 5;
const policies = () => new Map([...threadStats()].map(([tid, fields]) => [tid, Number(fields[38])]));
const valuesOf = (byTid: Map<string, number>) => [...byTid.values()];

(onPostgres ? it.skip : it)(
  'runs the sender below the requests’ priority and in the idle class, and on SQLite checkpoints the WAL the app’s connection leaves to it',
  async () => {
    const self = thisThread();
    const processNice = niceValues().get(self)!;
    const smtp = await startTestSmtp();
    const testDb = await createTestDb();
    try {
      const app = await workerApp(testDb, smtp.url);
      try {
        const file = testDb.config.kind === 'sqlite' ? testDb.config.file : '';
        const setting = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(testDb.db.kysely);
        expect(setting.rows[0]?.wal_autocheckpoint).toBe(0);
        // The worker lowers its own thread's priority as it starts (to 10, or stays where a `nice` start put the
        // process); this thread keeps the process's.
        await within2s(
          async () => valuesOf(niceValues()).filter((nice) => nice === Math.max(10, processNice)).length > 0,
        );
        // On failure the whole map says which thread holds which value.
        expect({ self, nice: niceValues().get(self) }).toEqual({ self, nice: processNice });
        if (processNice < 10) expect(valuesOf(niceValues()).filter((nice) => nice === 10)).toHaveLength(1);
        // And in the idle class: a request's thread that wakes takes the core at once, not after the sender's slice.
        await within2s(async () => valuesOf(policies()).filter((policy) => policy === SCHED_IDLE).length === 1);
        expect({ self, policy: policies().get(self) }).toEqual({ self, policy: 0 });
        // A write goes to the WAL only: the database file changes when a checkpoint copies it back, within a second.
        const before = statSync(file).mtimeMs;
        await publish(app, submission('Checkpointed', ['Football']));
        await within2s(async () => statSync(file).mtimeMs > before);
      } finally {
        await app.close();
      }
    } finally {
      await testDb.drop();
      await smtp.close();
    }
  },
);
