// The outbox's sender run in a worker thread (mail/senderWorker.ts), seen from the main thread with the in-thread
// MailOutbox's methods: the requests' event loop never runs a claim, a newsletter's compose, SMTP or a sent mark.
// The claim leases already make any number of senders safe, and the worker is one more. A worker that dies is started
// again after a second; stop() waits for the one under way to finish its sends, then ends the thread.
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DatabaseConfig } from '../config';
import type { Outbox, OutboxOptions } from './outbox';
import { loadMemory, measureLoad } from './requestsFirst';

/** What the worker is built from: plain data (no function crosses a thread). */
export type SenderWorkerData = {
  database: DatabaseConfig;
  outbox: Pick<OutboxOptions, 'smtpUrl' | 'from' | 'pollMs' | 'leaseMs' | 'connections' | 'rate' | 'batch'>;
  /** newsletter rows are composed and their bounces recorded in the worker, from these */
  newsletter?: { publicUrl: string; serverSecret: string; skippedText: string };
  /** the main thread's event loop utilization, shared (mail/requestsFirst.ts): the worker slows down while it is busy */
  load?: SharedArrayBuffer;
};

export type ToSender = { type: 'wake' } | { type: 'drain' | 'settle'; id: number } | { type: 'stop' };
export type FromSender =
  { type: 'done'; id: number; error?: string } | { type: 'warn'; message: string } | { type: 'stopped' };

const RESTART_MS = 1_000;

/**
 * The worker's entry beside this file: .js in the build, started as is; .ts under tsx and jest, started through
 * tsx's CommonJS hook (a worker does not get the parent's `--import tsx` loader on Node 20, and jest has none).
 */
function workerEntry(): { code: string; eval: boolean } {
  const extension = extname(__filename);
  const file = join(__dirname, `senderWorker${extension}`);
  if (extension !== '.ts') return { code: file, eval: false };
  const tsx = require.resolve('tsx/cjs/api');
  return { code: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(file)});`, eval: true };
}

export class WorkerOutbox implements Outbox {
  private worker: Worker | undefined;
  private readonly replies = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private stopping = false;
  private restart: NodeJS.Timeout | undefined;
  /** Work under way that will queue mail (a reset link queued after its answer went out). */
  private readonly pending = new Set<Promise<void>>();
  /** This thread's event loop utilization, which the worker reads: requests first. */
  private readonly load = loadMemory();
  private stopMeasuring: (() => void) | undefined;

  constructor(
    private readonly data: SenderWorkerData,
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  /** Starts the worker (unref'd: it never keeps a process alive), which polls and sends what is already due. */
  start(): void {
    if (this.worker !== undefined || this.stopping) return;
    const entry = workerEntry();
    // A small young generation: composing hundreds of mails a second would otherwise grow it to V8's default 48 MB,
    // on top of the main thread's, against the process's RSS.
    const resourceLimits = { maxYoungGenerationSizeMb: 8 };
    this.stopMeasuring ??= measureLoad(this.load);
    const workerData: SenderWorkerData = { ...this.data, load: this.load };
    const worker = new Worker(entry.code, { eval: entry.eval, workerData, resourceLimits });
    worker.unref();
    worker.on('message', (message: FromSender) => {
      if (message.type === 'warn') this.warn(message.message);
      else if (message.type === 'done') {
        const reply = this.replies.get(message.id);
        this.replies.delete(message.id);
        if (message.error === undefined) reply?.resolve();
        else reply?.reject(new Error(message.error));
      }
    });
    worker.on('error', (error) => this.warn(`mail sender: ${error.message}`));
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const reply of this.replies.values()) reply.reject(new Error('mail sender: the worker ended'));
      this.replies.clear();
      if (this.stopping) return;
      this.restart = setTimeout(() => this.start(), RESTART_MS);
      this.restart.unref();
    });
    this.worker = worker;
  }

  /** Sends what is due now, soon: called after a write that queued mail commits. */
  wake(): void {
    this.worker?.postMessage({ type: 'wake' } satisfies ToSender);
  }

  private ask(type: 'drain' | 'settle'): Promise<void> {
    const worker = this.worker;
    if (worker === undefined) return Promise.resolve();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.replies.set(id, { resolve, reject });
      worker.postMessage({ type, id } satisfies ToSender);
    });
  }

  /** Sends every row due now; resolves when none is left (tests wait on it). */
  drain(): Promise<void> {
    return this.ask('drain');
  }

  /** Waits for `work` (which must not reject) before settling or stopping: it queues mail after its answer. */
  track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Resolves once no tracked work and no run of the worker's is under way (a test waits on it instead of a timer). */
  async settle(): Promise<void> {
    do {
      await Promise.all(this.pending);
      await this.ask('settle');
    } while (this.pending.size > 0);
  }

  /** Waits for tracked work and the worker's sends under way, then ends the thread: no new claim is made. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restart !== undefined) clearTimeout(this.restart);
    this.stopMeasuring?.();
    await Promise.all(this.pending);
    const worker = this.worker;
    if (worker === undefined) return;
    await new Promise<void>((resolve) => {
      worker.on('message', (message: FromSender) => message.type === 'stopped' && resolve());
      worker.once('exit', () => resolve());
      worker.postMessage({ type: 'stop' } satisfies ToSender);
    });
    await worker.terminate();
  }
}
