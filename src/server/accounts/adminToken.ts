// Where the admin token comes from: ADMIN_TOKEN, else a random token generated once and kept in DATA_DIR.
import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, SECRET_ADVICE, SECRET_MIN_LENGTH } from '../config';
import { ensurePrivateDir, PRIVATE_FILE } from '../db/privateFiles';

export type AdminToken = { token: string; source: 'env' | 'generated' | 'file'; file?: string };

/** A token kept in the file may have been written there by hand: it meets the same rule as ADMIN_TOKEN. */
function fromFile(file: string): AdminToken {
  const token = readFileSync(file, 'utf8').trim();
  if (token.length < SECRET_MIN_LENGTH)
    throw new ConfigError(
      `the admin token in ${file} is too short: it must be ${SECRET_ADVICE} (or delete the file to have one generated)`,
    );
  return { token, source: 'file', file };
}

export function resolveAdminToken(fromEnv: string | undefined, dataDir: string): AdminToken {
  if (fromEnv !== undefined) return { token: fromEnv, source: 'env' };
  const file = join(dataDir, 'admin-token');
  try {
    return fromFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  ensurePrivateDir(dataDir);
  const token = randomBytes(32).toString('base64url');
  try {
    // 'wx': when two processes start at once, the first one's token wins and the other reads it.
    writeFileSync(file, `${token}\n`, { mode: PRIVATE_FILE, flag: 'wx' });
    // The umask may have kept bits from the mode asked for; none may be added by it, so this is the mode.
    chmodSync(file, PRIVATE_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fromFile(file);
    throw error;
  }
  return { token, source: 'generated', file };
}
