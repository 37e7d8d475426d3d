// The process's open-files limit and the live stream cap it allows: every stream holds a socket, and a process out of
// file descriptors accepts no connection at all (not even /api/health), with nothing logged.
import { readFileSync } from 'node:fs';

/** Descriptors kept free of streams for ordinary requests, the database and the server's own files. */
const RESERVED = 100;
/** Streams take at most this share of the limit. */
const SHARE = 0.8;

/** The soft "Max open files" of this process (Linux's /proc/self/limits); undefined where it cannot be read. */
export function openFilesLimit(
  read: () => string = () => readFileSync('/proc/self/limits', 'utf8'),
): number | undefined {
  let text: string;
  try {
    text = read();
  } catch {
    return undefined;
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  if (soft === undefined || !/^\d+$/.test(soft)) return undefined; // "unlimited", or no such line
  return Number(soft);
}

/** The stream cap that fits `limit` descriptors: the configured one, lowered to leave room for the rest (at least 1). */
export function streamCapFor(configured: number, limit: number | undefined): number {
  if (limit === undefined) return configured;
  return Math.max(1, Math.min(configured, limit - RESERVED, Math.floor(limit * SHARE)));
}
