// Seals the secrets a database must not hold in the clear (an authenticator app's TOTP secret): AES-256-GCM under a
// key derived with HKDF from a server secret kept outside the database: SECRET_KEY, else a file in DATA_DIR beside the
// admin token (0600), made once. A copy of the database alone gives no codes.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, SECRET_ADVICE, SECRET_MIN_LENGTH } from '../config';
import { ensurePrivateDir, PRIVATE_FILE } from '../db/privateFiles';

const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'touchline', 'second-factor secrets', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, sealed, cipher.getAuthTag()]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The sealed text's plain text; throws when it was sealed under another key or changed. */
  open(sealed: string): string {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || iv === undefined || body === undefined || tag === undefined)
      throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export const SECRET_KEY_FILE = 'secret-key';

/**
 * The server secret the box's key is derived from: SECRET_KEY when set, else the `secret-key` file in DATA_DIR,
 * written once (0600) by the first process that needs it.
 */
export function resolveSecretKey(fromEnv: string | undefined, dataDir: string): string {
  if (fromEnv !== undefined) return fromEnv;
  const file = join(dataDir, SECRET_KEY_FILE);
  const read = () => {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length < SECRET_MIN_LENGTH)
      throw new ConfigError(`the secret key in ${file} is too short: it must be ${SECRET_ADVICE}`);
    return key;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  ensurePrivateDir(dataDir);
  const key = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${key}\n`, { mode: PRIVATE_FILE, flag: 'wx' });
    chmodSync(file, PRIVATE_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  return key;
}

/**
 * The server secret for an app's config: SECRET_KEY, else the file in DATA_DIR; an app built without a data
 * directory (tests) derives it from its admin token.
 */
export function serverSecretOf(config: { secretKey?: string; dataDir?: string; adminToken: string }): string {
  if (config.secretKey !== undefined) return config.secretKey;
  return config.dataDir === undefined ? config.adminToken : resolveSecretKey(undefined, config.dataDir);
}
