// Schedules image work: new uploads, uploads stored before processing existed (lazily and by a background backfill),
// and any variant found missing. One bounded queue for all of it; one job per upload or variant at a time in this
// process (requests that need the same work share its promise), so nothing is encoded twice at once.
import type { ImageFacts } from '../../contract/images';
import type { Db } from '../db/database';
import { CONTENT_TYPES, encodeVariant, ImageRejected, processImage } from './imageProcessing';
import type { VariantFormat } from './imageProcessing';
import { QueueFull, WorkQueue } from './workQueue';
import {
  factsOf,
  findUpload,
  findUploadFacts,
  findUploadNameByHash,
  findVariant,
  markUploadFailed,
  pendingUploadNames,
  saveProcessedUpload,
  saveVariant,
} from '../repositories/uploadsRepository';

export type ImageServiceOptions = {
  /** jobs encoding at once (default 1: with sharp's own threads that is half the cores, see imageProcessing.ts) */
  concurrency?: number;
  /** jobs allowed to wait; past that a request gets a 503 (default 8) */
  maxWaiting?: number;
};

export type StoredImage = { contentType: string; data: Buffer };

export class ImageService {
  private readonly queue: WorkQueue;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<() => void>();
  private backfillStopped = false;
  private backfillRun: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    { concurrency = 1, maxWaiting = 8 }: ImageServiceOptions = {},
  ) {
    this.queue = new WorkQueue(concurrency, maxWaiting);
  }

  /** Called after an upload that was pending became ready (its facts now belong in post answers). */
  onProcessed(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private once<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running !== undefined) return running as Promise<T>;
    const promise = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  /**
   * A new upload: cleaned, measured and all its variants stored before this resolves. Bytes already stored and
   * processed (the same photo uploaded again) are not processed again. Throws ImageRejected or QueueFull.
   */
  async accept(name: string, ext: string, bytes: Buffer): Promise<ImageFacts> {
    const known = await findUploadFacts(this.db, name);
    const facts = known === undefined ? undefined : factsOf(known);
    if (facts !== undefined) return facts;
    return this.once(`accept:${name}`, () =>
      this.queue.run(async () => {
        const processed = await processImage(bytes, ext);
        await this.store(name, ext, processed);
        // The same bytes were stored before processing existed: posts showing them now have facts.
        if (known !== undefined) this.notify();
        return processed.facts;
      }),
    );
  }

  private async store(name: string, ext: string, processed: Awaited<ReturnType<typeof processImage>>) {
    await saveProcessedUpload(this.db, {
      name,
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      data: processed.cleaned,
      facts: processed.facts,
      variants: processed.variants.map((v) => ({ ...v, contentType: CONTENT_TYPES[v.format] ?? '' })),
    });
  }

  /**
   * An upload stored before processing existed: cleaned in place (leniently, as a browser would have shown it).
   * Resolves true when it is ready, false when it can never be an image (then it is marked failed).
   */
  private upgrade(name: string): Promise<boolean> {
    return this.once(`upgrade:${name}`, () =>
      this.queue.run(async () => {
        const row = await findUpload(this.db, name);
        if (row === undefined) return false;
        if (row.state !== 'pending') return row.state === 'ready';
        const ext = name.slice(65);
        try {
          await this.store(name, ext, await processImage(row.data, ext, { lenient: true }));
        } catch (error) {
          if (!(error instanceof ImageRejected)) throw error;
          await markUploadFailed(this.db, name);
          return false;
        }
        this.notify();
        return true;
      }),
    );
  }

  /** The cleaned image at /uploads/<name>, or undefined when there is none. Throws QueueFull. */
  async original(name: string): Promise<StoredImage | undefined> {
    let row = await findUpload(this.db, name);
    if (row?.state === 'pending') {
      if (!(await this.upgrade(name))) return undefined;
      row = await findUpload(this.db, name);
    }
    if (row === undefined || row.state !== 'ready') return undefined;
    return { contentType: row.content_type, data: row.data };
  }

  /** /uploads/<hash>-<width>.<format>, made now if its upload is pending or the variant is missing. Throws QueueFull. */
  async variant(hash: string, width: number, format: VariantFormat): Promise<StoredImage | undefined> {
    const stored = await findVariant(this.db, hash, width, format);
    if (stored !== undefined) return { contentType: stored.content_type, data: stored.data };

    const name = await findUploadNameByHash(this.db, hash);
    if (name === undefined) return undefined;
    let row = await findUploadFacts(this.db, name);
    if (row?.state === 'pending') {
      if (!(await this.upgrade(name))) return undefined;
      row = await findUploadFacts(this.db, name);
    }
    const facts = row === undefined ? undefined : factsOf(row);
    if (facts === undefined) return undefined;
    const offered = facts.widths.includes(width) && [...facts.formats, facts.fallback].includes(format);
    if (!offered) return undefined;

    const again = await findVariant(this.db, hash, width, format);
    if (again !== undefined) return { contentType: again.content_type, data: again.data };
    // Ready but the variant row is missing (a ladder grown since): make it once, from the cleaned image.
    const contentType = CONTENT_TYPES[format] ?? 'application/octet-stream';
    const data = await this.once(`variant:${hash}-${width}.${format}`, () =>
      this.queue.run(async () => {
        const upload = await findUpload(this.db, name);
        if (upload === undefined) return undefined;
        const bytes = await encodeVariant(upload.data, width, format);
        await saveVariant(this.db, { hash, width, format, contentType, data: bytes });
        return bytes;
      }),
    );
    return data === undefined ? undefined : { contentType, data };
  }

  /**
   * Cleans every upload stored before processing existed, one at a time, in the background (readers who ask for one
   * first get it made on the spot). Several processes may run this at once: each step is idempotent.
   */
  startBackfill({ pauseMs = 200, onError }: { pauseMs?: number; onError?: (error: unknown) => void } = {}) {
    if (this.backfillRun !== undefined) return this.backfillRun;
    const skipped = new Set<string>();
    this.backfillRun = (async () => {
      while (!this.backfillStopped) {
        let names: string[];
        try {
          names = (await pendingUploadNames(this.db, skipped.size + 16)).filter((n) => !skipped.has(n));
        } catch (error) {
          // The database is unreachable: stop quietly; readers still get each upload cleaned on request.
          onError?.(error);
          return;
        }
        // A random one of the oldest: processes started together mostly clean different uploads.
        const name = names[Math.floor(Math.random() * names.length)];
        if (name === undefined) return;
        try {
          await this.upgrade(name);
        } catch (error) {
          if (error instanceof QueueFull) {
            // Uploads and readers come first: wait for the queue to drain, then try the same one again.
            await new Promise((resolve) => setTimeout(resolve, 1_000).unref());
            continue;
          }
          // A database hiccup: leave this one to a reader or a later start, carry on with the rest.
          skipped.add(name);
          onError?.(error);
        }
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs).unref());
      }
    })();
    return this.backfillRun;
  }

  async stop(): Promise<void> {
    this.backfillStopped = true;
    await this.backfillRun?.catch(() => undefined);
  }
}
