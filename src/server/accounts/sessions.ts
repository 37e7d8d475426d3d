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

/** A session ends after 30 days unused. */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60_000;

/** last_used_at is written at most this often per session: a page of requests costs one UPDATE, not one each. */
const TOUCH_EVERY_MS = 60_000;

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** A fresh random secret: 32 bytes (256 bits), base64url. */
export const newSecret = () => randomBytes(32).toString('base64url');

const COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=([^;]*)`);

/** The session cookie's value, or undefined when the request carries none (the common, anonymous case). */
export function sessionCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined || !header.includes(SESSION_COOKIE)) return undefined;
  const value = COOKIE_PATTERN.exec(header)?.[1]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

export type SignedIn = { account: Account; actor: Actor; idHash: string };

// The session a request was authorized by (own password change keeps that one and ends the others).
const sessionsOf = new WeakMap<object, SignedIn>();

export function signedInOf(request: object): SignedIn | undefined {
  return sessionsOf.get(request);
}

export class Sessions {
  private readonly secure: boolean;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    publicUrl: string,
  ) {
    this.secure = publicUrl.startsWith('https:');
  }

  /** Stores a new session (inside the caller's transaction when given) and returns the id for the cookie. */
  async create(executor: Kysely<Database>, accountId: number): Promise<string> {
    const id = newSecret();
    const now = new Date(this.now());
    await insertSession(executor, sha256Hex(id), accountId, now);
    // Housekeeping on sign-in, not on a timer: the table holds only sessions that could still be used.
    await deleteExpiredSessions(executor, new Date(now.getTime() - SESSION_IDLE_MS));
    return id;
  }

  setCookie(reply: FastifyReply, id: string): void {
    const maxAge = Math.floor(SESSION_IDLE_MS / 1000);
    const secure = this.secure ? '; Secure' : '';
    void reply.header(
      'set-cookie',
      `${SESSION_COOKIE}=${id}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${secure}`,
    );
  }

  clearCookie(reply: FastifyReply): void {
    const secure = this.secure ? '; Secure' : '';
    void reply.header('set-cookie', `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`);
  }

  /**
   * The signed-in account of a request carrying the cookie, read from the database (so a revoked session, a removed
   * account or a new role counts on the next request, on every process), or undefined. Slides the expiry: at most
   * once a minute the session's last use is stored and the cookie sent again with a fresh Max-Age.
   */
  async resolve(request: FastifyRequest, reply: FastifyReply): Promise<SignedIn | undefined> {
    const known = sessionsOf.get(request);
    if (known !== undefined) return known;
    const id = sessionCookie(request);
    if (id === undefined || id.length > 100) return undefined;
    const idHash = sha256Hex(id);
    const row = await findSession(this.db, idHash);
    if (row === undefined) return undefined;
    const now = this.now();
    if (now - row.lastUsedAt > SESSION_IDLE_MS) {
      await deleteSession(this.db, idHash);
      return undefined;
    }
    if (now - row.lastUsedAt >= TOUCH_EVERY_MS) {
      await touchSession(this.db, idHash, new Date(now));
      this.setCookie(reply, id);
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
