import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveSecretKey, SecretBox } from '../../../src/server/accounts/secretBox';

describe('SecretBox', () => {
  it('opens what it sealed, and nothing sealed under another key or changed', () => {
    const box = new SecretBox('server-secret-0123456789abcdef0123456789');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => new SecretBox('another-secret-0123456789abcdef012345').open(sealed)).toThrow();
    const [version, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([version, iv, flipped.toString('base64url'), tag].join('.'))).toThrow();
  });
});

describe('resolveSecretKey', () => {
  let dir: string;
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'touchline-secret-')), 'data');
  });
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('uses SECRET_KEY when set and writes nothing', () => {
    expect(resolveSecretKey('from-the-env-0123456789abcdef0123', dir)).toBe('from-the-env-0123456789abcdef0123');
    expect(() => statSync(dir)).toThrow();
  });

  it('makes a key once in the data directory, readable by this user only, and reuses it', () => {
    const key = resolveSecretKey(undefined, dir);
    const file = join(dir, 'secret-key');
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(resolveSecretKey(undefined, dir)).toBe(key);
  });
});
