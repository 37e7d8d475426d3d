// A member's reply mail switch (GET/PUT /api/members/me's replyMail) decides whether a reply to their comment is
// mailed, and erasing a member (by themselves or the admin's Remove) takes their unsent mail with them.
import { mailOutboxOf } from '../../../src/server/app';
import { editor, moderate, postComment, publicPost, setSettings } from '../comments/helpers';
import { SAME_ORIGIN, confirmedMember, useMembersApp } from '../helpers/members';

jest.setTimeout(60_000);

const t = useMembersApp();
const HOUR = 60 * 60_000;

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/members/me', headers: { cookie } });
const putMe = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/members/me', headers: { cookie, ...SAME_ORIGIN }, payload });

/** Ada's comment, and Bo's approved reply to it: answers the mail Ada got for it. */
async function replyToAda(ada: string, bo: string) {
  await setSettings(t, { moderation: 'off' });
  const post = await publicPost(t.app);
  const top = (await postComment(t.app, ada, post, { body: 'Top' })).json<{ id: number }>();
  await setSettings(t, { moderation: 'all' });
  const before = (await t.mail()).length;
  const reply = (await postComment(t.app, bo, post, { body: 'A reply', parentId: top.id })).json<{ id: number }>();
  await moderate(t, await editor(t), reply.id, 'approve');
  return (await t.mail()).slice(before).filter((mail) => mail.to.includes('ada@example.com'));
}

describe('the reply mail switch', () => {
  it('is on for a new member, and off stops the mail about replies to their comments', async () => {
    const ada = await confirmedMember(t, 'ada@example.com');
    const bo = await confirmedMember(t, 'bo@example.com');
    expect((await me(ada)).json()).toMatchObject({ replyMail: true });

    const off = await putMe(ada, { replyMail: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ replyMail: false, subscribed: true });
    expect((await me(ada)).json()).toMatchObject({ replyMail: false });
    expect(await replyToAda(ada, bo)).toEqual([]);

    expect((await putMe(ada, { replyMail: true })).json()).toMatchObject({ replyMail: true });
    expect(await replyToAda(ada, bo)).toHaveLength(1);
  });

  it('refuses a value that is not a boolean and changes nothing', async () => {
    const ada = await confirmedMember(t, 'ada@example.com');
    for (const replyMail of ['no', 0, null, 'false']) {
      const res = await putMe(ada, { name: 'Changed', replyMail });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toEqual(expect.any(String));
      expect(JSON.stringify(res.json())).toContain('replyMail');
    }
    expect((await me(ada)).json()).toMatchObject({ name: '', replyMail: true });
  });

  it("reads the form post's unticked box as off, and answers it with the way back to /account", async () => {
    const ada = await confirmedMember(t, 'ada@example.com');
    const form = {
      cookie: ada,
      ...SAME_ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
    };
    // The form sends a hidden "false" before the box, so an unticked box still says so.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/me',
      headers: form,
      payload: 'name=Ada&all=true&replyMail=false',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account?saved=1');
    expect((await me(ada)).json()).toMatchObject({ name: 'Ada', replyMail: false });
    await t.app.inject({
      method: 'POST',
      url: '/api/members/me',
      headers: form,
      payload: 'name=Ada&all=true&replyMail=false&replyMail=on',
    });
    expect((await me(ada)).json()).toMatchObject({ replyMail: true });
  });

  it('shows the one-click "Stop reply emails" as the switch turned off', async () => {
    const ada = await confirmedMember(t, 'ada@example.com');
    const bo = await confirmedMember(t, 'bo@example.com');
    const [mail] = await replyToAda(ada, bo);
    const stop = /List-Unsubscribe:\s*<https:\/\/touchline\.test(\/api\/members\/replies\/stop\?token=[\w-]+)>/i.exec(
      mail!.raw,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: stop![1]!,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(ada)).json()).toMatchObject({ replyMail: false });
  });
});

describe('erasure', () => {
  /** Mail queued for later to `email`: a newsletter row (naming the member) and a reply mail (the address only). */
  async function queueHeldMail(email: string) {
    const member = await t.db.kysely
      .selectFrom('members')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const post = await publicPost(t.app, { newsletter: false });
    const later = t.clock + HOUR;
    const row = { to_address: email, body: 'Held', created_at: t.clock, next_attempt_at: later };
    await t.db.kysely
      .insertInto('mail_outbox')
      .values([
        { ...row, subject: 'A story', post_id: post, member_id: member.id },
        { ...row, subject: 'Someone replied to your comment' },
      ])
      .execute();
  }

  /** Sends whatever is due two hours on, and answers the subjects each address got. */
  async function sendLater() {
    t.clock += 2 * HOUR;
    const before = (await t.mail()).length;
    await mailOutboxOf(t.app)!.drain();
    return (await t.mail()).slice(before).map((mail) => `${mail.to[0]}: ${mail.subject}`);
  }

  it("DELETE /api/members/me takes the member's unsent mail, and leaves others' alone", async () => {
    const ada = await confirmedMember(t, 'ada@example.com');
    await confirmedMember(t, 'bo@example.com');
    await queueHeldMail('ada@example.com');
    await queueHeldMail('bo@example.com');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/members/me',
      headers: { cookie: ada, ...SAME_ORIGIN },
    });
    expect(res.statusCode).toBe(204);
    const unsent = await t.db.kysely
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('sent_at', 'is', null)
      .where('to_address', '=', 'ada@example.com')
      .execute();
    expect(unsent).toEqual([]);
    const sent = await sendLater();
    expect(sent.filter((line) => line.startsWith('ada@'))).toEqual([]);
    expect(sent).toContain('bo@example.com: Someone replied to your comment');
  });

  it("the admin's Remove takes the member's unsent mail too", async () => {
    await confirmedMember(t, 'ada@example.com');
    await queueHeldMail('ada@example.com');
    const { id } = await t.db.kysely
      .selectFrom('members')
      .select('id')
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    const owner = await editor(t, 'owner');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/members/${id}`,
      headers: { cookie: owner, ...SAME_ORIGIN },
    });
    expect(res.statusCode).toBe(204);
    expect((await sendLater()).filter((line) => line.startsWith('ada@'))).toEqual([]);
  });
});
