// The members' limits against mail bombing and fake sign-ups, counted in the database (sign_in_attempts, the table
// the staff guess limits use) so every process on it shares them: mail to one address, and subscribe and sign-in
// requests from one client address.
import { sha256Hex } from '../accounts/sessions';
import type { AttemptLimit, TooMany } from '../accounts/attemptLimits';
import type { Db } from '../db/database';
import { addAttempts, deleteEndedAttempts } from '../repositories/attemptsRepository';
import type { CounterSpec } from '../repositories/attemptsRepository';
import { normalizeMemberEmail } from '../repositories/membersRepository';

export type MemberLimits = {
  /** confirmation and sign-in mails to one address: the short window */
  mailBurst: AttemptLimit;
  /** confirmation and sign-in mails to one address: the day */
  mailDay: AttemptLimit;
  /** subscribe and sign-in requests from one client address (a limiterKey) */
  requests: AttemptLimit;
};

const MINUTE = 60_000;

export const DEFAULT_MEMBER_LIMITS: MemberLimits = {
  mailBurst: { max: 1, windowMs: 10 * MINUTE },
  mailDay: { max: 5, windowMs: 24 * 60 * MINUTE },
  requests: { max: 20, windowMs: 60 * MINUTE },
};

/** Keyed by a hash: an address of any length or content is a short, safe key. */
const keyOf = (kind: string, subject: string) => `member-${kind}:${sha256Hex(subject)}`;

const secondsUntil = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000));

export class MemberLimiter {
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly limits: MemberLimits,
    private readonly now: () => number,
  ) {}

  /** Counts a subscribe or sign-in request from `address`: undefined when it may go on, else how long to wait. */
  async countRequest(address: string): Promise<TooMany | undefined> {
    const { requests } = this.limits;
    const refused = await this.count([{ key: keyOf('requests', address), windowMs: requests.windowMs }], (counted) =>
      counted[0]!.attempts > requests.max ? counted[0]!.windowEndsAt : undefined,
    );
    return refused;
  }

  /**
   * Counts a mail to `email` when both its windows have room, and says whether it may be sent. A refused mail is not
   * counted, so a flood of requests never pushes the next allowed mail further away.
   */
  async mayMail(email: string): Promise<boolean> {
    const { mailBurst, mailDay } = this.limits;
    const who = normalizeMemberEmail(email);
    const refused = await this.count(
      [
        { key: keyOf('mail-burst', who), windowMs: mailBurst.windowMs },
        { key: keyOf('mail-day', who), windowMs: mailDay.windowMs },
      ],
      ([burst, day]) => {
        if (burst!.attempts > mailBurst.max) return burst!.windowEndsAt;
        if (day!.attempts > mailDay.max) return day!.windowEndsAt;
        return undefined;
      },
    );
    return refused === undefined;
  }

  private async count(
    counters: CounterSpec[],
    refusedUntil: Parameters<typeof addAttempts<number>>[3],
  ): Promise<TooMany | undefined> {
    const now = this.now();
    if (now - this.lastSweep >= MINUTE) {
      this.lastSweep = now;
      await deleteEndedAttempts(this.db, now);
    }
    const result = await addAttempts(this.db, counters, now, refusedUntil);
    return 'refused' in result ? { retryAfter: secondsUntil(result.refused, now) } : undefined;
  }
}
