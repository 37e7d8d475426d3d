// The admin token check for writes, and the per-address counter of failed attempts behind the 429.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { ADMIN_TOKEN_ACTOR, setActor } from './actor';
import { hasBody } from './requestLimits';

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

/**
 * Whom a failed attempt is counted against: an IPv4 address itself, an IPv6 address by its /64. One home line or
 * server owns a whole /64 and may pick any address in it, so counting single IPv6 addresses would not limit anyone.
 */
export function limiterKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address becomes the IPv4 address it carries
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

export type FailureLimiterOptions = { maxFailures: number; windowMs: number; now?: () => number };

/**
 * Counts failed token checks per client address in fixed windows that start at the first failure. Once an address
 * reaches maxFailures, every write from it is refused until its window ends. Kept in process memory: behind a load
 * balancer each process counts on its own, which still bounds guessing to maxFailures × processes per window.
 */
export class FailureLimiter {
  private readonly entries = new Map<string, { failures: number; resetAt: number }>();
  private readonly now: () => number;

  constructor(private readonly options: FailureLimiterOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Seconds until the address may try again, or 0 when it is not blocked. */
  blockedFor(address: string): number {
    const entry = this.entries.get(address);
    if (entry === undefined) return 0;
    const now = this.now();
    if (entry.resetAt <= now) {
      this.entries.delete(address);
      return 0;
    }
    return entry.failures >= this.options.maxFailures ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  recordFailure(address: string): void {
    const now = this.now();
    const entry = this.entries.get(address);
    if (entry === undefined || entry.resetAt <= now) {
      if (this.entries.size >= 100_000) this.prune(now);
      this.entries.set(address, { failures: 1, resetAt: now + this.options.windowMs });
    } else entry.failures += 1;
  }

  private prune(now: number): void {
    for (const [address, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(address);
    // Still full of live entries (an address flood): forget the oldest rather than grow without bound.
    for (const address of this.entries.keys()) {
      if (this.entries.size < 100_000) break;
      this.entries.delete(address);
    }
  }
}

export type WriteGuard = {
  /** onRequest hook for write routes: 429 while the address is blocked. */
  refuseBlocked: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * Sends 401 (and counts the failure) unless the token is right; returns whether the request may go on. When it
   * may, actorOf(request) names who it acts as.
   */
  authorize: (request: FastifyRequest, reply: FastifyReply, fieldToken?: unknown) => boolean;
};

export function createWriteGuard(adminToken: string, limiter: FailureLimiter): WriteGuard {
  return {
    async refuseBlocked(request, reply) {
      const seconds = limiter.blockedFor(limiterKey(request.ip));
      if (seconds > 0) {
        // Answered before the body is read: closing the connection keeps Node from reading the rest of it.
        if (hasBody(request.headers)) void reply.header('connection', 'close');
        await reply
          .code(429)
          .header('retry-after', String(seconds))
          .send({ error: 'Too many failed access token attempts. Try again later.' });
      }
    },
    authorize(request, reply, fieldToken) {
      const token = presentedToken(request, fieldToken);
      if (token !== undefined && tokenMatches(token, adminToken)) {
        setActor(request, ADMIN_TOKEN_ACTOR);
        return true;
      }
      limiter.recordFailure(limiterKey(request.ip));
      void reply.code(401).send({ error: token === undefined ? 'Access token required' : 'Invalid access token' });
      return false;
    },
  };
}
