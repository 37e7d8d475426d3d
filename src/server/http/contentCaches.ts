// Every in-process cache of public content, and the one way to forget it: invalidate(). It runs on a write in this
// process (the route calls it and waits for the new state), when another process wrote (the content revision moved:
// a timer looks once a second, off the request path), and when a scheduled post comes due (the earliest future
// publishAt passed: one integer compare on every cached read). No request waits on the database to learn either.
import { ResponseCache } from './responseCache';

/** Room for the feeds: eight of the largest a feed may be (seo/feeds.ts FEED_MAX_CHARS, about 1 MB). */
export const FEEDS_CACHE_CHARS = 8 * 1_048_576;

/** What the database says about content as a whole (see contentState in the posts repository). */
export type ContentState = { revision: number; nextPublishAt?: number };

export type ContentCachesOptions = {
  /** false: nothing is cached (npm run bench:api measures the database path too). Default true. */
  enabled?: boolean;
  /** How long a cached list page may be served at most (default 1 s; 0 disables list caching). */
  listTtlMs?: number;
  /** Reads the content revision and the next publish moment. Without it only invalidate() calls clear the caches. */
  readState?: (now: Date) => Promise<ContentState>;
  /** How often the timer runs readState (default 1 s): the delay before a change by another process shows here. */
  checkEveryMs?: number;
  /** The clock (epoch ms), injectable so tests move time instead of sleeping. */
  now?: () => number;
  /** Runs `check` every `everyMs` until the returned function is called (default: an unref'd setInterval); tests
   * inject one they tick by hand. */
  schedule?: Schedule;
};

/** Runs `check` every `everyMs` until the returned function is called. */
export type Schedule = (check: () => Promise<void>, everyMs: number) => () => void;

const everyInterval: Schedule = (check, everyMs) => {
  const timer = setInterval(() => void check(), everyMs);
  // The timer alone must not keep the process alive.
  timer.unref();
  return () => clearInterval(timer);
};

export class ContentCaches {
  /** GET /api/blogs/:id answers, by id */
  readonly posts: ResponseCache;
  /** GET /api/blogs pages, by limit and cursor */
  readonly lists: ResponseCache;
  /** server-rendered HTML pages, by URL (pathname + the search that changes the page) */
  readonly pages: ResponseCache;
  /** the Atom feeds (the site's and each tag's), by path: readers poll them on their own, so each is built once per
   * change. Kept until a change (no age limit), in room for several feeds of FEED_MAX_CHARS: never refused for size. */
  readonly feeds: ResponseCache;

  private readonly enabled: boolean;
  private readonly readState: ContentCachesOptions['readState'];
  private readonly checkEveryMs: number;
  private readonly now: () => number;
  private revision: number | undefined;
  /** the next moment a scheduled post becomes public (epoch ms); Infinity: none known */
  private nextPublishAt = Number.POSITIVE_INFINITY;
  /** the read of the content's state in flight, if any (one at a time) */
  private checking: Promise<void> | undefined;
  /** the read that starts once the one in flight ends, shared by every local write that came meanwhile */
  private queued: Promise<void> | undefined;
  private readonly changeListeners = new Set<() => void>();
  private readonly schedule: Schedule;
  private stopSchedule: (() => void) | undefined;

  constructor({
    enabled = true,
    listTtlMs = 1_000,
    readState,
    checkEveryMs = 1_000,
    now,
    schedule = everyInterval,
  }: ContentCachesOptions = {}) {
    this.enabled = enabled;
    this.schedule = schedule;
    this.readState = readState;
    this.checkEveryMs = checkEveryMs;
    this.now = now ?? Date.now;
    // Every read of a cache first makes sure no scheduled post came due since it was filled.
    const current = () => this.current();
    this.posts = new ResponseCache({ maxSize: enabled ? 32 * 1_048_576 : 0, now: this.now, beforeRead: current });
    this.lists = new ResponseCache({
      maxSize: enabled ? 4 * 1_048_576 : 0,
      ttlMs: listTtlMs,
      now: this.now,
      beforeRead: current,
    });
    // Pages list posts too (/, /blog), so they follow the lists' rule: dropped on every change, and expiring like a
    // list page.
    this.pages = new ResponseCache({
      maxSize: enabled ? 16 * 1_048_576 : 0,
      ttlMs: listTtlMs,
      now: this.now,
      beforeRead: current,
    });
    this.feeds = new ResponseCache({ maxSize: enabled ? FEEDS_CACHE_CHARS : 0, now: this.now, beforeRead: current });
  }

  /**
   * Something public changed here: forget every cached answer (a read racing this one is not re-cached either), and
   * learn the content's state again, since the write may have scheduled a post. Resolves once a read that started
   * after this call has been applied: a read already in flight may predate the write, so the write waits for the next
   * one, which it shares with every other write that comes meanwhile. A burst of writes therefore waits for at most two
   * reads each, however long it lasts.
   */
  invalidate(): Promise<void> {
    this.clear();
    if (!this.enabled || this.readState === undefined) return Promise.resolve();
    if (this.checking === undefined) return this.check();
    this.queued ??= this.checking.then(() => {
      this.queued = undefined;
      return this.check();
    });
    return this.queued;
  }

  /** The request path's check: clears the caches when a scheduled post came due (an integer compare otherwise). */
  current(): void {
    if (this.now() < this.nextPublishAt) return;
    this.nextPublishAt = Number.POSITIVE_INFINITY;
    this.clear();
    // ...and learns the moment after that one, off the request path.
    void this.check();
  }

  /** Starts looking at the shared revision every checkEveryMs (on a timer that does not keep the process alive). */
  async start(): Promise<void> {
    if (!this.enabled || this.readState === undefined || this.stopSchedule !== undefined) return;
    this.stopSchedule = this.schedule(() => this.check(), this.checkEveryMs);
    await this.check();
  }

  stop(): void {
    this.stopSchedule?.();
    this.stopSchedule = undefined;
  }

  /**
   * Reads the content's state (one read at a time: callers share the one in flight) and clears the caches when the
   * revision moved. Reads run one after another, so each applies a newer state than the one before it. When the
   * database does not answer, keeps nothing that could be stale.
   */
  check(): Promise<void> {
    if (!this.enabled || this.readState === undefined) return Promise.resolve();
    const readState = this.readState;
    this.checking ??= (async () => {
      let state: ContentState;
      try {
        state = await readState(new Date(this.now()));
      } catch {
        // The read itself meets (and reports) the failure.
        this.clear();
        return;
      }
      // A local write may have landed during the read: then its revision differs from the one read here, the next
      // read clears the caches once more (harmless), and the write's own read (see invalidate) brings its schedule.
      if (this.revision !== undefined && state.revision !== this.revision) this.clear();
      this.revision = state.revision;
      this.nextPublishAt = state.nextPublishAt ?? Number.POSITIVE_INFINITY;
    })().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  /**
   * Calls `listener` each time public content may have changed (a write here, another process's, a post come due),
   * right after the caches are forgotten; the answer stops it.
   */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  private clear(): void {
    this.posts.clear();
    this.lists.clear();
    this.pages.clear();
    this.feeds.clear();
    for (const listener of this.changeListeners) listener();
  }
}
