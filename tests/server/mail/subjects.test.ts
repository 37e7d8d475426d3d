// A mail subject built from a post's title, through nodemailer to a real SMTP server: what a writer typed that looks
// like an RFC 2047 encoded-word reaches the reader's mail client as the text it is, never decoded into something else.
import { mailOutboxOf } from '../../../src/server/app';
import { validSubmission } from '../fixtures/submissions';
import { SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { SMTP_PASSWORD, startTestSmtp } from '../helpers/smtp';
import type { TestSmtp } from '../helpers/smtp';
import { useTestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

let smtp: TestSmtp | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const t = useTestApp({
  now: Date.parse('2026-11-28T09:00:00.000Z'),
  alsoEmpty: ['accounts', 'mail_outbox'],
  mailPollMs: 3_600_000,
});

/** The Subject header as it arrived, folded lines joined. */
const rawSubject = (raw: string) =>
  /^subject:\s*(.*)$/im.exec(raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' '))?.[1] ?? '';

it.each([
  ['ASCII', 'Derby =?utf-8?q?=46ree_tickets_here?= report', /=\?/],
  ['non-ASCII', 'Café =?iso-8859-1?b?SGFja2Vk?= night', /=\?iso-8859-1\?/i],
])('a %s title that holds an encoded-word is shown as typed, its =? broken', async (_kind, title, fromTitle) => {
  smtp = await startTestSmtp();
  await t.restart({
    mail: { smtpUrl: `smtp://touchline:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`, from: 'desk@touchline.test' },
  });
  const writer = await staffSession(t.app, t.db, 'contributor');
  await staffSession(t.app, t.db, 'editor');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: { cookie: writer.cookie, ...SAME_ORIGIN },
    payload: { ...validSubmission({ title }), status: 'review' },
  });
  expect(res.statusCode).toBe(201);
  await mailOutboxOf(t.app)!.settle();
  const [mail] = await smtp.waitFor(1);
  // Decoded once, as a mail client does: the title's text, with only its "=?" opened to "= ?".
  expect(mail!.subject).toBe(`Submitted for review: ${title.replaceAll('=?', '= ?')}`);
  // No encoded-word of the title's own reaches the header for a decoder to find.
  const header = rawSubject(mail!.raw);
  const ownWords = header.replace(/=\?UTF-8\?[QB]\?[^?]*\?=/g, '');
  expect(ownWords).not.toMatch(fromTitle);
});
