// Every in-process cache of public content, and the one way to forget it: invalidate(). It runs on a write in this
// process (the route calls it), when another process wrote (the content revision moved: checked at most once a second,
// on a read), and when a scheduled post comes due (the earliest future publishAt passed: checked on every read).
// No timer: an idle process does nothing, and the first read after a change pays for noticing it.
import { ResponseCache } from './responseCache';

/** What the database says about content as a whole (see contentState in the posts repository). */
export type ContentState = { revision: number; nextPublishAt?: number };

export type ContentCachesOptions = {
  /** false: nothing is cached (npm run bench:api measures the database path too). Default true. */
  enabled?: boolean;
  /** How long a cached list page may be served at most (default 1 s; 0 disables list caching). */
  listTtlMs?: number;
  /** Reads the content revision and the next publish moment. Without it only invalidate() calls clear the caches. */
  readState?: (now: Date) => Promise<ContentState>;
  /** How often at most readState runs (default 1 s): the delay before a change by another process shows here. */
  checkEveryMs?: number;
  /** The clock (epoch ms), injectable so tests move time instead of sleeping. */
  now?: () => number;
};

export class ContentCaches {
  /** GET /api/blogs/:id answers, by id */
  readonly posts: ResponseCache;
  /** GET /api/blogs pages, by limit and cursor */
  readonly lists: ResponseCache;
  /** server-rendered HTML pages, by URL (pathname + the search that changes the page) */
  readonly pages: ResponseCache;

  private readonly enabled: boolean;
  private readonly readState: ContentCachesOptions['readState'];
  private readonly checkEveryMs: number;
  private readonly now: () => number;
  /** when the last completed check started; -Infinity: check on the next read */
  private checkedAt = Number.NEGATIVE_INFINITY;
  private revision: number | undefined;
  private nextPublishAt: number | undefined;
  /** bumped by every invalidate(), so a check that raced a local write does not vouch for caches it never saw */
  private epoch = 0;
  private checking: Promise<void> | undefined;

  constructor({ enabled = true, listTtlMs = 1_000, readState, checkEveryMs = 1_000, now }: ContentCachesOptions = {}) {
    this.enabled = enabled;
    this.readState = readState;
    this.checkEveryMs = checkEveryMs;
    this.now = now ?? Date.now;
    this.posts = new ResponseCache({ maxSize: enabled ? 32 * 1_048_576 : 0, now: this.now });
    this.lists = new ResponseCache({ maxSize: enabled ? 4 * 1_048_576 : 0, ttlMs: listTtlMs, now: this.now });
    // Pages list posts too (/, /blog), so they follow the lists' rule: dropped on every change, and expiring like a
    // list page.
    this.pages = new ResponseCache({ maxSize: enabled ? 16 * 1_048_576 : 0, ttlMs: listTtlMs, now: this.now });
  }

  /** Something public may have changed: forget every cached answer (a read racing this one is not re-cached either). */
  invalidate(): void {
    this.posts.clear();
    this.lists.clear();
    this.pages.clear();
    this.epoch += 1;
    // The write may have scheduled a post: learn the next publish moment on the next read.
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  /**
   * Makes the caches current before a read: clears them if a scheduled post came due or (checked at most once per
   * checkEveryMs) another process changed content. Undefined when nothing needs the database; otherwise a promise to
   * await before reading any cache. The app calls it for every GET and HEAD request, so every route may rely on it.
   */
  refresh(): Promise<void> | undefined {
    if (!this.enabled || this.readState === undefined) return undefined;
    const now = this.now();
    if (this.nextPublishAt !== undefined && now >= this.nextPublishAt) {
      this.nextPublishAt = undefined;
      this.invalidate();
    }
    if (now - this.checkedAt < this.checkEveryMs) return undefined;
    this.checking ??= this.check(this.readState, now).finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async check(readState: NonNullable<ContentCachesOptions['readState']>, startedAt: number): Promise<void> {
    const epoch = this.epoch;
    let state: ContentState;
    try {
      state = await readState(new Date(startedAt));
    } catch {
      // The database did not answer: keep nothing that could be stale. The read itself meets (and reports) the failure.
      this.invalidate();
      return;
    }
    // A local write landed meanwhile: the state read may predate it, so check again on the next read.
    if (this.epoch !== epoch) return;
    if (this.revision !== undefined && state.revision !== this.revision) this.invalidate();
    this.revision = state.revision;
    this.nextPublishAt = state.nextPublishAt;
    this.checkedAt = startedAt;
  }
}
