// Files that hold secrets (the SQLite database with its password hashes, the admin token, every export) are made
// readable by this user only: 0600 files in a 0700 folder. Modes are set with chmod after creation, so a permissive
// umask cannot widen them.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** Makes `dir` (and any missing parent) when it is missing; a folder this makes is 0700, one that exists is left be. */
export function ensurePrivateDir(dir: string): void {
  if (existsSync(dir)) return;
  const first = mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  if (first !== undefined) chmodSync(dir, PRIVATE_DIR);
}

/** Creates `file` empty and 0600 when it is missing; an existing one is made 0600. */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE));
  makePrivateIfPresent(file);
}

/**
 * Makes `file` 0600 when it exists (a file written by an earlier release may be world-readable). A file another user
 * owns is theirs to set: it is used as it is.
 */
export function makePrivateIfPresent(file: string): void {
  try {
    chmodSync(file, PRIVATE_FILE);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}
