// Files that hold secrets are readable by this user only, whatever the umask: the SQLite database and its -wal and
// -shm files, the generated admin token and every export are 0600, in a 0700 folder when the server makes it.
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveAdminToken } from '../../../src/server/accounts/adminToken';
import { exportArchive } from '../../../src/server/archive/archive';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { createTestDb } from '../helpers/testDb';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('files at rest', () => {
  let root: string;
  let umask: number;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'touchline-modes-'));
    // The most permissive umask: every mode below is the code's own doing.
    umask = process.umask(0);
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  it('makes the SQLite folder 0700 and the database, its -wal and its -shm 0600', async () => {
    const dir = join(root, 'data', 'nested');
    const file = join(dir, 'touchline.db');
    const db = openDatabase({ kind: 'sqlite', file });
    try {
      await migrateToLatest(db);
      await db.kysely.insertInto('tags').values({ slug: 'x', name: 'X' }).execute();
      expect(modeOf(dir)).toBe(0o700);
      for (const path of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(path)).toBe(true);
        expect([path, modeOf(path).toString(8)]).toEqual([path, '600']);
      }
    } finally {
      await db.kysely.destroy();
    }
  });

  it('narrows a database, -wal and -shm left world-readable to 0600 when it opens them', async () => {
    const file = join(root, 'old.db');
    const first = openDatabase({ kind: 'sqlite', file });
    await migrateToLatest(first);
    await first.kysely.destroy();
    writeFileSync(`${file}-wal`, '');
    writeFileSync(`${file}-shm`, '');
    for (const path of [file, `${file}-wal`, `${file}-shm`]) chmodSync(path, 0o644);
    const db = openDatabase({ kind: 'sqlite', file });
    try {
      await db.kysely.insertInto('tags').values({ slug: 'y', name: 'Y' }).execute();
      for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path)).toBe(0o600);
    } finally {
      await db.kysely.destroy();
    }
  });

  it('writes the generated admin token 0600 in a 0700 data folder', () => {
    const dir = join(root, 'data');
    const { file } = resolveAdminToken(undefined, dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(file!)).toBe(0o600);
  });

  it('writes every export 0600, in a 0700 folder when the export makes it', async () => {
    const testDb = await createTestDb();
    try {
      const file = join(root, 'backups', 'blog.touchline');
      await exportArchive(testDb.db, file);
      expect(modeOf(join(root, 'backups'))).toBe(0o700);
      expect(modeOf(file)).toBe(0o600);
      // Over an old archive left readable: the new one is 0600 too.
      chmodSync(file, 0o644);
      await exportArchive(testDb.db, file);
      expect(modeOf(file)).toBe(0o600);
    } finally {
      await testDb.drop();
    }
  });
});
