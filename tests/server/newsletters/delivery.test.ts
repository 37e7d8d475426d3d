// A newsletter as it arrives, parsed by mailparser from a real SMTP server: both parts, the one-click headers and every
// link. The RFC 8058 POST unsubscribes with no cookie and no Origin while a GET changes nothing; a 5xx to RCPT TO
// bounces that one member, while a refused connection bounces nobody.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort, startTestSmtp } from '../helpers/smtp';
import type { TestSmtp } from '../helpers/smtp';
import { PUBLIC_URL, useTestApp } from '../helpers/testApp';
import { addMember, deliver, publish, submission } from './helpers';

jest.setTimeout(60_000);

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => smtp.close());

const t = useTestApp({ alsoEmpty: ['members', 'mail_outbox', 'newsletter_dispatches'] });
beforeEach(async () => {
  smtp.messages.splice(0);
  await t.restart({ mail: { smtpUrl: smtp.url, from: 'news@touchline.test' }, mailPollMs: 3_600_000 });
});

const statusOf = async (id: number) =>
  (await t.db.kysely.selectFrom('members').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

const story = () => ({
  ...submission('Matchday notes', ['Football']),
  header: {
    ...submission('Matchday notes', ['Football']).header,
    textFormat: 'marks' as const,
    sections: [
      {
        type: 'single-paragraph' as const,
        title: 'First half',
        paragraph: 'A **fine** goal, see [the table](https://stats.example/table).',
        list: ['Early pressure'],
      },
      { type: 'quote' as const, text: 'We never stopped.', cite: 'The captain' },
      {
        type: 'image' as const,
        image: 'https://images.example.com/goal.jpg',
        alt: 'The winning goal',
        caption: 'Late',
      },
      { type: 'video' as const, url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', caption: 'Highlights' },
    ],
  },
});

describe('the mail', () => {
  it('has a text and an HTML part, the one-click headers and only the links it should', async () => {
    const memberId = await addMember(t.db, 'fan@reader.test', { tags: ['football'] });
    const post = await publish(t.app, story());
    await deliver(t.app);
    expect(smtp.messages).toHaveLength(1);
    const parsed = await simpleParser(smtp.messages[0]!.raw);
    expect(parsed.subject).toBe('Matchday notes');
    // RFC 2369 and RFC 8058 headers, as mailparser reads them.
    const list = parsed.headers.get('list') as unknown as Record<string, Record<string, string>>;
    const oneClick = list.unsubscribe?.url ?? '';
    expect(oneClick).toMatch(new RegExp(`^${PUBLIC_URL}/api/members/unsubscribe\\?token=[\\w.-]+$`));
    expect(list['unsubscribe-post']).toEqual({ name: 'List-Unsubscribe=One-Click' });
    expect(list.id).toEqual({ name: 'Touchline stories', id: 'stories.touchline.test' });
    // Both parts: the story, the reason and the footer links.
    const text = parsed.text ?? '';
    const html = typeof parsed.html === 'string' ? parsed.html : '';
    for (const part of [text, html]) {
      expect(part).toContain('Matchday notes');
      expect(part).toContain('You follow Football.');
      expect(part).toContain('We never stopped.');
    }
    expect(text).toContain(`Read on Touchline: ${PUBLIC_URL}/page/${post.id}`);
    expect(html).toContain('Read on Touchline</a>');
    expect(html).toContain('Manage preferences</a>');
    expect(html).toContain('Unsubscribe</a>');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain('max-width:600px');
    expect(html).not.toMatch(/<style|class="/);
    // Every link, untouched (no redirect through a tracker), and every image a plain absolute URL.
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    const token = new URL(oneClick).searchParams.get('token') ?? '';
    expect(new Set(hrefs)).toEqual(
      new Set([
        `${PUBLIC_URL}/page/${post.id}`,
        'https://stats.example/table',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        'https://www.amazon.com/s?k=match+ball',
        `${PUBLIC_URL}/account`,
        `${PUBLIC_URL}/members/unsubscribe?token=${token}`,
      ]),
    );
    const images = [...html.matchAll(/<img src="([^"]*)"/g)].map((match) => match[1]);
    expect(images).toEqual([
      'https://images.example.com/derby.jpg',
      'https://images.example.com/goal.jpg',
      `${PUBLIC_URL}/og-image.png`,
      expect.stringMatching(/^https:\/\//),
    ]);
    // The token in the mail unsubscribes this member, with no cookie and no Origin.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/members/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(memberId)).toBe('unsubscribed');
  });
});

describe('POST /api/members/unsubscribe', () => {
  it('unsubscribes from the one-click POST alone, while a GET of the link changes nothing', async () => {
    const memberId = await addMember(t.db, 'fan@reader.test', { all: true });
    await publish(t.app, submission('Scores', []));
    await deliver(t.app);
    const parsed = await simpleParser(smtp.messages[0]!.raw);
    const list = parsed.headers.get('list') as unknown as Record<string, Record<string, string>>;
    const url = (list.unsubscribe?.url ?? '').slice(PUBLIC_URL.length);
    const get = await t.app.inject({ method: 'GET', url });
    expect(get.statusCode).toBe(404);
    expect(await statusOf(memberId)).toBe('active');
    // A forged or altered token is refused and changes nothing.
    for (const bad of [`${memberId}.AAAAAAAAAAAAAAAAAAAAAAAA`, 'nonsense', `${memberId + 1}.${url.split('.')[1]}`]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/members/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty('error');
    }
    expect(await statusOf(memberId)).toBe('active');
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await statusOf(memberId)).toBe('unsubscribed');
    // The page's button without JavaScript: a browser's form post lands back on the page.
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: PUBLIC_URL },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/members/unsubscribe?done=1');
  });
});

describe('bounces', () => {
  it('a 5xx to RCPT TO bounces that member only; the others get the story', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) =>
        address.address === 'nobody@reader.test'
          ? callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }))
          : callback(),
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()));
    const address = refusing.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      await t.restart({
        mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'news@touchline.test' },
        mailPollMs: 3_600_000,
      });
      const nobody = await addMember(t.db, 'nobody@reader.test', { all: true });
      const fan = await addMember(t.db, 'fan@reader.test', { all: true });
      const post = await publish(t.app, submission('Result', []));
      await deliver(t.app);
      expect(await statusOf(nobody)).toBe('bounced');
      expect(await statusOf(fan)).toBe('active');
      const figures = await t.app.inject({
        method: 'GET',
        url: `/api/blogs/${post.id}/newsletter`,
        headers: { authorization: 'Bearer test-admin-token-0123456789abcdef0123' },
      });
      expect(figures.json()).toEqual({ recipients: 2, sent: 1, failed: 1, pending: 0 });
    } finally {
      // The app's pooled connection goes first, so the server has none to wait for.
      await t.restart({ mail: { smtpUrl: smtp.url, from: 'news@touchline.test' }, mailPollMs: 3_600_000 });
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it('a refused connection bounces nobody: the rows wait for a retry', async () => {
    const port = await freePort();
    await t.restart({
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'news@touchline.test' },
      mailPollMs: 3_600_000,
    });
    const a = await addMember(t.db, 'a@reader.test', { all: true });
    const b = await addMember(t.db, 'b@reader.test', { all: true });
    await publish(t.app, submission('Down', []));
    await deliver(t.app);
    expect([await statusOf(a), await statusOf(b)]).toEqual(['active', 'active']);
    const rows = await t.db.kysely.selectFrom('mail_outbox').select(['sent_at', 'failed_at', 'attempts']).execute();
    expect(rows.map((row) => [row.sent_at, row.failed_at, row.attempts])).toEqual([
      [null, null, 1],
      [null, null, 1],
    ]);
  });
});
