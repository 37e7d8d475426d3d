import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveAdminToken } from '../../../src/server/accounts/adminToken';
import { ConfigError } from '../../../src/server/config';

describe('resolveAdminToken', () => {
  let dir: string;
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'touchline-token-')), 'data');
  });
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('uses ADMIN_TOKEN when set and writes nothing', () => {
    const token = 'from-the-env-0123456789abcdef0123';
    expect(resolveAdminToken(token, dir)).toEqual({ token, source: 'env' });
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

  it('refuses a short token written into the file by hand, saying how to make one', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'admin-token'), 'too-short\n');
    expect(() => resolveAdminToken(undefined, dir)).toThrow(ConfigError);
    expect(() => resolveAdminToken(undefined, dir)).toThrow(
      /at least 32 characters; make one with: openssl rand -hex 32/,
    );
  });
});
