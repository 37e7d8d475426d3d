// The newsletter dispatcher every process runs beside the outbox's sender. When a post first becomes public (a publish
// now, or a scheduled post whose time comes, with no job to run) it gets a dispatch row; a process claims the dispatch
// with a lease and queues its recipients into the outbox in batches, off the request that published it, moving a
// cursor in each batch's transaction. A process that dies mid-dispatch leaves a lease that passes, and another goes on
// from the cursor; the outbox's unique (post, member) rows make a member queued twice impossible either way.
import type { Db } from '../db/database';
import { Poller } from '../lib/poller';
import { claimDispatch, postTagSlugs, queueBatch, recordNewlyPublic } from './newsletterRepository';

export type DispatcherOptions = {
  db: Db;
  now: () => number;
  /** told after each batch: the outbox's wake-up */
  queued: () => void;
  /** how often to look for posts whose time came (default 3 s) */
  pollMs?: number;
  /** members queued in one transaction (default 100: on SQLite a batch holds the event loop and the write lock, ~1 ms) */
  batch?: number;
  /** a dispatch's lease, renewed with every batch (default 1 min) */
  leaseMs?: number;
  warn?: (message: string) => void;
};

export class NewsletterDispatcher {
  private readonly poller: Poller;

  constructor(private readonly options: DispatcherOptions) {
    this.poller = new Poller({
      run: () => this.drain(),
      pollMs: options.pollMs ?? 3_000,
      failed: (error) => options.warn?.(`newsletter dispatch: ${(error as Error).message}`),
    });
  }

  start(): void {
    this.poller.start();
  }

  /** Looks for newly public posts soon: called after a write commits. */
  wake(): void {
    this.poller.wake();
  }

  /** Records newly public posts and queues every claimable dispatch to the end (tests wait on it). */
  async drain(): Promise<void> {
    const { db, now } = this.options;
    const batch = this.options.batch ?? 100;
    const leaseMs = this.options.leaseMs ?? 60_000;
    await recordNewlyPublic(db, new Date(now()));
    for (;;) {
      if (this.poller.stopped) return;
      const claim = await claimDispatch(db, now(), leaseMs);
      if (claim === undefined) return;
      const slugs = await postTagSlugs(db, claim.postId);
      const post = await db.kysely
        .selectFrom('posts')
        .select('title')
        .where('id', '=', claim.postId)
        .executeTakeFirst();
      for (;;) {
        if (this.poller.stopped) return;
        const started = performance.now();
        const { outcome } = await queueBatch(db, claim, slugs, post?.title ?? '', batch, now(), leaseMs);
        this.options.queued();
        if (outcome !== 'more') break;
        // Requests first: after each batch a pause as long as the batch took, so the queueing takes at most half of the
        // event loop (and of SQLite's write lock) and no request waits longer than one small batch; 100,000 members
        // are still queued in a few seconds.
        await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
      }
    }
  }

  /** Resolves once no run is under way. */
  async settle(): Promise<void> {
    await this.poller.settle();
  }

  async stop(): Promise<void> {
    await this.poller.stop();
  }
}
