// An invitation is mailed through the outbox when the site has a mail server, and the answer says whether it was, so
// the staff page asks the inviter to send the link only when nobody else will.
import { mailOutboxOf } from '../../../src/server/app';
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
  sharedApp: true,
  now: Date.parse('2026-11-28T09:00:00.000Z'),
  alsoEmpty: ['accounts', 'invitations', 'mail_outbox'],
});

type Answer = { url: string; mailed: boolean };

it('mails the invitation link, subject "You\'re invited to write for Touchline", when mail is on', async () => {
  smtp = await startTestSmtp();
  await t.restart({
    mail: { smtpUrl: `smtp://touchline:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`, from: 'desk@touchline.test' },
    mailPollMs: 3_600_000,
  });
  const owner = await staffSession(t.app, t.db, 'owner');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers: { cookie: owner.cookie, ...SAME_ORIGIN },
    payload: { email: 'Priya@Touchline.test', role: 'author' },
  });
  expect(res.statusCode).toBe(201);
  const { url, mailed } = res.json<Answer>();
  expect(mailed).toBe(true);
  await mailOutboxOf(t.app)!.settle();
  const [mail] = await smtp.waitFor(1);
  expect(mail!.to).toEqual(['priya@touchline.test']);
  expect(mail!.subject).toBe("You're invited to write for Touchline");
  expect(mail!.text).toContain(`${owner.account.name} invited you to write for Touchline as an author.`);
  expect(mail!.text).toContain(url);
});

it('mails nothing without a mail server, and says so', async () => {
  const owner = await staffSession(t.app, t.db, 'owner');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers: { cookie: owner.cookie, ...SAME_ORIGIN },
    payload: { email: 'sam@touchline.test', role: 'contributor' },
  });
  expect(res.statusCode).toBe(201);
  expect(res.json<Answer>().mailed).toBe(false);
  expect(await t.db.kysely.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
});

it('mails nothing for a refused invitation', async () => {
  smtp = await startTestSmtp();
  await t.restart({
    mail: { smtpUrl: `smtp://touchline:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`, from: 'desk@touchline.test' },
    mailPollMs: 3_600_000,
  });
  const owner = await staffSession(t.app, t.db, 'owner');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers: { cookie: owner.cookie, ...SAME_ORIGIN },
    payload: { email: owner.account.email, role: 'author' },
  });
  expect(res.statusCode).toBe(409);
  expect(await t.db.kysely.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
});
