// The mail outbox's sender: every process runs one. A message is a row written in the transaction of the change that
// caused it (mailRepository.queueMail), so mail goes out only after that change committed, and an SMTP outage
// or a crash loses nothing: the row waits.
//
// Delivery, exactly once across processes: a sender claims one due row with a single conditional UPDATE that sets a
// lease (claimed_until) and is refused for a row another sender holds (PostgreSQL: the row is picked FOR UPDATE SKIP
// LOCKED and the UPDATE re-checks the lease on the row it locked; SQLite: the UPDATE runs under the database's one
// write lock). Only the holder of the lease marks the row sent. Every SMTP exchange is bounded by timeouts well under
// the lease, so a live sender always finishes (sent, or released for a retry) before its lease could pass to another:
// two live processes never send one row twice. A process that dies between the SMTP server's acceptance and marking
// the row sent leaves a lease that expires, and the row is sent again: at-least-once for that crash window only,
// which is what any sender without a transaction shared with the SMTP server can promise.
//
// Messages go out over a pool of SMTP connections (MAIL_CONNECTIONS), one sender loop per connection, optionally
// capped at MAIL_RATE messages a second. A newsletter row holds no body: `compose` makes it when its turn comes
// (or skips it: the member left meanwhile), and a 5xx to its RCPT TO calls `rejected`: that one address refuses mail.
// A 4xx, a refused connection or a 5xx to the whole session is the server's trouble, not the address's: it retries.
//
// Retries back off (30 s, doubling, at most 1 h) and end after a day: the row is marked failed. A sent or failed row
// keeps no body (a reset link is a secret). Nothing logged here holds an address, a body or the SMTP URL.
import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/database';
import { claimDueMail, markMailFailed, markMailRetry, markMailSent } from './mailRepository';
import type { ClaimedMail } from './mailRepository';

export type OutboxOptions = {
  db: Db;
  /** smtp:// or smtps:// with credentials */
  smtpUrl: string;
  from: string;
  now: () => number;
  /** how often to look for rows other processes wrote, or whose retry is due (default 3 s) */
  pollMs?: number;
  /** a claim's lease (default 2 min): longer than any SMTP exchange can take with the timeouts below */
  leaseMs?: number;
  /** a failure to report, never with the message or the SMTP URL */
  warn?: (message: string) => void;
  /** pooled SMTP connections, and sender loops (default 5) */
  connections?: number;
  /** at most this many messages a second (default: no cap) */
  rate?: number;
  /** a newsletter row's message, made when it goes; undefined: not to be sent any more (marked failed, `skipped`) */
  compose?: (row: ClaimedMail) => Promise<ComposedMail | undefined>;
  /** the text a skipped row's last_error keeps */
  skippedText?: string;
  /** a newsletter row's single recipient was refused with a 5xx to RCPT TO */
  rejected?: (row: ClaimedMail) => Promise<void>;
};

/** A message as nodemailer sends it. */
export type ComposedMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

/** A permanent refusal of the one recipient (5xx to RCPT TO), as nodemailer reports it; never a session's failure. */
export function isRecipientRejected(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, command } = error as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && command === 'RCPT TO';
}

export const MAIL_GIVE_UP_MS = 24 * 60 * 60_000;
const SMTP_TIMEOUT_MS = 20_000;

/** The wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, … at most 1 h. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

export class MailOutbox {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  /** Work under way that will queue mail (a reset link queued after its answer went out). */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: OutboxOptions) {
    this.pollMs = options.pollMs ?? 3_000;
    this.leaseMs = options.leaseMs ?? 120_000;
    const connections = options.connections ?? 5;
    this.transport = createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: connections,
      maxMessages: Infinity,
      ...(options.rate === undefined ? {} : { rateDelta: 1_000, rateLimit: options.rate }),
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
      // nodemailer's own logger would print the conversation, credentials included
      logger: false,
      debug: false,
    });
  }

  /** Starts polling (unref'd: it never keeps a process alive) and sends what is already due. */
  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Sends what is due now, soon: called after a write that queued mail commits. */
  wake(): void {
    if (this.stopped) return;
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.warn?.(`mail outbox: ${describe(error)}`))
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Sends every row due now, one loop per pooled connection; resolves when none is left (tests wait on it). */
  async drain(): Promise<void> {
    const loops = Math.max(1, this.options.connections ?? 5);
    await Promise.all(Array.from({ length: loops }, () => this.sendLoop()));
  }

  private async sendLoop(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const row = await claimDueMail(this.options.db, this.options.now(), this.leaseMs);
      if (row === undefined) return;
      await this.deliver(row);
    }
  }

  /** Waits for `work` (which must not reject) before settling or stopping: it queues mail after its answer. */
  track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Resolves once no tracked work and no run is under way (a test waits on it instead of a timer). */
  async settle(): Promise<void> {
    while (this.pending.size > 0 || this.running !== undefined) {
      await Promise.all(this.pending);
      await this.running;
    }
  }

  /** Waits for tracked work and a run under way, then stops: no new claim is made (what was queued waits). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    await Promise.all(this.pending);
    await this.running;
    this.transport.close();
  }

  private async deliver(row: ClaimedMail): Promise<void> {
    const { db, from } = this.options;
    let message: ComposedMail | undefined = { to: row.to_address, subject: row.subject, text: row.body };
    const newsletter = row.member_id !== null && this.options.compose !== undefined;
    try {
      if (newsletter) message = await this.options.compose?.(row);
      if (message === undefined) {
        await markMailFailed(db, row.id, this.options.now(), this.options.skippedText ?? 'skipped');
        return;
      }
      const headers = row.headers === null ? undefined : (JSON.parse(row.headers) as Record<string, string>);
      await this.transport.sendMail({ from, ...(headers && { headers }), ...message });
    } catch (error) {
      const now = this.options.now();
      if (newsletter && isRecipientRejected(error)) {
        await markMailFailed(db, row.id, now, describe(error));
        await this.options.rejected?.(row);
        return;
      }
      const giveUp = now - row.created_at >= MAIL_GIVE_UP_MS;
      if (giveUp) await markMailFailed(db, row.id, now, describe(error));
      else await markMailRetry(db, row.id, now + retryDelayMs(row.attempts), describe(error));
      this.options.warn?.(
        `mail outbox: message ${row.id} not sent (${describe(error)}); ${giveUp ? 'given up after a day' : 'will retry'}`,
      );
      return;
    }
    await markMailSent(db, row.id, this.options.now());
  }
}

/** An SMTP failure in a few words: its code, never the message's content or the server's URL. */
function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
    if (typeof code === 'string' || typeof responseCode === 'number')
      return [code, responseCode].filter((part) => part !== undefined).join(' ');
  }
  return 'send failed';
}
