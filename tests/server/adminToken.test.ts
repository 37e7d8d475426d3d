import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveAdminToken } from '../../src/server/adminToken';

describe('resolveAdminToken', () => {
  let dir: string;
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'touchline-token-')), 'data');
  });
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('uses ADMIN_TOKEN when set and writes nothing', () => {
    expect(resolveAdminToken('from-the-env', dir)).toEqual({ token: 'from-the-env', source: 'env' });
    expect(() => statSync(dir)).toThrow();
  });

  it('generates a token once, keeps it private in the data directory, and reuses it', () => {
    const first = resolveAdminToken(undefined, dir);
    expect(first.source).toBe('generated');
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = join(dir, 'admin-token');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.token);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(resolveAdminToken(undefined, dir)).toEqual({ token: first.token, source: 'file', file });
  });
});
