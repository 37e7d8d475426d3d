// Requests first: the main thread's measure of its own event loop reads busy while it runs code and idle while it
// waits; the sender's gate waits while it reads busy and not otherwise; and the outbox passes the gate before each
// message, so a sender told to wait sends nothing until it may, then everything (a real SMTP server, the real outbox).
import { MailOutbox } from '../../../src/server/mail/outbox';
import { queueMail } from '../../../src/server/mail/mailRepository';
import {
  BUSY_PERMILLE,
  LOAD_SAMPLE_MS,
  PAUSE_MS,
  loadMemory,
  measureLoad,
  yieldingTo,
} from '../../../src/server/mail/requestsFirst';
import { startTestSmtp } from '../helpers/smtp';
import { createTestDb } from '../helpers/testDb';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Runs this thread's code for `ms` without a pause: a request that holds the event loop. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe('the event loop measure', () => {
  it('reads busy while this thread runs code, idle once it only waits, and 0 once stopped', async () => {
    const memory = loadMemory();
    const load = new Int32Array(memory);
    const stop = measureLoad(memory);
    try {
      // Three samples' worth of code in slices, with only a timer's turn between them.
      for (let slice = 0; slice < 8; slice += 1) {
        spin(LOAD_SAMPLE_MS / 2);
        await sleep(0);
      }
      await sleep(0);
      expect(Atomics.load(load, 0)).toBeGreaterThanOrEqual(BUSY_PERMILLE);
      await sleep(LOAD_SAMPLE_MS * 3);
      expect(Atomics.load(load, 0)).toBeLessThan(BUSY_PERMILLE);
    } finally {
      stop();
    }
    expect(Atomics.load(load, 0)).toBe(0);
  });
});

describe("the sender's gate", () => {
  it('waits a pause while the requests’ thread reads busy, and not at all otherwise', async () => {
    const memory = loadMemory();
    const load = new Int32Array(memory);
    const gate = yieldingTo(memory);
    Atomics.store(load, 0, BUSY_PERMILLE);
    const started = performance.now();
    await gate();
    expect(performance.now() - started).toBeGreaterThanOrEqual(PAUSE_MS - 1);
    Atomics.store(load, 0, BUSY_PERMILLE - 1);
    let passed = false;
    void gate().then(() => (passed = true));
    // Resolved already: a microtask's turn is enough.
    await Promise.resolve();
    await Promise.resolve();
    expect(passed).toBe(true);
  });
});

describe('the outbox', () => {
  it('passes the gate before each message: nothing goes while it holds, every message once it opens', async () => {
    const smtp = await startTestSmtp();
    const testDb = await createTestDb();
    let open: () => void = () => undefined;
    let opened = new Promise<void>((resolve) => (open = resolve));
    let asked = 0;
    const outbox = new MailOutbox({
      db: testDb.db,
      smtpUrl: smtp.url,
      from: 'desk@touchline.test',
      now: Date.now,
      pollMs: 3_600_000,
      connections: 2,
      // Three rows a claim: each loop holds a claim of its own at the gate.
      batch: 3,
      yieldToRequests: () => {
        asked += 1;
        return opened;
      },
    });
    try {
      const messages = Array.from({ length: 6 }, (_, i) => ({
        to: `reader${i}@gate.test`,
        subject: `Message ${i}`,
        body: 'Hello',
      }));
      await queueMail(testDb.db.kysely, messages, new Date());
      const drained = outbox.drain();
      // Both loops claimed and wait at the gate; no message reached the server.
      for (let turn = 0; turn < 50 && asked < 2; turn += 1) await sleep(10);
      expect(asked).toBe(2);
      await sleep(100);
      expect(smtp.messages).toHaveLength(0);
      open();
      opened = Promise.resolve();
      await drained;
      expect(smtp.messages.map((message) => message.subject).sort()).toEqual(
        messages.map((message) => message.subject).sort(),
      );
      // Once before each message.
      expect(asked).toBe(messages.length);
    } finally {
      await outbox.stop();
      await testDb.drop();
      await smtp.close();
    }
  });
});
