// Who a post is mailed to when it first becomes public, and that each member gets it once: across an edit, an
// unpublish and republish, the trash and back, a post public before it was meant to be mailed, and a scheduled post
// whose time comes while two processes share the database. A real SMTP server receives every message.
import { startTestSmtp } from '../helpers/smtp';
import type { TestSmtp } from '../helpers/smtp';
import { startTestApp, useTestApp } from '../helpers/testApp';
import { addMember, AUTH, deliver, publish, put, submission } from './helpers';

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

const received = () => smtp.messages.map((message) => `${message.to.join()} ${message.subject}`).sort();

describe('recipients', () => {
  it('mails active members who follow every story or one of its tags, and nobody pending, unsubscribed or bounced', async () => {
    await addMember(t.db, 'all@reader.test', { all: true });
    await addMember(t.db, 'football@reader.test', { tags: ['football'] });
    await addMember(t.db, 'tennis@reader.test', { tags: ['tennis'] });
    await addMember(t.db, 'pending@reader.test', { status: 'pending', all: true });
    await addMember(t.db, 'gone@reader.test', { status: 'unsubscribed', all: true, tags: ['football'] });
    await addMember(t.db, 'bounced@reader.test', { status: 'bounced', all: true });
    await publish(t.app, submission('Derby report', ['Football', 'Premier League']));
    await deliver(t.app);
    expect(received()).toEqual(['all@reader.test Derby report', 'football@reader.test Derby report']);
    const byTo = (to: string) => smtp.messages.find((message) => message.to.includes(to))!.text;
    expect(byTo('football@reader.test')).toContain('You follow Football.');
    expect(byTo('all@reader.test')).toContain('You get every Touchline story by email.');
  });

  it('mails nobody for a post saved with newsletter off, nor when it is turned on after the post went public', async () => {
    await addMember(t.db, 'all@reader.test', { all: true });
    const post = await publish(t.app, submission('Quiet one', [], { newsletter: false }));
    expect(post.newsletter).toBe(false);
    await deliver(t.app);
    const edited = await put(t.app, post.id, submission('Quiet one', [], { newsletter: true }));
    expect(edited.newsletter).toBe(true);
    await deliver(t.app);
    expect(received()).toEqual([]);
  });

  it('keeps the stored choice when an edit does not name it, and a draft is mailed only once published', async () => {
    await addMember(t.db, 'all@reader.test', { all: true });
    const draft = await publish(t.app, submission('Later', [], { status: 'draft', newsletter: false }));
    const kept = await put(t.app, draft.id, submission('Later', [], { status: 'draft' }));
    expect(kept.newsletter).toBe(false);
    await put(t.app, draft.id, submission('Later', [], { status: 'draft', newsletter: true }));
    await deliver(t.app);
    expect(received()).toEqual([]);
    await put(t.app, draft.id, submission('Later', []));
    await deliver(t.app);
    expect(received()).toEqual(['all@reader.test Later']);
  });
});

describe('exactly once per member', () => {
  it('survives an edit, an unpublish and republish, and the trash and back', async () => {
    await addMember(t.db, 'a@reader.test', { all: true });
    await addMember(t.db, 'b@reader.test', { tags: ['football'] });
    const post = await publish(t.app, submission('Cup final', ['Football']));
    await deliver(t.app);
    expect(received()).toEqual(['a@reader.test Cup final', 'b@reader.test Cup final']);
    // A member who joins later is not mailed an old post when it comes back either.
    await addMember(t.db, 'late@reader.test', { all: true });
    await put(t.app, post.id, submission('Cup final (updated)', ['Football']));
    await deliver(t.app);
    await put(t.app, post.id, submission('Cup final', ['Football'], { status: 'draft' }));
    await put(t.app, post.id, submission('Cup final', ['Football']));
    await deliver(t.app);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/blogs/${post.id}`, headers: AUTH })).statusCode).toBe(
      204,
    );
    const restored = await t.app.inject({ method: 'POST', url: `/api/blogs/${post.id}/restore`, headers: AUTH });
    expect(restored.statusCode).toBe(200);
    await deliver(t.app);
    expect(received()).toEqual(['a@reader.test Cup final', 'b@reader.test Cup final']);
  });

  it('mails a scheduled post once when its time comes, with two processes on one database', async () => {
    for (let i = 0; i < 30; i += 1) await addMember(t.db, `m${i}@reader.test`, { all: true });
    const publishAt = new Date(START + 60 * 60_000).toISOString();
    await publish(t.app, submission('Kick-off', [], { publishAt }));
    let clock = START;
    const second = await startTestApp({ testDb: t.testDb, now: () => clock, mail: mail(), mailPollMs: 3_600_000 });
    try {
      await Promise.all([deliver(t.app), deliver(second.app)]);
      expect(received()).toEqual([]);
      t.clock = START + 61 * 60_000;
      clock = t.clock;
      // Both processes find the post public at once and race for its dispatch and its rows.
      await Promise.all([deliver(t.app), deliver(second.app), deliver(t.app), deliver(second.app)]);
      await Promise.all([deliver(t.app), deliver(second.app)]);
      expect(received()).toEqual(Array.from({ length: 30 }, (_, i) => `m${i}@reader.test Kick-off`).sort());
    } finally {
      await second.close();
    }
  });
});

describe('GET /api/blogs/:id/newsletter', () => {
  it('answers staff the post figures, and refuses anyone else', async () => {
    await addMember(t.db, 'a@reader.test', { all: true });
    await addMember(t.db, 'b@reader.test', { all: true });
    await addMember(t.db, 'c@reader.test', { all: true });
    const post = await publish(t.app, submission('Figures', []));
    await deliver(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/blogs/${post.id}/newsletter`, headers: AUTH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recipients: 3, sent: 3, failed: 0, pending: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${post.id}/newsletter` })).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/api/blogs/99999/newsletter', headers: AUTH });
    expect(missing.statusCode).toBe(404);
  });
});
