// Entry point (scripts/start.mjs imports the compiled file): config → database → migrations → seed → listen.
import { resolveAdminToken } from './adminToken';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { ImageService } from './images/imageService';
import type { Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const admin = resolveAdminToken(config.adminToken, config.dataDir);
  const db: Db = openDatabase(config.database);
  await migrateToLatest(db);
  const seeded = await seedIfEmpty(db);
  const images = new ImageService(db);
  const app = await buildApp({
    db,
    images,
    config: { ...config, adminToken: admin.token },
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.body.accessToken'] },
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
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const where = config.database.kind === 'sqlite' ? `SQLite ${config.database.file}` : 'PostgreSQL';
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  console.log(`touchline: serving ${url}`);
  console.log(`touchline: database ${where}${seeded > 0 ? ` (seeded ${seeded} sample posts)` : ''}`);
  if (admin.source === 'env') console.log('touchline: admin token from ADMIN_TOKEN');
  else if (admin.source === 'generated')
    console.log(`touchline: admin token generated and saved in ${admin.file}:\n  ${admin.token}`);
  else console.log(`touchline: admin token in ${admin.file}`);
  console.log(`touchline: write a post at ${url}/admin and publish it with the admin token`);

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
