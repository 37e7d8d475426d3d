// A small bounded queue in front of the image pipeline: at most `concurrency` jobs run, at most `maxWaiting` wait, and
// past that a job is refused at once (the caller answers 503) instead of holding its upload's bytes in memory.

export class QueueFull extends Error {
  constructor() {
    super('Image processing is busy');
    this.name = 'QueueFull';
  }
}

export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next job, so `running` never drops below the number of jobs at work.
      if (next === undefined) this.running -= 1;
      else next();
    }
  }
}
