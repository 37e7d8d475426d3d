// One migrated database per jest run (jest.config.ts runs these as the server project's global setup and teardown):
// createTestDb copies it (a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL) instead of running every
// migration again for each test file, the same tables and rows in a fraction of the time.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';

/** Where the template is: a SQLite file, or a PostgreSQL database name beside TEST_DATABASE_URL's. */
export const TEMPLATE_SQLITE = 'TOUCHLINE_TEST_TEMPLATE_SQLITE';
export const TEMPLATE_POSTGRES = 'TOUCHLINE_TEST_TEMPLATE_POSTGRES';

const adminQuery = async (adminUrl: string, sql: string) => {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
};

export async function createTemplate(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl !== undefined && adminUrl !== '') {
    const name = `t_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = openDatabase({ kind: 'postgres', url: url.toString() });
    await migrateToLatest(db);
    // No connection may stay open to a database that CREATE DATABASE copies.
    await db.kysely.destroy();
    process.env[TEMPLATE_POSTGRES] = name;
    return;
  }
  const file = join(mkdtempSync(join(tmpdir(), 'touchline-template-')), 'touchline.db');
  const db = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  // Closing checkpoints the WAL into the file and removes it: the one file is the whole database.
  await db.kysely.destroy();
  process.env[TEMPLATE_SQLITE] = file;
}

export async function removeTemplate(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = process.env[TEMPLATE_POSTGRES];
  if (adminUrl !== undefined && adminUrl !== '' && name !== undefined) {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const file = process.env[TEMPLATE_SQLITE];
  if (file !== undefined) rmSync(dirname(file), { recursive: true, force: true });
}
