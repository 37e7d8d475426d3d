// Builds the real app (buildApp) on a test database; tests drive it with app.inject.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, contentCachesOf } from '../../../src/server/app';
import type { AppOptions } from '../../../src/server/app';
import type { Database, Db } from '../../../src/server/db/database';
import { createTestDb, emptyDatabase } from './testDb';
import type { TestDb } from './testDb';

export const TOKEN = 'test-admin-token-0123456789abcdef0123';
/** PUBLIC_URL of the test app: every absolute URL it writes starts with this. */
export const PUBLIC_URL = 'https://touchline.test';

export const TEST_PASSWORD_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export type TestApp = { app: FastifyInstance; db: Db; close: () => Promise<void> };

export async function startTestApp(
  options: {
    clientDir?: string;
    /** guess limits (accounts/attemptLimits.ts has the defaults) */
    attemptLimits?: AppOptions['attemptLimits'];
    listCacheTtlMs?: AppOptions['listCacheTtlMs'];
    revisionCheckMs?: AppOptions['revisionCheckMs'];
    /** runs the app's revision check (manualSchedule() makes one a test ticks by hand) */
    scheduleRevisionCheck?: AppOptions['scheduleRevisionCheck'];
    /** the app's clock (epoch ms): scheduling and caches follow it */
    now?: AppOptions['now'];
    /** server rendering (pages/render.test.ts passes the source's entry-server render) */
    renderPage?: AppOptions['renderPage'];
    publicUrl?: string;
    /** the listening address when it differs from PUBLIC_URL (main.ts passes it) */
    listenUrl?: string;
    /** SESSION_MAX_DAYS (default 90) */
    sessionMaxDays?: number;
    /** Fastify trustProxy as TRUST_PROXY gives it (default false) */
    trustProxy?: AppOptions['config']['trustProxy'];
    /** socket and body timeouts (tests shorten them) */
    timeouts?: AppOptions['timeouts'];
    /** URLs per sitemap file (default 50,000) */
    sitemapMaxUrls?: AppOptions['sitemapMaxUrls'];
    /** share the test file's database (the caller drops it); a fresh one otherwise */
    testDb?: TestDb;
    /** the live stream's timings and caps (tests shorten them) */
    live?: AppOptions['live'];
    /** SMTP_URL and MAIL_FROM (tests/server/helpers/smtp.ts runs a real SMTP server); no mail by default */
    mail?: AppOptions['config']['mail'];
    /** Fastify logger options (default: silent) */
    logger?: AppOptions['logger'];
    /** how often the mail outbox polls (default 3 s) */
    mailPollMs?: AppOptions['mailPollMs'];
  } = {},
): Promise<TestApp> {
  const testDb = options.testDb ?? (await createTestDb());
  const app = await buildApp({
    db: testDb.db,
    config: {
      adminToken: TOKEN,
      trustProxy: options.trustProxy ?? false,
      clientDir: options.clientDir ?? join(tmpdir(), 'touchline-no-client-here'),
      publicUrl: options.publicUrl ?? PUBLIC_URL,
      listenUrl: options.listenUrl,
      sessionMaxDays: options.sessionMaxDays,
      mail: options.mail,
    },
    attemptLimits: options.attemptLimits,
    // Tests only: a cheap argon2id, so a sign-in takes milliseconds (production always uses OWASP_COST).
    passwordCost: TEST_PASSWORD_COST,
    listCacheTtlMs: options.listCacheTtlMs,
    revisionCheckMs: options.revisionCheckMs,
    scheduleRevisionCheck: options.scheduleRevisionCheck,
    now: options.now,
    renderPage: options.renderPage,
    timeouts: options.timeouts,
    sitemapMaxUrls: options.sitemapMaxUrls,
    live: options.live,
    mailPollMs: options.mailPollMs,
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    db: testDb.db,
    close: async () => {
      await app.close();
      if (options.testDb === undefined) await testDb.drop();
    },
  };
}

/** What startTestApp takes. */
export type TestAppOptions = NonNullable<Parameters<typeof startTestApp>[0]>;

/** What useTestApp gives a test file: the app of the test that is running, on the file's one database. */
export type UsedTestApp = {
  readonly app: FastifyInstance;
  readonly db: Db;
  /** the file's database, for a second app on it (startTestApp({ testDb })) or a write that bypasses the app */
  readonly testDb: TestDb;
  /** the app's clock (epoch ms), back at `now` when each test starts; a test moves time by setting it */
  clock: number;
  /** closes this test's app and starts another on the same database, these options over the file's */
  restart: (options?: Omit<TestAppOptions, 'testDb' | 'now'>) => Promise<void>;
};

/**
 * The lifecycle of a server test file: one database for the file (dropped after it), emptied before each test, and a
 * fresh app on it for each test (closed after it). With `now` the app runs on a clock that starts each test at that
 * moment and moves only when the test sets `clock`; without it the app reads the wall clock. With `sharedApp` one app
 * serves every test of the file (building one costs 0.05 to 0.16 s of CPU): before each test its content caches are
 * dropped after the database is emptied; a test that calls `restart` gets its own, and the next test a fresh shared
 * one. Only for files whose tests leave no other state in the app (a token block once a limit is reached, live streams).
 */
export function useTestApp(
  options: Omit<TestAppOptions, 'testDb' | 'now'> & {
    /** the app clock's time (epoch ms) at the start of each test */
    now?: number;
    /** tables to empty before each test, besides the blog's own (see emptyDatabase) */
    alsoEmpty?: readonly (keyof Database)[];
    /** options known only once the file's own beforeAll has run (a server's port), read at every start */
    lateOptions?: () => Omit<TestAppOptions, 'testDb' | 'now'>;
    /** one app for the file's tests instead of one each (see above) */
    sharedApp?: boolean;
  } = {},
): UsedTestApp {
  const { now, alsoEmpty = [], lateOptions, sharedApp = false, ...fileOptions } = options;
  let testDb: TestDb | undefined;
  let current: TestApp | undefined;
  /** whether `current` is the file's shared app, as it was built (no restart since) */
  let shared = false;
  let clock = now;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestApp: no ${what} outside a test`);
    return value;
  };
  const start = async (more: Omit<TestAppOptions, 'testDb' | 'now'> = {}) => {
    current = await startTestApp({
      ...fileOptions,
      ...lateOptions?.(),
      ...more,
      testDb: ready(testDb, 'database'),
      now: now === undefined ? undefined : () => ready(clock, 'clock'),
    });
  };
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  beforeEach(async () => {
    const fileDb = ready(testDb, 'database');
    await emptyDatabase(fileDb);
    for (const table of alsoEmpty) await fileDb.db.kysely.deleteFrom(table).execute();
    clock = now;
    if (shared && current !== undefined) {
      await contentCachesOf(current.app)?.invalidate();
      return;
    }
    await start();
    shared = sharedApp;
  });
  afterEach(async () => {
    if (shared) return;
    await current?.close();
    current = undefined;
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
    await testDb?.drop();
  });
  return {
    get app() {
      return ready(current, 'app').app;
    },
    get db() {
      return ready(current, 'app').db;
    },
    get testDb() {
      return ready(testDb, 'database');
    },
    get clock() {
      if (now === undefined) throw new Error('useTestApp: this file gave no `now`, so its app reads the wall clock');
      return ready(clock, 'clock');
    },
    set clock(value: number) {
      if (now === undefined) throw new Error('useTestApp: this file gave no `now`, so its app reads the wall clock');
      clock = value;
    },
    restart: async (more) => {
      shared = false;
      await current?.close();
      current = undefined;
      await start(more);
    },
  };
}

/** A multipart/form-data body as app.inject takes it, built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, string | { bytes: Buffer; name: string; type?: string }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else
      form.append(
        key,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'application/octet-stream' }),
        value.name,
      );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/**
 * A revision-check schedule that runs only when the test calls tick(), which resolves when the check is done;
 * everyMs() is the interval the app asked for.
 */
export function manualSchedule() {
  let check: (() => Promise<void>) | undefined;
  let interval: number | undefined;
  return {
    schedule: (run: () => Promise<void>, everyMs: number) => {
      check = run;
      interval = everyMs;
      return () => {
        check = undefined;
      };
    },
    tick: () => check?.() ?? Promise.resolve(),
    everyMs: () => interval,
  };
}
