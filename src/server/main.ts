// Entry point (scripts/start.mjs imports the compiled file): config → database → migrations → seed → listen.
import { createServer } from 'node:net';
import { pathTo } from '../contract/routes';
import { resolveAdminToken } from './accounts/adminToken';
import { buildApp } from './app';
import { ConfigError, listenUrl, loadConfig } from './config';
import { openDatabase } from './db/database';
import { ImageService } from './images/imageService';
import type { Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createLogDestination, createPrettyDestination, flushLog } from './http/logging';
import { seedIfEmpty } from './seed';
import { ensureOwner, setupCodeIfNoOwner } from './accounts/bootstrap';
import { PasswordHasher } from './accounts/passwords';
import { openFilesLimit, streamCapFor } from './live/openFiles';

/** A port nobody listens on at `host` right now, chosen by the system. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const admin = resolveAdminToken(config.adminToken, config.dataDir);
  const db: Db = openDatabase(config.database);
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db);
  const owner = config.owner === undefined ? undefined : await ensureOwner(db, config.owner, new PasswordHasher());
  const setupCode = owner === 'created' ? undefined : await setupCodeIfNoOwner(db);
  const images = new ImageService(db);
  // A person at a terminal reads lines; a file or a pipe (a log collector) gets JSON, one object a line.
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  const logDestination = pretty ? undefined : createLogDestination();
  // Without PUBLIC_URL, links use the address the server listens on. The app needs it before it listens (pages and
  // feeds made from it are cached), so PORT=0 ("any free port") is resolved to a free port here, first.
  const port = config.port === 0 && config.publicUrl === undefined ? await freePort(config.host) : config.port;
  // Each live stream holds a descriptor: the cap leaves the rest of the open-files limit to ordinary requests.
  const openFiles = openFilesLimit();
  const liveMaxStreams = streamCapFor(config.liveMaxStreams, openFiles);
  const appConfig = {
    ...config,
    liveMaxStreams,
    adminToken: admin.token,
    publicUrl: config.publicUrl ?? listenUrl(config.host, port),
    listenUrl: listenUrl(config.host, port),
  };
  const app = await buildApp({
    db,
    images,
    config: appConfig,
    logger: {
      level: config.logLevel,
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body.accessToken',
        'req.body.password',
        'req.body.code',
      ],
      stream: logDestination ?? createPrettyDestination(),
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => {
      console.error('touchline: in-flight requests did not finish within 10 s, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    console.log(`touchline: ${signal} received, finishing in-flight requests`);
    // close() stops accepting connections and waits for the requests already running.
    await images.stop();
    await app.close();
    await db.kysely.destroy();
    // The request log is buffered: write the last lines (those of the requests close() waited for) before exiting.
    if (logDestination !== undefined) await flushLog(logDestination);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port, host: config.host });

  const where = config.database.kind === 'sqlite' ? `SQLite ${config.database.file}` : 'PostgreSQL';
  const address = app.server.address();
  const url = listenUrl(config.host, typeof address === 'object' && address !== null ? address.port : port);
  console.log(`touchline: serving ${url}`);
  if (config.publicUrl !== undefined) console.log(`touchline: public URL ${config.publicUrl}`);
  if (liveMaxStreams < config.liveMaxStreams)
    console.log(`touchline: live streams capped at ${liveMaxStreams} (open-files limit ${openFiles})`);
  console.log(`touchline: database ${where}${seeded > 0 ? ` (seeded ${seeded} sample posts)` : ''}`);
  if (admin.source === 'env') console.log('touchline: admin token from ADMIN_TOKEN');
  // Never the token itself: start-up output ends up in logs that more people read than should publish.
  else if (admin.source === 'generated')
    console.log(`touchline: admin token generated and saved in ${admin.file} (readable by this user only)`);
  else console.log(`touchline: admin token in ${admin.file}`);
  // One line either way, and never the SMTP URL itself: it holds the mail server's password.
  if (config.mail === undefined) console.log('touchline: mail off (no SMTP_URL): notifications are in the app only');
  else console.log(`touchline: mail on: notifications and reset links are emailed from ${config.mail.from}`);
  if (owner === 'created') console.log(`touchline: owner account ${config.owner?.email} created from ADMIN_EMAIL`);
  // ADMIN_EMAIL only ever makes the first owner: a second one could remove the first.
  else if (owner === 'owner exists') console.log('touchline: ADMIN_EMAIL ignored: the site already has an owner');
  else if (owner === 'email taken')
    console.log(`touchline: ADMIN_EMAIL ignored: ${config.owner?.email} already has an account, which is not changed`);
  if (setupCode !== undefined)
    // The one way in to a new site: printed, never logged elsewhere; it works once, for 24 hours.
    console.log(
      `touchline: no owner yet: create the owner at ${appConfig.publicUrl}${pathTo('auth')}?setup=${setupCode}`,
    );
  console.log(`touchline: sign in at ${appConfig.publicUrl}${pathTo('auth')} to write posts at ${pathTo('admin')}`);

  // Uploads stored before image processing existed are cleaned and get their variants in the background, one at a
  // time behind new uploads (a reader who asks for one first gets it made on the spot).
  void images.startBackfill({
    onError: (error) =>
      app.log.warn({ err: error }, 'image backfill: an upload could not be processed now; it will be on request'),
  });
}

main().catch((error: unknown) => {
  // Configuration and start-up problems get one readable line, not a stack.
  if (error instanceof ConfigError) console.error(`touchline: ${error.message}`);
  else console.error(`touchline: could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
