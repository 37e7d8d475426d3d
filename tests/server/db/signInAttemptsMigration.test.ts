// Migration 0008 (guess counters and password reset links) goes up on a database of the release before it, keeps its
// accounts, and comes down again leaving that release's schema.
import { sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import { migratorFor } from '../../../src/server/db/migrate';
import { createDatabaseConfig } from '../helpers/testDb';

const BEFORE = '20261125_0007_search_storage';
const THIS = '20261126_0008_sign_in_attempts';

it('adds sign_in_attempts and password_resets beside existing accounts, and removes them going down', async () => {
  const { config, remove } = await createDatabaseConfig();
  const db = openDatabase(config);
  const count = async (table: string) =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely)).rows[0]!.n);
  // Asked of the schema, not by a failing query: better-sqlite3's errors are made in the realm of the first test file
  // that loaded it, so `rejects.toThrow()` does not see them as errors in a later file of the same jest worker.
  const tables = async () => (await db.kysely.introspection.getTables()).map((table) => table.name);
  try {
    expect((await migratorFor(db).migrateTo(BEFORE)).error).toBeUndefined();
    await sql`insert into accounts (email, name, role, password_hash, created_at, updated_at)
      values ('owner@touchline.test', 'Owner', 'owner', 'x', '2026-11-25T09:00:00.000Z', '2026-11-25T09:00:00.000Z')`.execute(
      db.kysely,
    );
    expect(await tables()).not.toContain('sign_in_attempts');

    expect((await migratorFor(db).migrateTo(THIS)).error).toBeUndefined();
    expect(await count('sign_in_attempts')).toBe(0);
    expect(await count('password_resets')).toBe(0);
    expect(await count('accounts')).toBe(1);

    expect((await migratorFor(db).migrateTo(BEFORE)).error).toBeUndefined();
    expect(await tables()).not.toContain('password_resets');
    expect(await count('accounts')).toBe(1);
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});
