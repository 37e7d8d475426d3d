// The guess limits, counted in the database so every process on it shares them: sign-in per account-and-address
// pair, per address and per account, codes (setup, invitation, password reset) per address, wrong API tokens per
// address; and, beside them, the notes and submissions each account may make (each one may mail several people). A password attempt is counted when it starts, before the slow hash, and taken back if it succeeds, so a
// burst sent at once checks no more passwords than the limit.
import type { Db } from '../db/database';
import {
  addAttempts,
  addOneAttempt,
  attemptsNow,
  deleteEndedAttempts,
  releaseAttempts,
} from '../repositories/attemptsRepository';
import type { Counted } from '../repositories/attemptsRepository';
import { normalizeEmail } from '../repositories/accountsRepository';
import { sha256Hex } from './sessions';

export type AttemptLimit = { max: number; windowMs: number };

export type AttemptLimits = {
  /** password attempts on one account from one address */
  pair: AttemptLimit;
  /** password and code attempts from one address, on any account */
  address: AttemptLimit;
  /** password attempts on one account from every address together; an address with no recent failures passes */
  account: AttemptLimit;
  /** wrong API tokens (or none) on writes from one address */
  token: AttemptLimit;
  /** "Forgot password?" mails asked for one email, from every address together (each also counts per address) */
  resetEmail: AttemptLimit;
  /** notes and submissions for review by one account: each may mail every editor, owner or note writer */
  deskWrites: AttemptLimit;
};

const MINUTE = 60_000;

export const DEFAULT_ATTEMPT_LIMITS: AttemptLimits = {
  pair: { max: 10, windowMs: 15 * MINUTE },
  address: { max: 30, windowMs: 15 * MINUTE },
  account: { max: 100, windowMs: 60 * MINUTE },
  token: { max: 10, windowMs: 15 * MINUTE },
  resetEmail: { max: 5, windowMs: 60 * MINUTE },
  deskWrites: { max: 30, windowMs: 60 * MINUTE },
};

/** An attempt under way: release() when it succeeded; a failure is left counted. */
export type Attempt = { release: () => Promise<void> };
/** Refused: too many attempts; try again in this many seconds. */
export type TooMany = { retryAfter: number };

/** Counters are keyed by a hash: an email or a forwarded address of any length or content is a short, safe key. */
const keyOf = (kind: string, ...subject: string[]) => `${kind}:${sha256Hex(subject.join('\n'))}`;

/** The local knowledge of blocked token addresses stays this small under an address flood. */
const MAX_HINTS = 10_000;

export class AttemptLimiter {
  private lastSweep = Number.NEGATIVE_INFINITY;
  /** Addresses this process saw reach the token limit, and when their window ends: a block never ends early. */
  private readonly tokenBlocks = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly limits: AttemptLimits,
    private readonly now: () => number,
  ) {}

  /**
   * Starts a password check for `email` from `address` (a limiterKey). Refused when the pair or the address is at
   * its limit, or the account is at its ceiling and this address has other attempts in its window.
   */
  async startPassword(address: string, email: string): Promise<Attempt | TooMany> {
    const { pair, address: perAddress, account } = this.limits;
    const who = normalizeEmail(email);
    return this.start(
      [
        { key: keyOf('pair', who, address), ...pair },
        { key: keyOf('address', address), ...perAddress },
        { key: keyOf('account', who), ...account },
      ],
      ([p, a, c]) => {
        if (p!.attempts > pair.max) return p!.windowEndsAt;
        if (a!.attempts > perAddress.max) return a!.windowEndsAt;
        // An address whose only attempt in its window is this one has no recent failure: it is never shut out.
        if (c!.attempts > account.max && a!.attempts > 1) return Math.min(c!.windowEndsAt, a!.windowEndsAt);
        return undefined;
      },
    );
  }

  /** Starts a check of a code (setup, invitation, password reset) from `address`: counted per address. */
  async startCode(address: string): Promise<Attempt | TooMany> {
    const perAddress = this.limits.address;
    return this.start([{ key: keyOf('address', address), ...perAddress }], ([a]) =>
      a!.attempts > perAddress.max ? a!.windowEndsAt : undefined,
    );
  }

  /**
   * Counts a request for a reset mail to `email` from `address`: per address (with sign-in's other attempts) and per
   * email, whether or not the email has an account, so the answer says nothing about that. Never taken back.
   */
  async startResetRequest(address: string, email: string): Promise<Attempt | TooMany> {
    const { address: perAddress, resetEmail } = this.limits;
    return this.start(
      [
        { key: keyOf('address', address), ...perAddress },
        { key: keyOf('reset-email', normalizeEmail(email)), ...resetEmail },
      ],
      ([a, e]) => {
        if (a!.attempts > perAddress.max) return a!.windowEndsAt;
        if (e!.attempts > resetEmail.max) return e!.windowEndsAt;
        return undefined;
      },
    );
  }

  /** Counts a note or a submission for review by the account: never taken back, whether or not anyone is mailed. */
  async startDeskWrite(accountId: number): Promise<Attempt | TooMany> {
    const { deskWrites } = this.limits;
    return this.start([{ key: keyOf('desk', String(accountId)), ...deskWrites }], ([d]) =>
      d!.attempts > deskWrites.max ? d!.windowEndsAt : undefined,
    );
  }

  /** Counts a wrong token (or none) from `address`: the seconds to wait once past the limit, else 0. */
  async tokenFailed(address: string): Promise<number> {
    const { token } = this.limits;
    const now = this.now();
    await this.sweep(now);
    const counted = await addOneAttempt(this.db, { key: keyOf('token', address), windowMs: token.windowMs }, now);
    if (counted.attempts >= token.max) this.rememberBlock(address, counted.windowEndsAt);
    return counted.attempts > token.max ? secondsUntil(counted.windowEndsAt, now) : 0;
  }

  /** Seconds until `address` may present a token again (0: now), from the database. */
  async tokenBlockedFor(address: string): Promise<number> {
    const known = this.tokenBlockedHere(address);
    if (known > 0) return known;
    const now = this.now();
    const counted = await attemptsNow(this.db, keyOf('token', address), now);
    if (counted === undefined || counted.attempts < this.limits.token.max) return 0;
    this.rememberBlock(address, counted.windowEndsAt);
    return secondsUntil(counted.windowEndsAt, now);
  }

  /**
   * What this process already knows without asking the database: seconds left on a token block it has seen, else 0.
   * Used before a body is read; the database is asked once the token is known.
   */
  tokenBlockedHere(address: string): number {
    const until = this.tokenBlocks.get(address);
    if (until === undefined) return 0;
    const now = this.now();
    if (until <= now) {
      this.tokenBlocks.delete(address);
      return 0;
    }
    return secondsUntil(until, now);
  }

  private rememberBlock(address: string, until: number): void {
    if (this.tokenBlocks.size >= MAX_HINTS) {
      const now = this.now();
      for (const [known, end] of this.tokenBlocks) if (end <= now) this.tokenBlocks.delete(known);
      if (this.tokenBlocks.size >= MAX_HINTS) this.tokenBlocks.clear();
    }
    this.tokenBlocks.set(address, until);
  }

  private async start(
    counters: { key: string; windowMs: number }[],
    refusedUntil: (counted: Counted[]) => number | undefined,
  ): Promise<Attempt | TooMany> {
    const now = this.now();
    await this.sweep(now);
    const result = await addAttempts(this.db, counters, now, refusedUntil);
    if ('refused' in result) return { retryAfter: secondsUntil(result.refused, now) };
    const { counted } = result;
    return { release: () => releaseAttempts(this.db, counted) };
  }

  /** Ended windows are deleted at most once a minute per process, on the way to counting: no timer, no read path. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < MINUTE) return;
    this.lastSweep = now;
    await deleteEndedAttempts(this.db, now);
  }
}

const secondsUntil = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000));

export const isTooMany = (outcome: Attempt | TooMany): outcome is TooMany => 'retryAfter' in outcome;
