// Two real server processes sending from one outbox (one database, as behind a load balancer): every notification
// made through either is emailed exactly once, and the start-up output says in one line that mail is on, without
// the SMTP password. Runs on PostgreSQL (FOR UPDATE SKIP LOCKED claims) and SQLite alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validSubmission } from '../fixtures/submissions';
import { spawnServer, waitForListening, withTwoServers } from '../helpers/serverProcess';
import { SMTP_PASSWORD, startTestSmtp } from '../helpers/smtp';
import { createDatabaseConfig, databaseUrl } from '../helpers/testDb';

jest.setTimeout(90_000);

const OWNER = { email: 'owner@touchline.test', password: 'two processes, one owner' };
const TOKEN = 'two-process-mail-token-0123456789abcdef';
const POSTS = 12;

it('emails each notification once when two processes send from one outbox', async () => {
  const smtp = await startTestSmtp();
  try {
    const env = {
      ADMIN_TOKEN: TOKEN,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'desk@touchline.test',
      LOG_LEVEL: 'info',
    };
    await withTwoServers(env, async (a, b) => {
      // Each submission (through the token, an owner with no account) tells the one owner: one email each. Half
      // through each process, all at once, so both senders claim from the outbox at the same time.
      const submit = (base: string, i: number) =>
        fetch(`${base}/api/blogs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ...validSubmission({ title: `Post ${i}` }), status: 'review' }),
        });
      const answers = await Promise.all(Array.from({ length: POSTS }, (_, i) => submit(i % 2 === 0 ? a : b, i)));
      expect(answers.map((res) => res.status)).toEqual(Array(POSTS).fill(201));
      await smtp.waitFor(POSTS, 30_000);
    });
    // Both processes have stopped (each finishes the send under way first): nothing more can arrive.
    const subjects = smtp.messages.map((m) => m.subject).sort();
    expect(subjects).toEqual(Array.from({ length: POSTS }, (_, i) => `Submitted for review: Post ${i}`).sort());
    expect(smtp.messages.every((m) => m.to.join() === OWNER.email)).toBe(true);
  } finally {
    await smtp.close();
  }
});

it('says in one start-up line whether mail is on, never with the SMTP password', async () => {
  const smtp = await startTestSmtp();
  try {
    for (const mail of [true, false]) {
      const dataDir = mkdtempSync(join(tmpdir(), 'touchline-mail-'));
      const database = await createDatabaseConfig();
      const server = spawnServer({
        DATA_DIR: dataDir,
        PORT: '0',
        DATABASE_URL: databaseUrl(database.config),
        ADMIN_TOKEN: TOKEN,
        ...(mail ? { SMTP_URL: smtp.url, MAIL_FROM: 'desk@touchline.test' } : {}),
      });
      try {
        await waitForListening(server);
        const lines = server
          .output()
          .split('\n')
          .filter((line) => line.includes('mail'));
        expect(lines).toEqual([
          mail
            ? 'touchline: mail on: notifications and reset links are emailed from desk@touchline.test'
            : 'touchline: mail off (no SMTP_URL): notifications are in the app only',
        ]);
        expect(server.output()).not.toContain(SMTP_PASSWORD);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
        await database.remove();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await smtp.close();
  }
});
