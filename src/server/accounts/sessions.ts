// Staff sessions: a random id in an HttpOnly cookie, kept in the database only as its sha256, so that every process on
// one database honours it and revoking it anywhere takes effect everywhere.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Actor } from './actor';
import type { Database, Db } from '../db/database';
import type { Account } from '../repositories/accountsRepository';
import {
  deleteExpiredSessions,
  deleteSession,
  findSession,
  insertSession,
  touchSession,
} from '../repositories/accountsRepository';

export const SESSION_COOKIE = 'touchline_session';
/**
 * The cookie's name on an https site: browsers take a `__Host-` cookie only when it is Secure, has Path=/ and no
 * Domain, so neither a sibling subdomain nor a plain-http page can set or shadow it.
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name for a site at `publicUrl`. */
export const sessionCookieName = (publicUrl: string) =>
  publicUrl.startsWith('https:') ? HOST_SESSION_COOKIE : SESSION_COOKIE;

const DAY_MS = 24 * 60 * 60_000;

/** A session ends after 30 days unused. */
export const SESSION_IDLE_MS = 30 * DAY_MS;

/** However much it is used, a session ends this long after sign-in unless SESSION_MAX_DAYS says otherwise. */
export const SESSION_MAX_DAYS = 90;

/** last_used_at is written at most this often per session: a page of requests costs one UPDATE, not one each. */
const TOUCH_EVERY_MS = 60_000;

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** A fresh random secret: 32 bytes (256 bits), base64url. */
export const newSecret = () => randomBytes(32).toString('base64url');

const COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*(?:__Host-)?${SESSION_COOKIE}=([^;]*)`);

/**
 * Whether the request carries a session cookie, under either name, and the first one's value: the cheap test that
 * keeps anonymous requests (the common case) away from the database. Which cookie counts is Sessions' to decide.
 */
export function sessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined || !header.includes(SESSION_COOKIE)) return undefined;
  const value = COOKIE_PATTERN.exec(header)?.[1]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The value of the one cookie called `name` in a Cookie header, or undefined when there is none or more than one:
 * a second cookie of the same name is one that someone else planted (a sibling subdomain, an http page), and which
 * of the two a browser sends first is not a rule to rely on, so neither is trusted.
 */
export function onlyCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  let found: string | undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    if (found !== undefined) return undefined;
    found = pair.slice(equals + 1).trim();
  }
  return found === '' ? undefined : found;
}

export type SignedIn = { account: Account; actor: Actor; idHash: string };

// The session a request was authorized by (own password change keeps that one and ends the others).
const sessionsOf = new WeakMap<object, SignedIn>();

export function signedInOf(request: object): SignedIn | undefined {
  return sessionsOf.get(request);
}

export type SessionsOptions = {
  /** the site's origin: an https one gets the `__Host-` cookie, with Secure */
  publicUrl: string;
  /** the absolute lifetime in days (default SESSION_MAX_DAYS) */
  maxDays?: number;
};

export class Sessions {
  private readonly secure: boolean;
  private readonly cookieName: string;
  private readonly maxMs: number;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    { publicUrl, maxDays = SESSION_MAX_DAYS }: SessionsOptions,
  ) {
    this.secure = publicUrl.startsWith('https:');
    this.cookieName = sessionCookieName(publicUrl);
    this.maxMs = maxDays * DAY_MS;
  }

  /** Stores a new session (inside the caller's transaction when given) and returns the id for the cookie. */
  async create(executor: Kysely<Database>, accountId: number): Promise<string> {
    const id = newSecret();
    const now = new Date(this.now());
    await insertSession(executor, sha256Hex(id), accountId, now);
    // Housekeeping on sign-in, not on a timer: the table holds only sessions that could still be used.
    await deleteExpiredSessions(
      executor,
      new Date(now.getTime() - SESSION_IDLE_MS),
      new Date(now.getTime() - this.maxMs),
    );
    return id;
  }

  /** The cookie for a session: it lives as long as the session could, the sooner of its idle and absolute ends. */
  setCookie(reply: FastifyReply, id: string, endsInMs = Math.min(SESSION_IDLE_MS, this.maxMs)): void {
    const maxAge = Math.max(0, Math.floor(Math.min(SESSION_IDLE_MS, endsInMs) / 1000));
    void reply.header('set-cookie', `${this.cookieName}=${id}; Max-Age=${maxAge}${this.attributes()}`);
  }

  clearCookie(reply: FastifyReply): void {
    void reply.header('set-cookie', `${this.cookieName}=; Max-Age=0${this.attributes()}`);
  }

  // No Domain ever: the cookie belongs to this host alone (a `__Host-` cookie must not name one).
  private attributes(): string {
    return `; Path=/; HttpOnly; SameSite=Lax${this.secure ? '; Secure' : ''}`;
  }

  /**
   * The signed-in account of a request carrying the cookie (exactly one, under this site's name), read from the
   * database (so a revoked session, a removed account or a new role counts on the next request, on every process), or
   * undefined. Slides the expiry: at most once a minute the session's last use is stored and the cookie sent again
   * with a fresh Max-Age; the absolute lifetime, counted from sign-in, never slides.
   */
  async resolve(request: FastifyRequest, reply: FastifyReply): Promise<SignedIn | undefined> {
    const known = sessionsOf.get(request);
    if (known !== undefined) return known;
    const id = onlyCookie(request.headers.cookie, this.cookieName);
    if (id === undefined || id.length > 100) return undefined;
    const idHash = sha256Hex(id);
    const row = await findSession(this.db, idHash);
    if (row === undefined) return undefined;
    const now = this.now();
    const endsAt = row.createdAt + this.maxMs;
    if (now - row.lastUsedAt > SESSION_IDLE_MS || now >= endsAt) {
      await deleteSession(this.db, idHash);
      return undefined;
    }
    if (now - row.lastUsedAt >= TOUCH_EVERY_MS) {
      await touchSession(this.db, idHash, new Date(now));
      this.setCookie(reply, id, endsAt - now);
    }
    const { account } = row;
    const signedIn = { account, idHash, actor: { accountId: account.id, name: account.name, role: account.role } };
    sessionsOf.set(request, signedIn);
    return signedIn;
  }

  async revoke(idHash: string): Promise<void> {
    await deleteSession(this.db, idHash);
  }
}
