// In-process cache of serialized API answers, least recently used out first, bounded by size (and optionally by age).
// Keeps the database out of the hot read path: a cached answer costs what a constant one does.
import type { PreparedAnswer } from './answers';
import { strongEtag } from './etag';

export type ResponseCacheOptions = {
  /** the most UTF-16 code units of cached bodies kept at once (about bytes for JSON that is mostly ASCII) */
  maxSize: number;
  /** an entry older than this is a miss; undefined: entries never expire */
  ttlMs?: number;
  now?: () => number;
  /** runs before every read (ContentCaches drops everything here when a scheduled post came due) */
  beforeRead?: () => void;
};

export type CachedResponse = {
  body: string;
  headers?: Record<string, string>;
  /** the answer as sent, whole (answers.ts), by content coding ('identity' for the body itself), filled in by whoever
   * sends it (not counted in maxSize: a compressed copy is a fraction of the body, a quarter for a page in brotli) */
  answers?: Partial<Record<string, PreparedAnswer>>;
};

type Entry = CachedResponse & { storedAt: number };

/** A JSON answer serialized once, with its ETag computed once (the API's onSend hook uses a tag already set). */
export function jsonAnswer(value: unknown, headers: Record<string, string> = {}): CachedResponse {
  const body = JSON.stringify(value);
  return { body, headers: { ...headers, etag: strongEtag(body) }, answers: {} };
}

/** What a public JSON answer kept in a cache is sent with, besides its own headers (a link, its tag). */
export const PUBLIC_JSON_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-cache',
};

export class ResponseCache {
  // A Map iterates in insertion order; a hit re-inserts its key, so the first key is the least recently used.
  private readonly entries = new Map<string, Entry>();
  /** Builds in progress by key, since the last clear(): a miss meanwhile waits for one instead of starting another. */
  private readonly building = new Map<string, Promise<CachedResponse | undefined>>();
  private size = 0;
  private clears = 0;
  private readonly now: () => number;

  constructor(private readonly options: ResponseCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: string): CachedResponse | undefined {
    this.options.beforeRead?.();
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (this.options.ttlMs !== undefined && this.now() - entry.storedAt >= this.options.ttlMs) {
      this.size -= entry.body.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Changes on every clear(). Read it before computing an answer and pass it to set(): an answer computed from data
   * older than the last clear is then not stored.
   */
  get generation(): number {
    return this.clears;
  }

  set(key: string, response: CachedResponse, generation = this.clears): void {
    if (generation !== this.clears) return;
    this.delete(key);
    // An answer larger than the whole cache would only evict everything else.
    if (response.body.length > this.options.maxSize) return;
    this.entries.set(key, { ...response, storedAt: this.now() });
    this.size += response.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.size <= this.options.maxSize) break;
      this.entries.delete(oldest);
      this.size -= entry.body.length;
    }
  }

  /**
   * The answer kept under `key`, else the one `build` makes, kept when `keep` says so: by default whenever there is
   * one (undefined is an answer not to keep, such as a 404: another process may store that row a moment from now).
   * An answer built from data older than a clear() that lands meanwhile is not kept, and no later miss waits for it.
   */
  async getOrBuild<T extends CachedResponse | undefined>(
    key: string,
    build: () => Promise<T>,
    keep: (built: T) => boolean = (built) => built !== undefined,
  ): Promise<CachedResponse | T> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    // A cache that keeps nothing (caching turned off) sends every read to the database, shared with no other.
    if (this.options.maxSize === 0) return build();
    const running = this.building.get(key) as Promise<T> | undefined;
    if (running !== undefined) return running;
    const generation = this.clears;
    const built = (async () => {
      const answer = await build();
      if (keep(answer)) this.set(key, answer!, generation);
      return answer;
    })();
    this.building.set(key, built);
    try {
      return await built;
    } finally {
      if (this.building.get(key) === built) this.building.delete(key);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.size -= entry.body.length;
  }

  clear(): void {
    this.clears += 1;
    this.entries.clear();
    this.building.clear();
    this.size = 0;
  }

  /** Entries held (expired ones included until they are next read or evicted). */
  get count(): number {
    return this.entries.size;
  }
}
