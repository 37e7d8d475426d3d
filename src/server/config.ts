// Environment configuration, validated once at start. Anything wrong here stops the server with a readable message.
import { isAbsolute, resolve } from 'node:path';
import * as z from 'zod/mini';
import { formatIssues } from './validation';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export type Config = {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** undefined: generate one and keep it in dataDir (see adminToken.ts) */
  adminToken: string | undefined;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Fastify trustProxy: false, true, or the proxy addresses/CIDRs to trust */
  trustProxy: boolean | string[];
  /** the built client (index.html + assets) */
  clientDir: string;
  /**
   * PUBLIC_URL, the origin every absolute link is made from (canonical, og:url, sitemap, feed), without a trailing
   * slash; undefined: the address the server listens on (see listenUrl).
   */
  publicUrl: string | undefined;
};

export class ConfigError extends Error {}

// Both src/server/config.ts (tsx, ts-jest) and dist/server/config.js sit two levels below the repository root.
const repoRoot = resolve(__dirname, '..', '..');

const envSchema = z.object({
  PORT: z._default(z.string().check(z.regex(/^\d{1,5}$/, 'must be a port number (0-65535)')), '3000'),
  HOST: z._default(z.string().check(z.minLength(1, 'must not be empty')), '127.0.0.1'),
  DATABASE_URL: z.optional(
    z
      .string()
      .check(
        z.regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://user@host:port/database'),
      ),
  ),
  ADMIN_TOKEN: z.optional(
    z
      .string()
      .check(z.minLength(8, 'must be at least 8 characters'), z.maxLength(512, 'must be at most 512 characters')),
  ),
  DATA_DIR: z._default(z.string().check(z.minLength(1, 'must not be empty')), './data'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  TRUST_PROXY: z._default(z.string(), 'false'),
  CLIENT_DIR: z._default(z.string().check(z.minLength(1, 'must not be empty')), resolve(repoRoot, 'dist', 'client')),
  PUBLIC_URL: z.optional(z.string()),
});

const PUBLIC_URL_RULE = 'must be an absolute http(s) URL of the site root, such as https://touchline.example';

/**
 * PUBLIC_URL as an origin: http(s), a host, no credentials, query or fragment, and no path (the app serves its pages and
 * assets from the root, so a path prefix could only produce broken links). 'https://Example.com/' → 'https://example.com'.
 */
export function parsePublicUrl(value: string): string {
  if (/[\s\\]/.test(value) || !/^https?:\/\//i.test(value)) throw new ConfigError(PUBLIC_URL_RULE);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(PUBLIC_URL_RULE);
  }
  if (url.hostname === '' || url.username !== '' || url.password !== '')
    throw new ConfigError(`${PUBLIC_URL_RULE} (no user name or password)`);
  if (value.includes('?') || value.includes('#')) throw new ConfigError(`${PUBLIC_URL_RULE} (no query or fragment)`);
  if (url.pathname !== '/') throw new ConfigError(`${PUBLIC_URL_RULE} (no path: the site is served from the root)`);
  return url.origin;
}

/** The address a server listening on host:port answers at, as a URL origin (an IPv6 address in brackets). */
export function listenUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Reads the configuration from an environment (process.env by default). Throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = z.safeParse(envSchema, defined);
  if (!parsed.success) {
    const lines = formatIssues(parsed.error.issues).map((d) => `  ${d.path}: ${d.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = Number(e.PORT);
  if (port > 65535) throw new ConfigError('Invalid configuration:\n  PORT: must be a port number (0-65535)');
  let publicUrl: string | undefined;
  try {
    publicUrl = e.PUBLIC_URL === undefined ? undefined : parsePublicUrl(e.PUBLIC_URL);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  PUBLIC_URL: ${(error as Error).message}`);
  }
  const dataDir = resolve(cwd, e.DATA_DIR);
  let database: DatabaseConfig;
  if (e.DATABASE_URL === undefined) database = { kind: 'sqlite', file: resolve(dataDir, 'touchline.db') };
  else if (e.DATABASE_URL.startsWith('sqlite:')) {
    const path = e.DATABASE_URL.slice('sqlite:'.length);
    database = { kind: 'sqlite', file: path === ':memory:' || isAbsolute(path) ? path : resolve(cwd, path) };
  } else database = { kind: 'postgres', url: e.DATABASE_URL };
  return {
    port,
    host: e.HOST,
    database,
    adminToken: e.ADMIN_TOKEN,
    dataDir,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    clientDir: resolve(cwd, e.CLIENT_DIR),
    publicUrl,
  };
}
