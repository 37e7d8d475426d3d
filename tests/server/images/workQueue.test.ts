import { QueueFull, WorkQueue } from '../../../src/server/images/workQueue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` jobs at once, in arrival order, and refuses past `maxWaiting`', async () => {
    const queue = new WorkQueue(1, 2);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const jobs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0]);
    expect(queue.size).toEqual({ running: 1, waiting: 2 });
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(QueueFull);

    gates[0]!.resolve();
    await jobs[0];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a job fails', async () => {
    const queue = new WorkQueue(1, 0);
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
