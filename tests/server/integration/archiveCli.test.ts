// `npm run export` / `npm run import` as a person runs them: the real command (src/server/archive/archiveCli.ts through tsx's
// loader) on the database DATABASE_URL names, with one line of outcome and the exit code a script can test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { createDatabaseConfig, databaseUrl } from '../helpers/testDb';

jest.setTimeout(90_000);

const root = join(__dirname, '..', '..', '..');

function run(args: string[], database: DatabaseConfig, dataDir: string) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'src/server/archive/archiveCli.ts'), ...args],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: databaseUrl(database) },
      encoding: 'utf8',
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

it('exports and imports with one line each, and refuses a damaged archive in one line with exit code 1', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'touchline-cli-'));
  const source = await createDatabaseConfig();
  const target = await createDatabaseConfig();
  try {
    const file = join(dir, 'blog.touchline');
    const exported = run(['export', file], source.config, dir);
    expect(exported).toMatchObject({ code: 0, stderr: '' });
    expect(exported.stdout).toMatch(/^touchline: exported 0 posts, 0 revisions, 0 uploads to .* in [\d.]+ s\n$/);

    const damaged = join(dir, 'damaged.touchline');
    writeFileSync(damaged, '{"format":"touchline-archive","version":1}\n{"t":"posts","r":{}}\n');
    const refused = run(['import', damaged], target.config, dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('touchline: import refused: the archive is truncated: it has no end record\n');

    const imported = run(['import', file], target.config, dir);
    expect(imported).toMatchObject({ code: 0, stderr: '' });
    expect(imported.stdout).toMatch(/^touchline: imported 0 posts/);

    expect(run(['import'], target.config, dir)).toMatchObject({ code: 2 });
  } finally {
    await source.remove();
    await target.remove();
    rmSync(dir, { recursive: true, force: true });
  }
});

it('export --check reads what it wrote through the import checks: exit 0 when it would import, 1 naming the row when not', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'touchline-cli-'));
  const source = await createDatabaseConfig();
  try {
    const file = join(dir, 'blog.touchline');
    const checked = run(['export', '--check', file], source.config, dir);
    expect(checked).toMatchObject({ code: 0, stderr: '' });
    expect(checked.stdout).toMatch(
      /^touchline: exported 0 posts, .*\ntouchline: .*blog\.touchline passes the import's checks \([\d.]+ s in all\)\n$/,
    );

    // A row no write through the API makes (a key name it would have trimmed), as a hand edit or an old bug leaves it.
    const db = openDatabase(source.config);
    try {
      await migrateToLatest(db);
      await db.kysely
        .insertInto('api_keys')
        .values({ name: ' Deploy', key_hash: 'a'.repeat(64), created_at: '2026-11-28T09:00:00.000Z' })
        .execute();
    } finally {
      await db.kysely.destroy();
    }
    const refused = run(['export', '--check', file], source.config, dir);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^touchline: exported 0 posts/);
    expect(refused.stderr).toBe(
      `touchline: export refused: ${file} is written but would not import: the API would refuse the api_keys row on ` +
        'line 2 (id 1, name  Deploy): name: is not stored as the API stores it\n',
    );

    expect(run(['export', '--check'], source.config, dir)).toMatchObject({ code: 2 });
    expect(run(['export', '--check', file, 'more'], source.config, dir)).toMatchObject({ code: 2 });
    expect(run(['import', '--check', file], source.config, dir)).toMatchObject({ code: 2 });
  } finally {
    await source.remove();
    rmSync(dir, { recursive: true, force: true });
  }
});
