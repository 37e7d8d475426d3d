// Environment configuration, validated once at start. Anything wrong here stops the server with a readable message.
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import * as z from 'zod/mini';
import { passwordProblem } from '../contract/passwords';
import { formatIssues } from './http/validation';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export type Config = {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** undefined: generate one and keep it in dataDir (see accounts/adminToken.ts) */
  adminToken: string | undefined;
  /** SECRET_KEY: what second-factor secrets are sealed with; undefined: a file in dataDir (accounts/secretBox.ts) */
  secretKey: string | undefined;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** pretty: readable lines; json: one object a line; auto (default): pretty in a terminal, json into a file or pipe */
  logFormat: 'auto' | 'pretty' | 'json';
  /**
   * Fastify trustProxy (proxy-addr semantics): false, the number of proxy hops in front, or the proxy addresses and
   * CIDRs to trust. Never true: that would make X-Forwarded-For the client's to write.
   */
  trustProxy: TrustProxy;
  /** the built client (index.html + assets) */
  clientDir: string;
  /**
   * PUBLIC_URL, the origin every absolute link is made from (canonical, og:url, sitemap, feed), without a trailing
   * slash; undefined: the address the server listens on (see listenUrl).
   */
  publicUrl: string | undefined;
  /** ADMIN_EMAIL and ADMIN_PASSWORD: the owner account made at start when no account has that email */
  owner: { email: string; password: string } | undefined;
  /** SESSION_MAX_DAYS: a staff session ends this many days after sign-in, however much it is used */
  sessionMaxDays: number;
  /** LIVE_MAX_STREAMS: live streams (GET /api/blogs/:id/live) one process holds at most; the next gets a 503 */
  liveMaxStreams: number;
  /** SMTP_URL and MAIL_FROM: the desk's notifications and reset links go out by email; undefined: in the app only */
  mail: MailConfig | undefined;
  /** SITE_TIME_ZONE (IANA, default UTC): the zone the site's days are in (GET /api/matches?date=, the admin's kickoffs) */
  siteTimeZone: string;
};

/** Where mail goes out (smtp:// or smtps://, credentials included: never logged) and the From address. */
export type MailConfig = {
  smtpUrl: string;
  from: string;
  /** MAIL_DIGEST_MINUTES: desk mail about one post to one person leaves at most this often (0: each notice at once) */
  digestMs?: number;
  /** MAIL_CONNECTIONS: pooled SMTP connections the outbox sends over (default 5) */
  connections?: number;
  /** MAIL_RATE: at most this many messages a second, for a provider that caps it (default: no cap) */
  rate?: number;
  /** MAIL_SENDER: worker (default: the sender in a thread of its own, off the requests' event loop) or thread */
  sender?: 'worker' | 'thread';
};

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {}

/** The shortest credential an operator may set: 32 characters, what `openssl rand -hex 32` gives twice over. */
export const SECRET_MIN_LENGTH = 32;

/** How to make a credential that passes: printed with every refusal of a short one. */
export const SECRET_ADVICE = `at least ${SECRET_MIN_LENGTH} characters; make one with: openssl rand -hex 32`;

// Both src/server/config.ts (tsx, jest) and dist/server/config.js sit two levels below the repository root.
const repoRoot = resolve(__dirname, '..', '..');

const MAIL_DIGEST_MINUTES_RULE = 'must be a whole number of minutes from 0 to 1440';
const MAIL_CONNECTIONS_RULE = 'must be a whole number from 1 to 100';
const MAIL_RATE_RULE = 'must be a whole number of messages a second from 1 to 100000';
const SESSION_MAX_DAYS_RULE = 'must be a whole number of days from 1 to 3650';
const LIVE_MAX_STREAMS_RULE = 'must be a whole number from 1 to 1000000';

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
      .check(
        z.minLength(SECRET_MIN_LENGTH, `must be ${SECRET_ADVICE}`),
        z.maxLength(512, 'must be at most 512 characters'),
      ),
  ),
  SECRET_KEY: z.optional(
    z
      .string()
      .check(
        z.minLength(SECRET_MIN_LENGTH, `must be ${SECRET_ADVICE}`),
        z.maxLength(512, 'must be at most 512 characters'),
      ),
  ),
  DATA_DIR: z._default(z.string().check(z.minLength(1, 'must not be empty')), './data'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  LOG_FORMAT: z._default(z.enum(['auto', 'pretty', 'json']), 'auto'),
  TRUST_PROXY: z._default(z.string(), 'false'),
  CLIENT_DIR: z._default(z.string().check(z.minLength(1, 'must not be empty')), resolve(repoRoot, 'dist', 'client')),
  PUBLIC_URL: z.optional(z.string()),
  ADMIN_EMAIL: z.optional(
    z.string().check(z.trim(), z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')),
  ),
  ADMIN_PASSWORD: z.optional(z.string()),
  SMTP_URL: z.optional(
    z
      .string()
      .check(
        z.regex(
          /^smtps?:\/\/[^\s]+$/i,
          'must be an smtp:// or smtps:// URL, such as smtp://user:pass@mail.example:587',
        ),
      ),
  ),
  MAIL_FROM: z.optional(
    z
      .string()
      .check(
        z.maxLength(254, 'must be at most 254 characters'),
        z.regex(
          /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
          'must be an email address, or Name <address>',
        ),
      ),
  ),
  MAIL_CONNECTIONS: z._default(z.string().check(z.regex(/^[1-9]\d{0,2}$/, MAIL_CONNECTIONS_RULE)), '5'),
  MAIL_RATE: z.optional(z.string().check(z.regex(/^[1-9]\d{0,5}$/, MAIL_RATE_RULE))),
  MAIL_SENDER: z._default(z.enum(['worker', 'thread']), 'worker'),
  MAIL_DIGEST_MINUTES: z._default(z.string().check(z.regex(/^\d{1,4}$/, MAIL_DIGEST_MINUTES_RULE)), '10'),
  SESSION_MAX_DAYS: z._default(z.string().check(z.regex(/^[1-9]\d{0,3}$/, SESSION_MAX_DAYS_RULE)), '90'),
  LIVE_MAX_STREAMS: z._default(z.string().check(z.regex(/^[1-9]\d{0,6}$/, LIVE_MAX_STREAMS_RULE)), '20000'),
  SITE_TIME_ZONE: z._default(
    z.string().check(z.refine(isTimeZone, 'must be an IANA time zone, such as Europe/London or UTC')),
    'UTC',
  ),
});

/** Whether this runtime knows the IANA time zone (Europe/London, UTC). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

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

const TRUST_PROXY_RULE =
  'must be false, the number of proxies in front of the server (1 for one load balancer), or a comma-separated list of their addresses or CIDRs';

/** One proxy-addr entry: an IPv4/IPv6 address, with an optional /prefix, or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Fastify's trustProxy takes it. `true` is refused: it trusts every hop, so the client's own
 * X-Forwarded-For entries would become its address and the failed-token limit could be dodged by writing a new one.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const trimmed = value.trim();
  if (trimmed === 'false' || trimmed === '' || trimmed === '0') return false;
  if (trimmed === 'true')
    throw new ConfigError(
      'TRUST_PROXY=true would trust every X-Forwarded-For entry, which any client can write: give the number of proxies in front of the server instead (TRUST_PROXY=1 for one load balancer), or their addresses',
    );
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    if (hops > 32) throw new ConfigError(TRUST_PROXY_RULE);
    return hops;
  }
  const entries = trimmed
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) throw new ConfigError(`${TRUST_PROXY_RULE} (not an address: ${bad.join(', ')})`);
  return entries;
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
  const sessionMaxDays = Number(e.SESSION_MAX_DAYS);
  if (sessionMaxDays > 3650)
    throw new ConfigError(`Invalid configuration:\n  SESSION_MAX_DAYS: ${SESSION_MAX_DAYS_RULE}`);
  const liveMaxStreams = Number(e.LIVE_MAX_STREAMS);
  if (liveMaxStreams > 1_000_000)
    throw new ConfigError(`Invalid configuration:\n  LIVE_MAX_STREAMS: ${LIVE_MAX_STREAMS_RULE}`);
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${(error as Error).message}`);
  }
  let publicUrl: string | undefined;
  try {
    publicUrl = e.PUBLIC_URL === undefined ? undefined : parsePublicUrl(e.PUBLIC_URL);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  PUBLIC_URL: ${(error as Error).message}`);
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined))
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD: set both (or neither)');
  const ownerProblem =
    e.ADMIN_EMAIL === undefined || e.ADMIN_PASSWORD === undefined
      ? undefined
      : passwordProblem(e.ADMIN_PASSWORD, e.ADMIN_EMAIL);
  if (ownerProblem !== undefined) throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${ownerProblem}`);
  const owner =
    e.ADMIN_EMAIL === undefined || e.ADMIN_PASSWORD === undefined
      ? undefined
      : { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD };
  if ((e.SMTP_URL === undefined) !== (e.MAIL_FROM === undefined))
    throw new ConfigError('Invalid configuration:\n  SMTP_URL and MAIL_FROM: set both (or neither)');
  const digestMinutes = Number(e.MAIL_DIGEST_MINUTES);
  if (digestMinutes > 1440)
    throw new ConfigError(`Invalid configuration:\n  MAIL_DIGEST_MINUTES: ${MAIL_DIGEST_MINUTES_RULE}`);
  const connections = Number(e.MAIL_CONNECTIONS);
  if (connections > 100) throw new ConfigError(`Invalid configuration:\n  MAIL_CONNECTIONS: ${MAIL_CONNECTIONS_RULE}`);
  const rate = e.MAIL_RATE === undefined ? undefined : Number(e.MAIL_RATE);
  if (rate !== undefined && rate > 100_000)
    throw new ConfigError(`Invalid configuration:\n  MAIL_RATE: ${MAIL_RATE_RULE}`);
  const mail =
    e.SMTP_URL === undefined || e.MAIL_FROM === undefined
      ? undefined
      : {
          smtpUrl: e.SMTP_URL,
          from: e.MAIL_FROM,
          digestMs: digestMinutes * 60_000,
          connections,
          ...(rate === undefined ? {} : { rate }),
          sender: e.MAIL_SENDER,
        };
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
    secretKey: e.SECRET_KEY,
    dataDir,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy,
    clientDir: resolve(cwd, e.CLIENT_DIR),
    publicUrl,
    owner,
    sessionMaxDays,
    liveMaxStreams,
    mail,
    siteTimeZone: e.SITE_TIME_ZONE,
  };
}
