// The database connection itself: what happens when PostgreSQL drops the server's idle connections.
import { sql } from 'kysely';
import { Client } from 'pg';
import { openDatabase } from '../../../src/server/db/database';
import { createDatabaseConfig, onPostgres } from '../helpers/testDb';

const onPostgresOnly = onPostgres ? it : it.skip;

onPostgresOnly('survives PostgreSQL closing its idle connections, and the next query reconnects', async () => {
  const { config, remove } = await createDatabaseConfig();
  if (config.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
  const db = openDatabase(config);
  let reported: () => void = () => undefined;
  const lost = new Promise<void>((resolve) => (reported = resolve));
  const logged = jest.spyOn(console, 'error').mockImplementation(() => reported());
  try {
    const one = sql<{ one: number }>`select 1 as one`;
    await one.execute(db.kysely); // leaves one idle connection in the pool
    const admin = new Client({ connectionString: config.url });
    await admin.connect();
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    // Without a pool 'error' listener the idle client's error event would throw out of the process here: wait for
    // the server to report it (the test's timeout bounds the wait).
    await lost;
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('idle PostgreSQL connection lost'));
    expect((await one.execute(db.kysely)).rows).toEqual([{ one: 1 }]);
  } finally {
    logged.mockRestore();
    await db.kysely.destroy();
    await remove();
  }
});
