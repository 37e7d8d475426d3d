// Where the admin token comes from: ADMIN_TOKEN, else a random token generated once and kept in DATA_DIR.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type AdminToken = { token: string; source: 'env' | 'generated' | 'file'; file?: string };

export function resolveAdminToken(fromEnv: string | undefined, dataDir: string): AdminToken {
  if (fromEnv !== undefined) return { token: fromEnv, source: 'env' };
  const file = join(dataDir, 'admin-token');
  try {
    return { token: readFileSync(file, 'utf8').trim(), source: 'file', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  try {
    // 'wx': when two processes start at once, the first one's token wins and the other reads it.
    writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return { token: readFileSync(file, 'utf8').trim(), source: 'file', file };
    throw error;
  }
  return { token, source: 'generated', file };
}
