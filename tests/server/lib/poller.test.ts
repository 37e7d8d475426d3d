// The background loop the mail outbox and the newsletter dispatcher share: one run at a time, a wake-up during a run
// makes exactly one more, the timer runs it unasked, a failed run is reported and the loop goes on, and nothing runs
// after stop().
import { Poller } from '../../../src/server/lib/poller';

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('Poller', () => {
  it('runs one at a time, and wake-ups during a run make one more run after it', async () => {
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    const first = gate();
    const poller = new Poller({
      pollMs: 3_600_000,
      failed: () => undefined,
      run: async () => {
        runs += 1;
        concurrent += 1;
        most = Math.max(most, concurrent);
        if (runs === 1) await first.opened;
        concurrent -= 1;
      },
    });
    poller.wake();
    poller.wake();
    poller.wake();
    expect(poller.busy).toBe(true);
    first.open();
    await poller.settle();
    expect([runs, most, poller.busy]).toEqual([2, 1, false]);
  });

  it('runs on its timer, reports a failed run and goes on, and runs nothing once stopped', async () => {
    const failures: unknown[] = [];
    let runs = 0;
    const poller = new Poller({
      pollMs: 20,
      failed: (error) => failures.push(error),
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('database away');
      },
    });
    poller.start();
    while (runs < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(failures).toEqual([new Error('database away')]);
    await poller.stop();
    expect(poller.stopped).toBe(true);
    const stoppedAt = runs;
    poller.wake();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(stoppedAt);
  });
});
