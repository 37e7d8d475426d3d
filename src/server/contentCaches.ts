// Every in-process cache of published content, and the one way to forget it. A write (and, later, a change made by
// another process or a scheduled post coming due) calls invalidate(), so no cache serves content as it was before.
import { ResponseCache } from './responseCache';

export type ContentCachesOptions = {
  /** false: nothing is cached (npm run bench:api measures the database path too). Default true. */
  enabled?: boolean;
  /** How long a cached list page may serve posts stored by other processes (default 1 s; 0 disables list caching). */
  listTtlMs?: number;
};

export class ContentCaches {
  /** GET /api/blogs/:id answers, by id */
  readonly posts: ResponseCache;
  /** GET /api/blogs pages, by limit and cursor */
  readonly lists: ResponseCache;
  /** server-rendered HTML pages, by URL (pathname + the search that changes the page) */
  readonly pages: ResponseCache;

  constructor({ enabled = true, listTtlMs = 1_000 }: ContentCachesOptions = {}) {
    this.posts = new ResponseCache({ maxSize: enabled ? 32 * 1_048_576 : 0 });
    this.lists = new ResponseCache({ maxSize: enabled ? 4 * 1_048_576 : 0, ttlMs: listTtlMs });
    // Pages list posts too (/, /blog), so they follow the lists' rule: dropped on every write, and expiring like a
    // list page for posts stored by other processes.
    this.pages = new ResponseCache({ maxSize: enabled ? 16 * 1_048_576 : 0, ttlMs: listTtlMs });
  }

  /** Something published changed: forget every cached answer (a read racing this one is not re-cached either). */
  invalidate(): void {
    this.posts.clear();
    this.lists.clear();
    this.pages.clear();
  }
}
