// A post's comments once written: threads one level deep, the edit window, deletion with replies, reports hiding at 3,
// the limits across two processes, the reply mail only after approval and once, nothing of a pending comment in any
// public answer, and erasure.
import { mailOutboxOf } from '../../../src/server/app';
import { confirmedMember, SAME_ORIGIN, useMembersApp } from '../helpers/members';
import { startTestApp } from '../helpers/testApp';
import { COMMENT_TABLES, editor, moderate, postComment, publicPost, readComments, setSettings } from './helpers';

jest.setTimeout(90_000);

const t = useMembersApp();
beforeEach(async () => {
  for (const table of COMMENT_TABLES) await t.db.kysely.deleteFrom(table).execute();
});

const memberId = async (email: string) =>
  (await t.db.kysely.selectFrom('members').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('threads, edits, deletion and reports', () => {
  it('attaches a reply to a reply to its top-level comment, and keeps a deleted comment with replies as "Comment deleted"', async () => {
    await setSettings(t, { moderation: 'off' });
    const post = await publicPost(t.app);
    const ada = await confirmedMember(t, 'ada@example.com', { name: 'Ada' });
    const bo = await confirmedMember(t, 'bo@example.com', { name: 'Bo' });
    const top = (await postComment(t.app, ada, post, { body: 'Top' })).json();
    const reply = (await postComment(t.app, bo, post, { body: 'Reply', parentId: top.id })).json();
    const deeper = (await postComment(t.app, ada, post, { body: 'Deeper', parentId: reply.id })).json();
    expect(deeper.parentId).toBe(top.id);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${top.id}`,
      headers: { ...SAME_ORIGIN, cookie: ada },
    });
    expect(del.statusCode).toBe(204);
    const page = (await readComments(t.app, post)).json();
    expect(page.items.map((c: { body: string }) => c.body)).toEqual(['Comment deleted', 'Reply', 'Deeper']);
    expect(page.items[0].author).toEqual({ name: '' });
    expect(page.count).toBe(2);
    expect(JSON.stringify(page)).not.toContain('"Top"');

    // Someone else's comment is not theirs to delete.
    const notMine = await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${reply.id}`,
      headers: { ...SAME_ORIGIN, cookie: ada },
    });
    expect(notMine.statusCode).toBe(403);
  });

  it('lets the author edit within 15 minutes, not after', async () => {
    await setSettings(t, { moderation: 'off' });
    const post = await publicPost(t.app);
    const ada = await confirmedMember(t, 'ada@example.com');
    const comment = (await postComment(t.app, ada, post, { body: 'Frist' })).json();
    const edit = (body: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/comments/${comment.id}`,
        headers: { ...SAME_ORIGIN, cookie: ada },
        payload: { body },
      });
    t.clock += 14 * 60_000;
    const edited = await edit('First');
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'First', status: 'approved' });
    expect(edited.json().editedAt).not.toBeNull();
    t.clock += 2 * 60_000;
    expect((await edit('Later')).statusCode).toBe(409);
    expect((await readComments(t.app, post)).json().items[0].body).toBe('First');
  });

  it('hides a comment reported by 3 members until a moderator approves it; a member reports once', async () => {
    await setSettings(t, { moderation: 'off' });
    const post = await publicPost(t.app);
    const ada = await confirmedMember(t, 'ada@example.com');
    const comment = (await postComment(t.app, ada, post, { body: 'Spicy take' })).json();
    const report = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/comments/${comment.id}/report`,
        headers: { ...SAME_ORIGIN, cookie },
        payload: { reason: 'rude' },
      });
    const reporters = [];
    for (const email of ['r1@example.com', 'r2@example.com', 'r3@example.com'])
      reporters.push(await confirmedMember(t, email));
    expect((await report(reporters[0]!)).statusCode).toBe(201);
    expect((await report(reporters[0]!)).statusCode).toBe(409);
    expect((await report(reporters[1]!)).statusCode).toBe(201);
    expect((await readComments(t.app, post)).json().count).toBe(1);
    expect((await report(reporters[2]!)).statusCode).toBe(201);
    expect((await readComments(t.app, post)).json()).toMatchObject({ items: [], count: 0 });

    const staff = await editor(t);
    const desk = (
      await t.app.inject({ method: 'GET', url: '/api/comments?status=reported', headers: { cookie: staff } })
    ).json();
    expect(desk.items).toHaveLength(1);
    expect(desk.items[0]).toMatchObject({
      id: comment.id,
      postId: post,
      body: 'Spicy take',
      author: { email: 'ada@example.com' },
    });
    expect(desk.items[0].reports).toHaveLength(3);
    expect((await moderate(t, staff, comment.id, 'approve')).statusCode).toBe(200);
    expect((await readComments(t.app, post)).json().count).toBe(1);
  });
});

describe('limits', () => {
  it('allows 5 comments per member per 10 minutes across two processes, then 429 with Retry-After', async () => {
    await setSettings(t, { moderation: 'off' });
    const post = await publicPost(t.app);
    const ada = await confirmedMember(t, 'ada@example.com');
    const other = await startTestApp({ testDb: t.testDb, now: () => t.clock });
    try {
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? t.app : other.app;
        expect((await postComment(app, ada, post, { body: `Comment ${i}` })).statusCode).toBe(201);
      }
      const refused = await postComment(other.app, ada, post, { body: 'Sixth' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await postComment(t.app, ada, post, { body: 'Sixth' })).statusCode).toBe(429);
      t.clock += 10 * 60_000;
      expect((await postComment(t.app, ada, post, { body: 'Later' })).statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });
});

describe('the reply mail', () => {
  it('goes once, only after the reply is approved, with one-click "Stop reply emails" headers', async () => {
    await setSettings(t, { moderation: 'off' });
    const post = await publicPost(t.app, {});
    const ada = await confirmedMember(t, 'ada@example.com');
    const bo = await confirmedMember(t, 'bo@example.com');
    const top = (await postComment(t.app, ada, post, { body: 'Top' })).json();
    await setSettings(t, { moderation: 'all' });
    const before = (await t.mail()).length;
    const reply = (await postComment(t.app, bo, post, { body: 'A reply worth reading '.repeat(20) })).json();
    const replyTo = (await postComment(t.app, bo, post, { body: 'Real reply', parentId: top.id })).json();
    expect(replyTo.status).toBe('pending');
    expect(reply.status).toBe('pending');
    expect((await t.mail()).length).toBe(before);

    const staff = await editor(t);
    await moderate(t, staff, replyTo.id, 'approve');
    await moderate(t, staff, replyTo.id, 'approve');
    const mail = (await t.mail()).slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toEqual(['ada@example.com']);
    expect(mail[0]!.text).toContain('Real reply');
    expect(mail[0]!.text).toContain(`/page/${post}#comment-${replyTo.id}`);
    expect(mail[0]!.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/i);
    const stop =
      /List-Unsubscribe:\s*<(https:\/\/touchline\.test(\/api\/members\/replies\/stop\?token=[A-Za-z0-9_-]+))>/i.exec(
        mail[0]!.raw,
      );
    expect(stop).not.toBeNull();

    // The one-click POST, as a mail client sends it: no cookie, no Origin.
    const stopped = await t.app.inject({
      method: 'POST',
      url: stop![2]!,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stopped.statusCode).toBe(200);
    expect(
      (
        await t.db.kysely
          .selectFrom('members')
          .select('reply_mail')
          .where('email', '=', 'ada@example.com')
          .executeTakeFirstOrThrow()
      ).reply_mail,
    ).toBe(0);
  });

  it('never goes for a reply that is rejected', async () => {
    await setSettings(t, { moderation: 'off' });
    const post = await publicPost(t.app);
    const ada = await confirmedMember(t, 'ada@example.com');
    const bo = await confirmedMember(t, 'bo@example.com');
    const top = (await postComment(t.app, ada, post, { body: 'Top' })).json();
    await setSettings(t, { moderation: 'all' });
    const before = (await t.mail()).length;
    const reply = (await postComment(t.app, bo, post, { body: 'Spam reply', parentId: top.id })).json();
    const staff = await editor(t);
    expect((await moderate(t, staff, reply.id, 'reject')).statusCode).toBe(200);
    await mailOutboxOf(t.app)!.settle();
    expect((await t.mail()).length).toBe(before);
    expect(await t.db.kysely.selectFrom('comments').select('id').where('id', '=', reply.id).execute()).toHaveLength(0);
  });
});

describe('a pending comment', () => {
  it('is in no public answer: the comments, the post, the list; its author sees it as their own', async () => {
    const post = await publicPost(t.app);
    await editor(t);
    const ada = await confirmedMember(t, 'ada@example.com');
    const secret = 'Xylophonequark';
    const pending = (await postComment(t.app, ada, post, { body: secret })).json();
    expect(pending.status).toBe('pending');
    for (const url of [`/api/blogs/${post}/comments`, `/api/blogs/${post}`, '/api/blogs', '/api/comments/settings']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain(secret);
    }
    expect((await readComments(t.app, post)).json()).toMatchObject({ items: [], count: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${post}` })).json().commentCount).toBe(0);
    const mine = (await readComments(t.app, post, ada)).json();
    expect(mine.mine).toEqual([expect.objectContaining({ id: pending.id, body: secret, status: 'pending' })]);
    // Another member does not see it.
    const bo = await confirmedMember(t, 'bo@example.com');
    expect((await readComments(t.app, post, bo)).body).not.toContain(secret);
    // Moderators are told in the app, once per post per hour, without the body.
    await postComment(t.app, ada, post, { body: 'second' });
    const notices = await t.db.kysely.selectFrom('notifications').selectAll().where('kind', '=', 'comments').execute();
    expect(notices.length).toBeGreaterThan(0);
    expect(new Set(notices.map((n) => n.account_id)).size).toBe(notices.length);
    expect(JSON.stringify(notices)).not.toContain(secret);
  });
});

describe('erasure', () => {
  it('takes a member\'s comments with them; one with replies stays as "Comment deleted"', async () => {
    await setSettings(t, { moderation: 'off' });
    const post = await publicPost(t.app);
    const ada = await confirmedMember(t, 'ada@example.com');
    const bo = await confirmedMember(t, 'bo@example.com');
    const top = (await postComment(t.app, ada, post, { body: 'Ada top' })).json();
    await postComment(t.app, ada, post, { body: 'Ada alone' });
    await postComment(t.app, bo, post, { body: 'Bo reply', parentId: top.id });
    const adaId = await memberId('ada@example.com');
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/members/me', headers: { ...SAME_ORIGIN, cookie: ada } }))
        .statusCode,
    ).toBe(204);
    const page = (await readComments(t.app, post)).json();
    expect(page.items.map((c: { body: string }) => c.body)).toEqual(['Comment deleted', 'Bo reply']);
    expect(JSON.stringify(page)).not.toContain('Ada');
    expect(await t.db.kysely.selectFrom('comments').select('id').where('member_id', '=', adaId).execute()).toHaveLength(
      0,
    );
  });
});
