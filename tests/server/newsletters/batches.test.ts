// The outbox claims due rows in batches: two senders on one database never take one row (each member gets one
// message), a temporary refusal of one row sends the rest of its batch and retries that row on its own, and a 5xx to
// RCPT TO for one row in a batch bounces only that member. A real SMTP server receives every message.
import { SMTPServer } from 'smtp-server';
import { mailOutboxOf } from '../../../src/server/app';
import { claimDueMails, queueMail } from '../../../src/server/mail/mailRepository';
import { startTestSmtp } from '../helpers/smtp';
import type { TestSmtp } from '../helpers/smtp';
import { startTestApp, useTestApp } from '../helpers/testApp';
import { addMember, deliver, publish, submission } from './helpers';

jest.setTimeout(60_000);

const START = Date.parse('2026-11-28T09:00:00.000Z');
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => smtp.close());

const t = useTestApp({ now: START, alsoEmpty: ['members', 'mail_outbox', 'newsletter_dispatches'] });
const mail = () => ({ smtpUrl: smtp.url, from: 'news@touchline.test' });
beforeEach(async () => {
  smtp.messages.splice(0);
  await t.restart({ mail: mail(), mailPollMs: 3_600_000 });
});

const rows = () =>
  t.db.kysely
    .selectFrom('mail_outbox')
    .select(['to_address', 'sent_at', 'failed_at', 'attempts', 'claimed_until', 'next_attempt_at'])
    .orderBy('id')
    .execute();
const statusOf = async (email: string) =>
  (await t.db.kysely.selectFrom('members').select('status').where('email', '=', email).executeTakeFirstOrThrow())
    .status;

/** An SMTP server on a free port that answers RCPT TO for `refused` with `code`, and takes every other message. */
async function refusingSmtp(refused: string, code: number) {
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) =>
      address.address === refused
        ? callback(Object.assign(new Error(`${code === 550 ? '5.1.1' : '4.2.1'} not now`), { responseCode: code }))
        : callback(),
    onData: (stream, session, callback) => {
      stream.resume();
      stream.on('end', () => {
        accepted.push(...session.envelope.rcptTo.map((to) => to.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    accepted,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('batch claims', () => {
  it('never give one row to two claims at once, and a held row to nobody until its lease passes', async () => {
    // No sender of the app's own: only the three claims below take rows.
    await t.restart({});
    await queueMail(
      t.db.kysely,
      Array.from({ length: 30 }, (_, i) => ({ to: `m${i}@reader.test`, subject: 'Hello', body: 'Hi' })),
      new Date(START),
    );
    const [a, b, c] = await Promise.all([
      claimDueMails(t.db, START, 60_000, 20),
      claimDueMails(t.db, START, 60_000, 20),
      claimDueMails(t.db, START, 60_000, 20),
    ]);
    const ids = [...a!, ...b!, ...c!].map((row) => row.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(await claimDueMails(t.db, START + 59_000, 60_000, 20)).toEqual([]);
    expect(await claimDueMails(t.db, START + 61_000, 60_000, 50)).toHaveLength(30);
  });

  it('give each member one message when two processes send one newsletter', async () => {
    for (let i = 0; i < 60; i += 1) await addMember(t.db, `m${i}@reader.test`, { all: true });
    const second = await startTestApp({ testDb: t.testDb, now: () => t.clock, mail: mail(), mailPollMs: 3_600_000 });
    try {
      await publish(t.app, submission('Derby day', []));
      await Promise.all([deliver(t.app), deliver(second.app), mailOutboxOf(second.app)!.drain()]);
      await Promise.all([deliver(t.app), deliver(second.app)]);
      const to = smtp.messages.map((message) => message.to.join()).sort();
      expect(to).toEqual(Array.from({ length: 60 }, (_, i) => `m${i}@reader.test`).sort());
      expect((await rows()).every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe('a failure in a batch', () => {
  it('a 4xx for one row sends the rest of its batch and retries that row alone, later', async () => {
    const server = await refusingSmtp('m2@reader.test', 451);
    try {
      await t.restart({ mail: { smtpUrl: server.url, from: 'news@touchline.test' }, mailPollMs: 3_600_000 });
      for (let i = 0; i < 5; i += 1) await addMember(t.db, `m${i}@reader.test`, { all: true });
      await publish(t.app, submission('Late goal', []));
      await deliver(t.app);
      expect(server.accepted.sort()).toEqual(['m0@reader.test', 'm1@reader.test', 'm3@reader.test', 'm4@reader.test']);
      const after = await rows();
      expect(after.map((row) => [row.to_address, row.sent_at !== null, row.attempts, row.claimed_until])).toEqual([
        ['m0@reader.test', true, 1, null],
        ['m1@reader.test', true, 1, null],
        ['m2@reader.test', false, 1, null],
        ['m3@reader.test', true, 1, null],
        ['m4@reader.test', true, 1, null],
      ]);
      expect(Number(after[2]!.next_attempt_at)).toBe(START + 30_000);
      expect(await statusOf('m2@reader.test')).toBe('active');
    } finally {
      await t.restart({ mail: mail(), mailPollMs: 3_600_000 });
      await server.close();
    }
    // Its retry goes out once due, and only it.
    t.clock = START + 31_000;
    await deliver(t.app);
    expect(smtp.messages.map((message) => message.to.join())).toEqual(['m2@reader.test']);
  });

  it('a 5xx to RCPT TO for one row bounces that member only, and the batch goes on', async () => {
    const server = await refusingSmtp('m2@reader.test', 550);
    try {
      await t.restart({ mail: { smtpUrl: server.url, from: 'news@touchline.test' }, mailPollMs: 3_600_000 });
      for (let i = 0; i < 5; i += 1) await addMember(t.db, `m${i}@reader.test`, { all: true });
      await publish(t.app, submission('Red card', []));
      await deliver(t.app);
      expect(server.accepted.sort()).toEqual(['m0@reader.test', 'm1@reader.test', 'm3@reader.test', 'm4@reader.test']);
      expect((await rows()).map((row) => [row.sent_at !== null, row.failed_at !== null, row.attempts])).toEqual([
        [true, false, 1],
        [true, false, 1],
        [false, true, 1],
        [true, false, 1],
        [true, false, 1],
      ]);
      const statuses = await Promise.all([0, 1, 2, 3, 4].map((i) => statusOf(`m${i}@reader.test`)));
      expect(statuses).toEqual(['active', 'active', 'bounced', 'active', 'active']);
    } finally {
      await t.restart({ mail: mail(), mailPollMs: 3_600_000 });
      await server.close();
    }
  });
});
