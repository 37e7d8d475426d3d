// A fresh database per test file: a temp SQLite file, or a new PostgreSQL database when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { DatabaseConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/database';
import type { Db } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { TEMPLATE_POSTGRES, TEMPLATE_SQLITE } from './templateDb';

export type TestDb = { db: Db; config: DatabaseConfig; drop: () => Promise<void> };

export const onPostgres = process.env.TEST_DATABASE_URL !== undefined && process.env.TEST_DATABASE_URL !== '';

/** A database config as DATABASE_URL spells it, for a real server process. */
export const databaseUrl = (config: DatabaseConfig) =>
  config.kind === 'sqlite' ? `sqlite:${config.file}` : config.url;

/** An empty database config (not opened, not migrated) and the function that removes it. */
export async function createDatabaseConfig(): Promise<{ config: DatabaseConfig; remove: () => Promise<void> }> {
  return newDatabase(undefined);
}

/** A new database: empty, or a copy of the PostgreSQL database named `template`. */
async function newDatabase(
  template: string | undefined,
): Promise<{ config: DatabaseConfig; remove: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (onPostgres && adminUrl !== undefined) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${template === undefined ? '' : ` TEMPLATE ${template}`}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      config: { kind: 'postgres', url: url.toString() },
      remove: async () => {
        const client = new Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'touchline-test-'));
  return {
    config: { kind: 'sqlite', file: join(dir, 'touchline.db') },
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function createTestDb(): Promise<TestDb> {
  // The run's migrated template (templateDb.ts, made once by the global setup) when there is one: copied, not migrated.
  const template = process.env[onPostgres ? TEMPLATE_POSTGRES : TEMPLATE_SQLITE];
  const { config, remove } = await newDatabase(onPostgres ? template : undefined);
  if (config.kind === 'sqlite' && template !== undefined) copyFileSync(template, config.file);
  const db = openDatabase(config);
  if (template === undefined) await migrateToLatest(db);
  let dropped = false;
  return {
    db,
    config,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      // A test may already have destroyed the connection on purpose.
      await db.kysely.destroy().catch(() => undefined);
      await remove();
    },
  };
}

/**
 * Removes every post (sections and products cascade), upload, tag, index entry and guess counter, so a test starts
 * from an empty blog.
 */
export async function emptyDatabase({ db }: TestDb): Promise<void> {
  await db.kysely.deleteFrom('posts').execute();
  await db.kysely.deleteFrom('uploads').execute();
  // Tags outlive their posts, and an FTS5 table has no foreign key to cascade along.
  await db.kysely.deleteFrom('tags').execute();
  await db.kysely.deleteFrom('post_search').execute();
  // Guess counters live in the database: a test must not inherit another's failed attempts.
  await db.kysely.deleteFrom('sign_in_attempts').execute();
}
