// Builds the Fastify app from explicit dependencies. Listening, migrating and seeding belong to main.ts.
import type { ServerOptions } from 'node:http';
import Fastify, { LogController } from 'fastify';
import { sql } from 'kysely';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { AttemptLimiter, DEFAULT_ATTEMPT_LIMITS } from './accounts/attemptLimits';
import type { AttemptLimits } from './accounts/attemptLimits';
import { createWriteGuard } from './accounts/guard';
import { PasswordHasher } from './accounts/passwords';
import type { PasswordCost } from './accounts/passwords';
import { Sessions } from './accounts/sessions';
import { accountRoutes } from './routes/accountRoutes';
import { secondFactorRoutes } from './routes/secondFactorRoutes';
import { serverSecretOf } from './accounts/secretBox';
import { registerClient, readIndexHtml } from './pages/clientRoutes';
import { loadInlineStyles } from './pages/inlineStyles';
import { loadRouteHints } from './pages/routeHints';
import { createPageServer, loadPageRenderer, ssrBundleFile } from './pages/render';
import { createShellServer } from './pages/shell';
import type { RenderPage } from '../contract/rendering';
import { headTags } from './seo/head';
import type { Config, DatabaseConfig, MailConfig } from './config';
import { MailOutbox } from './mail/outbox';
import type { Outbox } from './mail/outbox';
import { WorkerOutbox } from './mail/workerOutbox';
import type { Mailer } from './mail/mailer';
import { DESK_MAIL_WINDOW_MS } from './mail/deskMail';
import type { Db } from './db/database';
import { answerClientError, registerErrorHandler } from './http/errors';
import { registerApiAnswers } from './http/apiAnswers';
import { ContentCaches } from './http/contentCaches';
import type { Schedule } from './http/contentCaches';
import { contentState, purgeTrash } from './repositories/postsRepository';
import { blogRoutes } from './routes/blogRoutes';
import { deskRoutes } from './routes/deskRoutes';
import { revisionsTrashRoutes } from './routes/revisionsTrashRoutes';
import { discoveryRoutes } from './routes/discoveryRoutes';
import { authorRoutes } from './routes/authorRoutes';
import { tagsSearchRoutes } from './routes/tagsSearchRoutes';
import { liveRoutes } from './routes/liveRoutes';
import { matchRoutes } from './routes/matchRoutes';
import { calendarRoutes } from './routes/calendarRoutes';
import { healthRoutes } from './routes/healthRoutes';
import { ImageService } from './images/imageService';
import { uploadRoutes } from './routes/uploadRoutes';
import { inlineScriptHashes, pageSecurityHeaders, PRE_ROUTING_HEADERS, registerSecurityHeaders } from './http/security';
import { zodValidatorCompiler } from './http/validation';
import { registerRequestLog } from './http/logging';
import { checkRequestLine } from './http/requestTarget';
import { BODY_LIMITS, closeLingering, DEFAULT_TIMEOUTS } from './http/requestLimits';
import type { Timeouts } from './http/requestLimits';
import { DEFAULT_LIVE_STREAM_OPTIONS, LiveStreams } from './live/liveStream';
import { LiveWrites } from './repositories/liveEventsRepository';
import { liveStreamRoutes } from './routes/liveStreamRoutes';
import { memberRoutes } from './routes/memberRoutes';
import { newsletterRoutes } from './routes/newsletterRoutes';
import { NewsletterDispatcher } from './newsletters/dispatcher';
import { NewsletterSender } from './newsletters/newsletterSender';
import { SKIPPED } from './newsletters/newsletterRepository';
import { UnsubscribeTokens } from './newsletters/unsubscribeToken';
import { commentRoutes } from './routes/commentRoutes';

export type AppConfig = Pick<Config, 'clientDir' | 'trustProxy'> & {
  adminToken: string;
  /** The origin of every absolute URL the app writes: PUBLIC_URL, else the listening address (no trailing slash). */
  publicUrl: string;
  /** The listening address's origin when PUBLIC_URL names another: a cookie write may come from either. */
  listenUrl?: string;
  /** SESSION_MAX_DAYS (default 90): a session's absolute lifetime. */
  sessionMaxDays?: number;
  /** LIVE_MAX_STREAMS (default 20,000): live streams this process holds at most. */
  liveMaxStreams?: number;
  /** SMTP_URL and MAIL_FROM: notifications and reset links by email; undefined: in the app only */
  mail?: MailConfig;
  /** The database `db` was opened from: a worker-thread mail sender opens its own connection to it (MAIL_SENDER). */
  database?: DatabaseConfig;
  /** SITE_TIME_ZONE (default UTC): the zone GET /api/matches?date= reads a day in */
  siteTimeZone?: string;
  /** SECRET_KEY and DATA_DIR: where second-factor secrets' key comes from (accounts/secretBox.ts) */
  secretKey?: string;
  dataDir?: string;
};

export type AppOptions = {
  db: Db;
  config: AppConfig;
  /** Fastify logger options; false (the default) for silence. */
  logger?: FastifyServerOptions['logger'];
  /** Guess limits, counted in the database (accounts/attemptLimits.ts has the defaults); tests lower them. */
  attemptLimits?: Partial<AttemptLimits>;
  /** argon2id cost: OWASP's by default; only tests lower it, to run quickly. */
  passwordCost?: PasswordCost;
  /** How long a cached list page may serve posts stored by other processes (default 1 s; 0 disables list caching). */
  listCacheTtlMs?: number;
  /** false: every read goes to the database (npm run bench:api measures that path too). Default true. */
  cacheReads?: boolean;
  /** The image pipeline (main.ts passes its own to run the backfill); a new one on `db` by default. */
  images?: ImageService;
  /** How often a process checks whether another one changed content (default 1 s), on a timer. */
  revisionCheckMs?: number;
  /** What runs that check (default: an unref'd setInterval); tests pass one they tick by hand. */
  scheduleRevisionCheck?: Schedule;
  /** The clock (epoch ms) for scheduling and caches; tests inject one to move time instead of sleeping. */
  now?: () => number;
  /** Server rendering; default: the SSR bundle beside CLIENT_DIR when there is one (tests pass the source's). */
  renderPage?: RenderPage;
  /** How long headers and bodies may take (http/requestLimits.ts has the defaults); socket tests shorten them. */
  timeouts?: Partial<Timeouts>;
  /** URLs per sitemap file (default 50,000, the protocol's limit); tests lower it to reach the index sooner. */
  sitemapMaxUrls?: number;
  /** The live stream's timings and caps (live/liveStream.ts has the defaults; maxStreams over config's); for tests. */
  live?: Partial<{ heartbeatMs: number; visibilityMs: number; pollMs: number; perAddress: number; maxStreams: number }>;
  /** How often the mail outbox looks for rows other processes queued or whose retry is due (default 3 s). */
  mailPollMs?: number;
  /** How often newsletters look for posts whose scheduled time came (default 3 s), and members queued per batch. */
  newsletter?: Partial<{ pollMs: number; batch: number; leaseMs: number }>;
};

const outboxes = new WeakMap<FastifyInstance, Outbox>();
const dispatchers = new WeakMap<FastifyInstance, NewsletterDispatcher>();
const contentCaches = new WeakMap<FastifyInstance, ContentCaches>();

/** The app's content caches (a test that empties the database behind one app's back makes it forget them). */
export const contentCachesOf = (app: FastifyInstance): ContentCaches | undefined => contentCaches.get(app);

/** The app's newsletter dispatcher, when mail is configured (tests drain it instead of waiting for its timer). */
export const newsletterDispatcherOf = (app: FastifyInstance): NewsletterDispatcher | undefined => dispatchers.get(app);

/** The app's mail sender, when mail is configured (tests drain it instead of waiting for its timer). */
export const mailOutboxOf = (app: FastifyInstance): Outbox | undefined => outboxes.get(app);

/**
 * The mail sender: in a worker thread with its own connection when the config asks for one (MAIL_SENDER, the default
 * of a started server) and the database can be shared with a thread (a file or PostgreSQL, not `:memory:`); else in
 * this thread (tests, in-memory SQLite).
 */
function createOutbox(
  db: Db,
  config: AppConfig,
  mail: MailConfig,
  now: () => number,
  pollMs: number | undefined,
  app: FastifyInstance,
): Outbox {
  const warn = (message: string) => app.log.warn(message);
  const outbox = { smtpUrl: mail.smtpUrl, from: mail.from, pollMs, connections: mail.connections, rate: mail.rate };
  const { database } = config;
  const shareable = database !== undefined && (database.kind === 'postgres' || database.file !== ':memory:');
  if (mail.sender === 'worker' && shareable) {
    const newsletter = { publicUrl: config.publicUrl, serverSecret: serverSecretOf(config), skippedText: SKIPPED };
    return new WorkerOutbox({ database, outbox, newsletter }, warn);
  }
  const newsletters = new NewsletterSender(db, config.publicUrl, new UnsubscribeTokens(serverSecretOf(config)), now);
  return new MailOutbox({
    ...outbox,
    db,
    now,
    warn,
    compose: newsletters.compose,
    rejected: newsletters.rejected,
    skippedText: SKIPPED,
  });
}

/** Errors Fastify finds before routing (bad percent-encoding), in the API's error shape. */
function answerFrameworkError(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(400).headers(PRE_ROUTING_HEADERS).send({ error: 'Malformed URL: invalid percent-encoding' });
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes proxy-addr's own reading of one (trust the `hops` nearest addresses,
 * as Express does): Fastify 5.12 takes a bare number as "trust nothing", which would give every client behind a load
 * balancer the balancer's address, so one guesser would lock everyone out.
 */
function trustProxyOption(trust: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export async function buildApp({
  db,
  config,
  logger = false,
  attemptLimits,
  passwordCost,
  listCacheTtlMs = 1_000,
  cacheReads = true,
  images = new ImageService(db),
  revisionCheckMs = 1_000,
  scheduleRevisionCheck,
  now = Date.now,
  renderPage,
  timeouts: timeoutOptions,
  sitemapMaxUrls,
  live,
  mailPollMs,
  newsletter,
}: AppOptions): Promise<FastifyInstance> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...timeoutOptions };
  const app = Fastify({
    logger,
    trustProxy: trustProxyOption(config.trustProxy),
    // One log line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Small for every route; only the routes that take a large body (post writes, uploads) raise it for themselves.
    bodyLimit: BODY_LIMITS.server,
    // Node checks these on a timer (http.connectionsCheckingInterval), so a slow client is cut within the timeout
    // plus one interval. requestTimeout is the longest any request may take to arrive: an upload's 2 minutes.
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs } as ServerOptions,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Past the router's default of 100 characters a path parameter matches no route (a 404); let every id reach its
    // schema instead, so a malformed id of any length is the 400 it is. Node caps the whole request head at 16 KB.
    routerOptions: { maxParamLength: 16_384 },
  });
  // Absolute-form targets and repeated Host lines, as RFC 9112 says, before routing (http/requestTarget.ts).
  checkRequestLine(app.server);
  // A connection that closes after its answer reads what the client still sends for a moment, so the answer arrives.
  closeLingering(app.server, timeouts.lingerMs);
  app.setValidatorCompiler(zodValidatorCompiler);
  registerErrorHandler(app);

  // One line per request, written whole (http/logging.ts); no hook at all when the log is silent.
  registerRequestLog(app);

  const indexHtml = readIndexHtml(config.clientDir);
  const styles = loadInlineStyles(config.clientDir);
  const pageHeaders = pageSecurityHeaders(indexHtml === undefined ? [] : inlineScriptHashes(indexHtml), styles.hashes);
  registerSecurityHeaders(app, pageHeaders);

  const caches = new ContentCaches({
    enabled: cacheReads,
    listTtlMs: listCacheTtlMs,
    readState: (at) => contentState(db, at),
    checkEveryMs: revisionCheckMs,
    schedule: scheduleRevisionCheck,
    now,
  });
  contentCaches.set(app, caches);
  // An old upload cleaned after the upgrade now has facts that cached post answers lack.
  images.onProcessed(() => void caches.invalidate());
  // The look at the shared revision runs on a timer, off the request path (http/contentCaches.ts).
  app.addHook('onReady', async () => {
    // Posts 30 days in the trash go at start too, not only on the next write (the clock is the app's own). A database
    // that does not answer now is no reason not to start: the next write purges.
    await purgeTrash(db, new Date(now())).catch((error: unknown) =>
      app.log.warn({ err: error }, 'trash purge at start failed; the next write will purge'),
    );
    await caches.start();
  });
  app.addHook('onClose', (_app, done) => {
    caches.stop();
    done();
  });

  // Live streams outlast every request timeout: they end when the client goes, or here, before the server closes (a
  // stream is no request to wait for), so their readers reconnect to another process. This app's live writes tell its
  // hub through liveWrites; other processes' writes come by NOTIFY or the SQLite poll.
  const liveWrites = new LiveWrites();
  const streams = new LiveStreams(db, {
    ...DEFAULT_LIVE_STREAM_OPTIONS,
    maxStreams: config.liveMaxStreams ?? DEFAULT_LIVE_STREAM_OPTIONS.maxStreams,
    ...live,
    writes: liveWrites,
    now,
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  app.addHook('onReady', () => streams.start());
  // A write that takes a post off the public site ends its streams here at once (other processes within a second).
  caches.onChange(() => void streams.checkVisibility());
  app.addHook('preClose', () => streams.stop());
  // Mail goes out from the outbox after each change commits; every process runs a sender (mail/outbox.ts), and a
  // newsletter dispatcher that queues a post's members when it first becomes public (newsletters/dispatcher.ts).
  const unsubscribeTokens = new UnsubscribeTokens(serverSecretOf(config));
  const outbox = config.mail === undefined ? undefined : createOutbox(db, config, config.mail, now, mailPollMs, app);
  const dispatcher =
    outbox === undefined
      ? undefined
      : new NewsletterDispatcher({
          db,
          now,
          queued: () => outbox.wake(),
          ...newsletter,
          warn: (message) => app.log.warn(message),
        });
  if (outbox !== undefined && dispatcher !== undefined) {
    outboxes.set(app, outbox);
    dispatchers.set(app, dispatcher);
    app.addHook('onReady', async () => {
      // A sender thread on SQLite checkpoints the WAL (mail/senderWorker.ts), which its marks fill fastest: a
      // request's commit then never pays for copying the log back into the database.
      if (outbox instanceof WorkerOutbox && db.dialect === 'sqlite') {
        await sql`pragma wal_autocheckpoint = 0`.execute(db.kysely);
      }
      outbox.start();
      dispatcher.start();
    });
    app.addHook('onClose', async () => {
      await dispatcher.stop();
      await outbox.stop();
    });
  }
  const mailer: Mailer = {
    enabled: outbox !== undefined,
    publicUrl: config.publicUrl,
    digestMs: config.mail?.digestMs ?? DESK_MAIL_WINDOW_MS,
    wake: () => {
      dispatcher?.wake();
      outbox?.wake();
    },
    track: (work) => outbox?.track(work),
  };

  const limiter = new AttemptLimiter(db, { ...DEFAULT_ATTEMPT_LIMITS, ...attemptLimits }, now);
  const sessions = new Sessions(db, now, { publicUrl: config.publicUrl, maxDays: config.sessionMaxDays });
  const ownOrigins = new Set(
    [config.publicUrl, config.listenUrl].filter((o): o is string => o !== undefined).map((o) => o.toLowerCase()),
  );
  const guard = createWriteGuard({ db, adminToken: config.adminToken, limiter, sessions, ownOrigins });
  const hasher = new PasswordHasher(passwordCost);

  await app.register(
    async (api) => {
      // Every answer's ETag, 304 and compression (http/apiAnswers.ts).
      registerApiAnswers(api);
      await api.register(blogRoutes, { db, guard, caches, now, jsonBodyMs: timeouts.jsonBodyMs, mailer });
      await api.register(revisionsTrashRoutes, { db, guard, caches, now });
      await api.register(deskRoutes, { db, guard, caches, now, mailer });
      await api.register(healthRoutes, { db });
      await api.register(accountRoutes, {
        db,
        guard,
        sessions,
        hasher,
        limiter,
        publicUrl: config.publicUrl,
        ownOrigins,
        now,
        mailer,
      });
      const secretKey = serverSecretOf(config);
      await api.register(secondFactorRoutes, {
        db,
        guard,
        sessions,
        hasher,
        limiter,
        publicUrl: config.publicUrl,
        ownOrigins,
        now,
        secretKey,
        mailer,
      });
      await api.register(tagsSearchRoutes, { db, guard, caches, now });
      await api.register(matchRoutes, { db, guard, caches, now, timeZone: config.siteTimeZone });
      await api.register(liveRoutes, { db, guard, caches, writes: liveWrites, now, jsonBodyMs: timeouts.jsonBodyMs });
      await api.register(liveStreamRoutes, { streams });
      await api.register(memberRoutes, { db, guard, ownOrigins, publicUrl: config.publicUrl, now, mailer });
      await api.register(newsletterRoutes, { db, guard, tokens: unsubscribeTokens });
      await api.register(commentRoutes, { db, guard, caches, ownOrigins, publicUrl: config.publicUrl, now, mailer });
    },
    { prefix: '/api' },
  );
  await app.register(uploadRoutes, { guard, images, idleMs: timeouts.uploadIdleMs });
  await app.register(discoveryRoutes, {
    db,
    caches,
    publicUrl: config.publicUrl,
    now,
    maxUrls: sitemapMaxUrls,
    security: pageHeaders,
  });
  await app.register(authorRoutes, { db, caches, publicUrl: config.publicUrl, now, security: pageHeaders });
  await app.register(calendarRoutes, { db, caches, publicUrl: config.publicUrl, security: pageHeaders });
  const hints = loadRouteHints(config.clientDir);
  const { publicUrl } = config;
  const render = renderPage ?? (await loadPageRenderer(ssrBundleFile(config.clientDir)));
  const pages =
    render && indexHtml !== undefined
      ? createPageServer({
          db,
          caches,
          indexHtml,
          render,
          hints,
          styles,
          publicUrl,
          log: app.log,
          now,
          security: pageHeaders,
          siteTimeZone: config.siteTimeZone,
        })
      : undefined;
  const shell =
    indexHtml === undefined
      ? undefined
      : createShellServer({
          db,
          indexHtml,
          hints,
          privateHead: (path) => headTags({ kind: 'private', path }, publicUrl),
          now,
        });
  // Admin pages need a session: without one the answer is a redirect to the sign-in card (ADMIN_TOKEN is no browser
  // session). Only admin paths pay for the lookup.
  const signedIn = async (request: FastifyRequest, reply: FastifyReply) =>
    (await sessions.resolve(request, reply)) !== undefined;
  await registerClient(app, config.clientDir, { render: pages?.render, cached: pages?.cached, shell, signedIn });
  return app;
}
