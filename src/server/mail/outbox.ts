// The mail outbox's sender: every process runs one, in a worker thread of its own by default (mail/workerOutbox.ts
// starts it, mail/senderWorker.ts builds this class there with its own database connection), so its claims, compose,
// SMTP and marks never hold up a request on the main event loop; tests and in-memory SQLite run it in the app's thread
// (MAIL_SENDER=thread). A message is a row written in the transaction of the change that
// caused it (mailRepository.queueMail), so mail goes out only after that change committed, and an SMTP outage
// or a crash loses nothing: the row waits.
//
// Delivery, exactly once across processes: a sender loop claims a batch of due rows (oldest first, 20) with a single
// conditional UPDATE that sets one lease (claimed_until) and skips rows another sender holds (PostgreSQL: the rows are
// picked FOR UPDATE SKIP LOCKED and the UPDATE re-checks the lease on the rows it locked; SQLite: the UPDATE runs
// under the database's one write lock). Only the holder of the lease marks a row sent, each as soon as the SMTP server
// took it. Every SMTP exchange is bounded by timeouts well under the lease, and a loop starts no exchange once the
// lease is too near its end (the rest of the batch is released), so a live sender always finishes (sent, or released
// for a retry) before its lease could pass to another: two live processes never send one row twice. A process that
// dies between the SMTP server's acceptance and marking the row sent leaves a lease that expires, and the row is sent
// again: at-least-once for that crash window only (at most one message per connection), which is what any sender
// without a transaction shared with the SMTP server can promise. Claims and marks skip the disk flush
// (db/unflushed.ts): a killed process loses none of them, an OS crash only widens that same window.
//
// Messages go out over a pool of SMTP connections (MAIL_CONNECTIONS), one sender loop per connection, optionally
// capped at MAIL_RATE messages a second. A newsletter row holds no body: `compose` makes it when its turn comes
// for the whole batch, from one member query (or skips it: the member left meanwhile), and a 5xx to its RCPT TO calls
// `rejected`: that one address refuses mail; the batch's other rows go on.
// A 4xx, a refused connection or a 5xx to the whole session is the server's trouble, not the address's: that row
// retries, and the batch's untried rows are released to be claimed again one by one.
//
// Retries back off (30 s, doubling, at most 1 h) and end after a day: the row is marked failed. A sent or failed row
// keeps no body (a reset link is a secret). Nothing logged here holds an address, a body or the SMTP URL.
import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/database';
import { Poller } from '../lib/poller';
import { claimDueMails, markMailFailed, markMailRetry, markMailSent, releaseMail } from './mailRepository';
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
  /** rows one sender loop claims at once (default 20) */
  batch?: number;
  /** a batch of newsletter rows' messages by row id, made when they go; a row left out is not to be sent any more (marked failed, `skipped`) */
  compose?: (rows: ClaimedMail[]) => Promise<Map<number, ComposedMail>>;
  /** the text a skipped row's last_error keeps */
  skippedText?: string;
  /** a newsletter row's single recipient was refused with a 5xx to RCPT TO */
  rejected?: (row: ClaimedMail) => Promise<void>;
  /** awaited before each message: the worker's wait while the requests' thread is busy (mail/requestsFirst.ts) */
  yieldToRequests?: () => Promise<void>;
};

/** A sender as the app and tests use it: this thread's MailOutbox, or the worker's (mail/workerOutbox.ts). */
export type Outbox = {
  start(): void;
  wake(): void;
  drain(): Promise<void>;
  track(work: Promise<void>): void;
  settle(): Promise<void>;
  stop(): Promise<void>;
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

/** Rows one sender loop claims at once (one lease, one UPDATE). */
const BATCH = 20;
/** The longest one message's SMTP exchange may take (connect, greeting, a stalled socket): no send starts later than this before the lease ends. */
const EXCHANGE_BUDGET_MS = 3 * SMTP_TIMEOUT_MS;

export class MailOutbox implements Outbox {
  private readonly transport: Transporter;
  private readonly poller: Poller;
  private readonly leaseMs: number;
  private readonly batch: number;
  /** Work under way that will queue mail (a reset link queued after its answer went out). */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: OutboxOptions) {
    this.leaseMs = options.leaseMs ?? 120_000;
    this.batch = Math.max(1, options.batch ?? BATCH);
    const connections = options.connections ?? 5;
    this.poller = new Poller({
      run: () => this.drain(),
      pollMs: options.pollMs ?? 3_000,
      failed: (error) => options.warn?.(`mail outbox: ${describe(error)}`),
    });
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

  /** Whether a run is under way (claiming and sending). */
  get sending(): boolean {
    return this.poller.busy;
  }

  /** Starts polling (unref'd: it never keeps a process alive) and sends what is already due. */
  start(): void {
    this.poller.start();
  }

  /** Sends what is due now, soon: called after a write that queued mail commits. */
  wake(): void {
    this.poller.wake();
  }

  /** Sends every row due now, one loop per pooled connection; resolves when none is left (tests wait on it). */
  async drain(): Promise<void> {
    const loops = Math.max(1, this.options.connections ?? 5);
    await Promise.all(Array.from({ length: loops }, () => this.sendLoop()));
  }

  private async sendLoop(): Promise<void> {
    for (;;) {
      if (this.poller.stopped) return;
      const claimedAt = this.options.now();
      const rows = await claimDueMails(this.options.db, claimedAt, this.leaseMs, this.batch);
      if (rows.length === 0) return;
      await this.deliverBatch(rows, claimedAt);
    }
  }

  /** Waits for `work` (which must not reject) before settling or stopping: it queues mail after its answer. */
  track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Resolves once no tracked work and no run is under way (a test waits on it instead of a timer). */
  async settle(): Promise<void> {
    while (this.pending.size > 0 || this.poller.busy) {
      await Promise.all(this.pending);
      await this.poller.settle();
    }
  }

  /** Waits for tracked work and a run under way, then stops: no new claim is made (what was queued waits). */
  async stop(): Promise<void> {
    const stopping = this.poller.stop();
    await Promise.all(this.pending);
    await stopping;
    this.transport.close();
  }

  /**
   * Sends a claimed batch one message at a time, each marked sent as soon as the server took it (so a crash resends at
   * most the messages in flight). After a failure, or once the lease is too near its end for one more exchange, the
   * rows not tried yet are released: each is claimed again on its own, with its own attempts and backoff.
   */
  private async deliverBatch(rows: ClaimedMail[], claimedAt: number): Promise<void> {
    const { db } = this.options;
    const newsletters = this.options.compose === undefined ? [] : rows.filter((row) => row.member_id !== null);
    let composed: Map<number, ComposedMail>;
    try {
      composed = newsletters.length === 0 ? new Map() : await this.options.compose!(newsletters);
    } catch (error) {
      await releaseMail(
        db,
        rows.map((row) => row.id),
      );
      throw error;
    }
    for (const [index, row] of rows.entries()) {
      const late = this.options.now() - claimedAt > this.leaseMs - EXCHANGE_BUDGET_MS;
      if (this.poller.stopped || late) {
        await releaseMail(
          db,
          rows.slice(index).map((row) => row.id),
        );
        return;
      }
      await this.options.yieldToRequests?.();
      const newsletter = row.member_id !== null && this.options.compose !== undefined;
      const message = newsletter ? composed.get(row.id) : { to: row.to_address, subject: row.subject, text: row.body };
      if (!(await this.deliver(row, message, newsletter))) {
        await releaseMail(
          db,
          rows.slice(index + 1).map((row) => row.id),
        );
        return;
      }
    }
  }

  /** One row: sent, skipped or bounced (true), or failed for a retry (false). */
  private async deliver(row: ClaimedMail, message: ComposedMail | undefined, newsletter: boolean): Promise<boolean> {
    const { db, from } = this.options;
    if (message === undefined) {
      await markMailFailed(db, row.id, this.options.now(), this.options.skippedText ?? 'skipped');
      return true;
    }
    try {
      const headers = row.headers === null ? undefined : (JSON.parse(row.headers) as Record<string, string>);
      await this.transport.sendMail({ from, ...(headers && { headers }), ...message });
    } catch (error) {
      const now = this.options.now();
      if (newsletter && isRecipientRejected(error)) {
        await markMailFailed(db, row.id, now, describe(error));
        await this.options.rejected?.(row);
        return true;
      }
      const giveUp = now - row.created_at >= MAIL_GIVE_UP_MS;
      if (giveUp) await markMailFailed(db, row.id, now, describe(error));
      else await markMailRetry(db, row.id, now + retryDelayMs(row.attempts), describe(error));
      this.options.warn?.(
        `mail outbox: message ${row.id} not sent (${describe(error)}); ${giveUp ? 'given up after a day' : 'will retry'}`,
      );
      return false;
    }
    await markMailSent(db, row.id, this.options.now());
    return true;
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
