// Desk mail through a real SMTP server: at most one message per post per person every ten minutes, listing what
// happened, and a post submitted again right after its withdrawal mails nobody again.
import type { BlogPost } from '../../../src/contract/types';
import { mailOutboxOf } from '../../../src/server/app';
import { validSubmission } from '../fixtures/submissions';
import { SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { SMTP_PASSWORD, startTestSmtp } from '../helpers/smtp';
import type { TestSmtp } from '../helpers/smtp';
import { useTestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

const START = Date.parse('2026-11-28T09:00:00.000Z');
const MINUTE = 60_000;
let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const t = useTestApp({ now: START, alsoEmpty: ['accounts', 'mail_outbox'], mailPollMs: 3_600_000 });

beforeEach(async () => {
  smtp = await startTestSmtp();
  await t.restart({
    mail: { smtpUrl: `smtp://touchline:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`, from: 'desk@touchline.test' },
  });
});

type Who = Awaited<ReturnType<typeof staffSession>>;
const as = (who: Who) => ({ cookie: who.cookie, ...SAME_ORIGIN });
/** Sends everything due at the app's time. */
async function drain() {
  await mailOutboxOf(t.app)!.settle();
  await mailOutboxOf(t.app)!.drain();
}
const mailTo = (who: Who) => smtp!.messages.filter((message) => message.to.includes(who.account.email));
const submit = async (who: Who, title: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: as(who),
    payload: { ...validSubmission({ title }), status: 'review' },
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
};
const save = async (who: Who, post: BlogPost, status: 'draft' | 'review') => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/blogs/${post.id}`,
    headers: as(who),
    payload: { ...validSubmission({ title: post.title }), status },
  });
  expect(res.statusCode).toBe(200);
};
const note = async (who: Who, post: BlogPost, body: string) =>
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/blogs/${post.id}/notes`, headers: as(who), payload: { body } }))
      .statusCode,
  ).toBe(201);

it('mails a person at most once per post every ten minutes, the later notices listed in one message', async () => {
  const writer = await staffSession(t.app, t.db, 'contributor');
  const editor = await staffSession(t.app, t.db, 'editor');
  const post = await submit(writer, 'Cup final preview');
  await drain();
  expect(mailTo(editor).map((m) => m.subject)).toEqual(['Submitted for review: Cup final preview']);
  // The editor's note makes them a note writer: the writer's notes are theirs to hear.
  await note(editor, post, 'Tighten the intro');
  for (const [i, link] of ['https://a.example/1', 'https://b.example/2', 'https://c.example/3'].entries()) {
    t.clock = START + (i + 1) * MINUTE;
    await note(writer, post, `See ${link}`);
    await drain();
  }
  // Another post is another topic: its mail is not held back.
  t.clock = START + 4 * MINUTE;
  const other = await submit(writer, 'Derby report');
  await drain();
  expect(mailTo(editor).map((m) => m.subject)).toEqual([
    'Submitted for review: Cup final preview',
    'Submitted for review: Derby report',
  ]);
  t.clock = START + 10 * MINUTE;
  await drain();
  const sent = mailTo(editor);
  expect(sent).toHaveLength(3);
  expect(sent[2]!.subject).toBe('3 updates: Cup final preview');
  expect(sent[2]!.text.replaceAll('\r\n', '\n')).toContain(
    '3 updates on this post:\n' +
      `- New note: Note by ${writer.account.name}: See https://a.example/1\n` +
      `- New note: Note by ${writer.account.name}: See https://b.example/2\n` +
      `- New note: Note by ${writer.account.name}: See https://c.example/3\n`,
  );
  expect(sent[2]!.text).toContain(`/admin/edit/${post.id}`);
  // The next notice after that message waits ten minutes from it.
  t.clock = START + 11 * MINUTE;
  await note(writer, post, 'One more thing');
  await drain();
  expect(mailTo(editor)).toHaveLength(3);
  t.clock = START + 20 * MINUTE;
  await drain();
  expect(mailTo(editor).map((m) => m.subject)[3]).toBe('New note: Cup final preview');
  expect(other.id).not.toBe(post.id);
});

it('mails nobody again when a post is submitted again right after its withdrawal', async () => {
  const writer = await staffSession(t.app, t.db, 'contributor');
  const editor = await staffSession(t.app, t.db, 'editor');
  const owner = await staffSession(t.app, t.db, 'owner');
  const post = await submit(writer, 'Transfer window');
  await drain();
  for (let i = 0; i < 5; i += 1) {
    t.clock = START + (i + 1) * 1_000;
    await save(writer, post, 'draft');
    await save(writer, post, 'review');
  }
  await drain();
  t.clock = START + 30 * MINUTE;
  await drain();
  expect(mailTo(editor).map((m) => m.subject)).toEqual(['Submitted for review: Transfer window']);
  expect(mailTo(owner)).toHaveLength(1);
});

it('loses no notice and sends no extra message when notes about one post arrive at once', async () => {
  const writer = await staffSession(t.app, t.db, 'contributor');
  const post = await submit(writer, 'Title race');
  const others = await Promise.all(
    ['author', 'author', 'editor', 'owner', 'editor'].map((role) => staffSession(t.app, t.db, role as 'author')),
  );
  await Promise.all(others.map((who, i) => note(who, post, `Note number ${i}`)));
  await drain();
  t.clock = START + 10 * MINUTE;
  await drain();
  const sent = mailTo(writer);
  expect(sent.length).toBeLessThanOrEqual(2);
  const text = sent.map((m) => m.text).join('\n');
  for (let i = 0; i < others.length; i += 1) expect(text).toContain(`Note number ${i}`);
});
