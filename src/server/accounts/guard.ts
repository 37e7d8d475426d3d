// Who may write: a session cookie (from the site's own pages), an API key or ADMIN_TOKEN; the per-address limit of
// failed token attempts behind the 429, and each account's limit of notes and submissions, counted in the database
// (accounts/attemptLimits.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../contract/limits';
import { ADMIN_TOKEN_ACTOR, actorOf, setActor } from './actor';
import type { Actor } from './actor';
import { isTooMany } from './attemptLimits';
import { secondFactorRefusal } from './secondFactorPolicy';
import type { AttemptLimiter } from './attemptLimits';
import { sessionCookie, sha256Hex } from './sessions';
import type { Sessions } from './sessions';
import type { Db } from '../db/database';
import { findKeyByHash } from '../repositories/accountsRepository';
import { limiterKey } from '../http/clientAddress';
import { hasBody } from '../http/requestLimits';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant time: both sides are hashed to 32 bytes first, so neither content nor length leaks through timing. */
export function tokenMatches(candidate: string, expected: string): boolean {
  return timingSafeEqual(sha256(candidate), sha256(expected));
}

/** The token a request carries: `Authorization: Bearer <token>` wins over a body/form field `accessToken`. */
export function presentedToken(request: FastifyRequest, fieldToken?: unknown): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1] !== undefined) return match[1];
  }
  return typeof fieldToken === 'string' && fieldToken !== '' ? fieldToken : undefined;
}

export type WriteGuard = {
  /**
   * onRequest hook for write routes: 429 before the body is read when this process already knows the address is
   * blocked for tokens (a request with only a session cookie is not judged by a token, so it goes on).
   */
  refuseBlocked: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * Sends 401 (and counts the failure), or 403 for a cross-site cookie write, unless the request carries a valid
   * credential; resolves whether it may go on. When it may, actorOf(request) names who it acts as.
   */
  authorize: (request: FastifyRequest, reply: FastifyReply, fieldToken?: unknown) => Promise<boolean>;
  /**
   * Who reads: undefined for a request with no credential at all (no lookup is made), the actor, or 'refused' when
   * the answer was sent (a wrong token: 401 and a counted failure; a blocked address: 429, whatever the token). A
   * session cookie that is no longer valid reads as anonymous: a signed-out visitor still reads the public site.
   */
  identify: (request: FastifyRequest, reply: FastifyReply) => Promise<Actor | 'anonymous' | 'refused'>;
  /** preValidation hook for staff routes: authorize by the Authorization header or the session cookie, or answer. */
  staffOnly: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  /**
   * Counts a note or a submission for review by the signed-in account, before it is written; past the limit it throws
   * TooManyDeskWrites (a 429) with Retry-After set. A key acts for an owner's script and is not counted.
   */
  countDeskWrite: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** Too many notes and submissions by one account: the error handler answers it as a 429 with this message. */
export class TooManyDeskWrites extends Error {
  readonly statusCode = 429;
  constructor() {
    super('Too many notes and submissions for review from this account. Try again later.');
  }
}

export type GuardOptions = {
  db: Db;
  adminToken: string;
  limiter: AttemptLimiter;
  sessions: Sessions;
  /** Origins a cookie-authorized write may come from: PUBLIC_URL's and the listening address's. */
  ownOrigins: ReadonlySet<string>;
};

/** The origin a browser says a request comes from: Origin, else Referer's origin; undefined when it says neither. */
function requestOrigin(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  if (typeof origin === 'string' && origin !== '') return origin;
  if (typeof referer !== 'string' || referer === '') return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * A write authorized by the cookie must come from the site's own pages. The cookie is SameSite=Lax, but same-site is
 * wider than same-origin (a sibling subdomain), and a write with neither Origin nor Referer is refused too: browsers
 * send Origin with every POST, PUT and DELETE, so only a non-browser client omits both, and such a client uses a key.
 */
export function fromOwnOrigin(request: FastifyRequest, ownOrigins: ReadonlySet<string>): boolean {
  const origin = requestOrigin(request);
  return origin !== undefined && ownOrigins.has(origin.toLowerCase());
}

/**
 * Whether the request's Origin names another site: a form posted from elsewhere must not sign anyone in here, nor make
 * this site mail its people. Unlike a cookie write (fromOwnOrigin), a request with no Origin is not refused: browsers
 * send Origin with every POST, so it comes from no browser form, and it carries no session to misuse.
 */
export function namesOtherOrigin(request: FastifyRequest, ownOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && !ownOrigins.has(origin.toLowerCase());
}

export const CROSS_SITE = 'This request did not come from this site';
export const SESSION_ENDED = 'Your session has ended: sign in again';

export function createWriteGuard({ db, adminToken, limiter, sessions, ownOrigins }: GuardOptions): WriteGuard {
  /** ADMIN_TOKEN (an owner key) or an API key, looked up on every use so a revoked key fails at once everywhere. */
  async function keyActor(token: string): Promise<Actor | undefined> {
    if (tokenMatches(token, adminToken)) return ADMIN_TOKEN_ACTOR;
    if (token.length > LIMITS.accessTokenMax) return undefined;
    const key = await findKeyByHash(db, sha256Hex(token));
    return key && { accountId: null, name: key.name, role: 'owner' };
  }

  const tooMany = (request: FastifyRequest, reply: FastifyReply, seconds: number) => {
    // Maybe answered before the body is read: closing the connection keeps Node from reading the rest of it.
    if (hasBody(request.headers)) void reply.header('connection', 'close');
    void reply
      .code(429)
      .header('retry-after', String(seconds))
      .send({ error: 'Too many failed access token attempts. Try again later.' });
  };

  /** A wrong token (or none) counts against the address; past the limit the answer is 429 instead of 401. */
  async function refuse(request: FastifyRequest, reply: FastifyReply, error: string): Promise<false> {
    const seconds = await limiter.tokenFailed(limiterKey(request.ip));
    if (seconds > 0) tooMany(request, reply, seconds);
    else void reply.code(401).send({ error });
    return false;
  }

  async function byToken(request: FastifyRequest, reply: FastifyReply, token: string): Promise<boolean> {
    const actor = await keyActor(token);
    if (actor === undefined) return refuse(request, reply, 'Invalid access token');
    // A right token from a blocked address is refused too: else a guesser past the limit would still learn a hit.
    const seconds = await limiter.tokenBlockedFor(limiterKey(request.ip));
    if (seconds > 0) {
      tooMany(request, reply, seconds);
      return false;
    }
    setActor(request, actor);
    return true;
  }

  const guard: WriteGuard = {
    async refuseBlocked(request, reply) {
      const cookieOnly = request.headers.authorization === undefined && sessionCookie(request) !== undefined;
      if (cookieOnly) return;
      const seconds = limiter.tokenBlockedHere(limiterKey(request.ip));
      if (seconds > 0) {
        tooMany(request, reply, seconds);
        await reply;
      }
    },
    async authorize(request, reply, fieldToken) {
      // A token the caller chose to send wins over the cookie the browser sends by itself.
      const token = presentedToken(request, fieldToken);
      if (token !== undefined) return byToken(request, reply, token);
      if (sessionCookie(request) !== undefined) {
        const signedIn = await sessions.resolve(request, reply);
        if (signedIn === undefined) {
          void reply.code(401).send({ error: SESSION_ENDED });
          return false;
        }
        const write = request.method !== 'GET' && request.method !== 'HEAD';
        if (write && !fromOwnOrigin(request, ownOrigins)) {
          void reply.code(403).send({ error: CROSS_SITE });
          return false;
        }
        const refusal = await secondFactorRefusal(db, signedIn, request.url);
        if (refusal !== undefined) {
          void reply.code(403).send({ error: refusal });
          return false;
        }
        setActor(request, signedIn.actor);
        return true;
      }
      return refuse(request, reply, 'Access token required');
    },
    async identify(request, reply) {
      const token = presentedToken(request);
      if (token !== undefined) {
        await guard.refuseBlocked(request, reply);
        if (reply.sent) return 'refused';
        return (await byToken(request, reply, token)) ? (actorOf(request) ?? 'refused') : 'refused';
      }
      if (sessionCookie(request) === undefined) return 'anonymous';
      const signedIn = await sessions.resolve(request, reply);
      if (signedIn === undefined) return 'anonymous';
      // A session the second-factor policy stops reads the site as a visitor does.
      if ((await secondFactorRefusal(db, signedIn, request.url)) !== undefined) return 'anonymous';
      setActor(request, signedIn.actor);
      return signedIn.actor;
    },
    async staffOnly(request, reply) {
      if (!(await guard.authorize(request, reply))) return reply;
      return undefined;
    },
    async countDeskWrite(request, reply) {
      const accountId = actorOf(request)?.accountId ?? null;
      if (accountId === null) return;
      const counted = await limiter.startDeskWrite(accountId);
      if (!isTooMany(counted)) return;
      void reply.header('retry-after', String(counted.retryAfter));
      throw new TooManyDeskWrites();
    },
  };
  return guard;
}
