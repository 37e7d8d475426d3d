// `npm run export` / `npm run import` as a person runs them: the real command (src/server/archive/archiveCli.ts through tsx's
// loader) on the database DATABASE_URL names, with one line of outcome and the exit code a script can test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseConfig } from '../../../src/server/config';
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
