// A background loop woken by a timer and by whoever just wrote something it should handle (the mail outbox's sender,
// the newsletter dispatcher): at most one run at a time, and a wake-up during a run makes one more run after it, so
// work written while a run was past its last look is never left until the next tick.
export type PollerOptions = {
  /** one run: does everything due now */
  run: () => Promise<void>;
  /** how often to run without a wake-up */
  pollMs: number;
  /** a run that threw (the loop goes on) */
  failed: (error: unknown) => void;
};

export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private halted = false;

  constructor(private readonly options: PollerOptions) {}

  /** Whether stop() was called: a run checks it between steps and ends early. */
  get stopped(): boolean {
    return this.halted;
  }

  /** Whether a run is under way. */
  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Starts the timer (unref'd: it never keeps a process alive) and runs once now. */
  start(): void {
    this.halted = false;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Runs soon: now when idle, else once more after the run under way. */
  wake(): void {
    if (this.halted) return;
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.running = this.options
      .run()
      .catch((error: unknown) => this.options.failed(error))
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.halted) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Resolves once no run is under way, the ones a wake-up added included. */
  async settle(): Promise<void> {
    while (this.running !== undefined) await this.running;
  }

  /** No new run starts; resolves when the one under way has ended. */
  async stop(): Promise<void> {
    this.halted = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
