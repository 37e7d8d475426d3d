// Member sessions: a random id in an HttpOnly cookie of its own, kept in the database only as its sha256, like staff
// sessions (accounts/sessions.ts) but in their own table and under another name, so a member's cookie never opens a
// staff route and a staff cookie is never a member's session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { MemberMe } from '../../contract/members';
import { newSecret, onlyCookie, sha256Hex } from '../accounts/sessions';
import type { Database, Db } from '../db/database';
import type { MemberRecord } from '../repositories/membersRepository';
import {
  deleteExpiredMemberSessions,
  deleteMemberSession,
  findMemberSession,
  insertMemberSession,
  touchMemberSession,
} from '../repositories/membersRepository';

export const MEMBER_COOKIE = 'touchline_member';

const DAY_MS = 24 * 60 * 60_000;

/** A member stays signed in this long after the link they signed in with, however often they come back. */
export const MEMBER_SESSION_DAYS = 180;

/** last_used_at is written at most this often per session. */
const TOUCH_EVERY_MS = DAY_MS;

export type SignedInMember = { member: MemberRecord; idHash: string };

/** The member's own preferences as GET /api/members/me answers them, and /account renders them. */
export const meOf = (member: MemberRecord): MemberMe => ({
  email: member.email,
  name: member.name,
  status: member.status,
  all: member.all,
  tags: member.tags,
  subscribed: member.status === 'active',
  replyMail: member.replyMail,
});

const signedInOf = new WeakMap<object, SignedInMember>();

export class MemberSessions {
  private readonly secure: boolean;
  /** `__Host-` on an https site: only this host, over https, with Path=/, can set or shadow it */
  readonly cookieName: string;
  private readonly maxMs = MEMBER_SESSION_DAYS * DAY_MS;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    publicUrl: string,
  ) {
    this.secure = publicUrl.startsWith('https:');
    this.cookieName = this.secure ? `__Host-${MEMBER_COOKIE}` : MEMBER_COOKIE;
  }

  /** Stores a new session for the member (in the caller's transaction) and returns the id for the cookie. */
  async create(executor: Kysely<Database>, memberId: number): Promise<string> {
    const id = newSecret();
    const now = new Date(this.now());
    await insertMemberSession(executor, sha256Hex(id), memberId, now);
    // Housekeeping on sign-in, not on a timer: the table holds only sessions that could still be used.
    await deleteExpiredMemberSessions(executor, new Date(now.getTime() - this.maxMs));
    return id;
  }

  setCookie(reply: FastifyReply, id: string): void {
    const maxAge = Math.floor(this.maxMs / 1000);
    void reply.header('set-cookie', `${this.cookieName}=${id}; Max-Age=${maxAge}${this.attributes()}`);
  }

  clearCookie(reply: FastifyReply): void {
    void reply.header('set-cookie', `${this.cookieName}=; Max-Age=0${this.attributes()}`);
  }

  private attributes(): string {
    return `; Path=/; HttpOnly; SameSite=Lax${this.secure ? '; Secure' : ''}`;
  }

  /** Whether the request carries this site's member cookie at all (no database read). */
  hasCookie(request: FastifyRequest): boolean {
    return onlyCookie(request.headers.cookie, this.cookieName) !== undefined;
  }

  /** The signed-in member of a request carrying exactly one member cookie, read from the database, or undefined. */
  async resolve(request: FastifyRequest): Promise<SignedInMember | undefined> {
    const known = signedInOf.get(request);
    if (known !== undefined) return known;
    const signedIn = await this.resolveCookies(request.headers.cookie);
    if (signedIn !== undefined) signedInOf.set(request, signedIn);
    return signedIn;
  }

  /** The signed-in member of a Cookie header carrying exactly one member cookie (a page request's), or undefined. */
  async resolveCookies(cookies: string | undefined): Promise<SignedInMember | undefined> {
    const id = onlyCookie(cookies, this.cookieName);
    if (id === undefined || id.length > 100) return undefined;
    const idHash = sha256Hex(id);
    const row = await findMemberSession(this.db, idHash);
    if (row === undefined) return undefined;
    const now = this.now();
    if (now >= row.createdAt + this.maxMs) {
      await deleteMemberSession(this.db, idHash);
      return undefined;
    }
    if (now - row.lastUsedAt >= TOUCH_EVERY_MS) await touchMemberSession(this.db, idHash, new Date(now));
    return { member: row.member, idHash };
  }

  async revoke(idHash: string): Promise<void> {
    await deleteMemberSession(this.db, idHash);
  }
}
