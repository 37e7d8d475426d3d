// The staff roles' table, row by row, on POST/PUT/DELETE /api/blogs and uploads; createdBy/updatedBy in admin reads.
import type { BlogSubmission } from '../../../src/contract/schemas';
import type { AdminBlogPost, AdminBlogSummary, BlogPost } from '../../../src/contract/types';
import type { RoleName } from '../../../src/server/db/database';
import { countPosts } from '../../../src/server/repositories/postsRepository';
import { validSubmission } from '../fixtures/submissions';
import { SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { sampleImages } from '../helpers/images';
import { multipart, TOKEN, useTestApp } from '../helpers/testApp';

const t = useTestApp({ alsoEmpty: ['accounts'], sharedApp: true });

type Staff = Awaited<ReturnType<typeof staffSession>>;
const as = (who: Staff) => ({ cookie: who.cookie, ...SAME_ORIGIN });
const body = (status: 'draft' | 'published', title = 'A post'): BlogSubmission => ({
  ...validSubmission({ title }),
  status,
});

const create = (who: Staff, status: 'draft' | 'published', title?: string) =>
  t.app.inject({ method: 'POST', url: '/api/blogs', headers: as(who), payload: body(status, title) });
const edit = (who: Staff, id: number, status: 'draft' | 'published', title = 'Edited') =>
  t.app.inject({ method: 'PUT', url: `/api/blogs/${id}`, headers: as(who), payload: body(status, title) });
const remove = (who: Staff, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/blogs/${id}`, headers: as(who) });
const adminRead = async (id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/blogs/${id}`, headers: { authorization: `Bearer ${TOKEN}` } })
  ).json<AdminBlogPost>();
/** The ids in the trash, where a delete sends a post. */
const trashedIds = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/blogs?status=trash', headers: { authorization: `Bearer ${TOKEN}` } }))
    .json<BlogPost[]>()
    .map((post) => post.id);
async function created(who: Staff, status: 'draft' | 'published', title?: string): Promise<BlogPost> {
  const res = await create(who, status, title);
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}
const staff = (role: RoleName) => staffSession(t.app, t.db, role);

function expectRefused(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ error: expect.any(String) });
}

describe('contributor', () => {
  it('creates and edits their own drafts, and never publishes or schedules', async () => {
    const me = await staff('contributor');
    const draft = await created(me, 'draft');
    expect((await edit(me, draft.id, 'draft', 'Better draft')).statusCode).toBe(200);
    expectRefused(await create(me, 'published'));
    const scheduled = { ...body('published'), publishAt: '2030-01-01T00:00:00.000Z' };
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/blogs', headers: as(me), payload: scheduled }));
    expectRefused(await edit(me, draft.id, 'published'));
    expect((await adminRead(draft.id)).title).toBe('Better draft');
    expect((await adminRead(draft.id)).status).toBe('draft');
    expect(await countPosts(t.db)).toBe(1);
  });

  it("never edits a post once it is public, nor anyone else's draft", async () => {
    const me = await staff('contributor');
    const editor = await staff('editor');
    const mine = await created(me, 'draft');
    expect((await edit(editor, mine.id, 'published', 'Published by the editor')).statusCode).toBe(200);
    expectRefused(await edit(me, mine.id, 'draft'));
    expectRefused(await remove(me, mine.id));
    const theirs = await created(await staff('author'), 'draft');
    expectRefused(await edit(me, theirs.id, 'draft'));
    expectRefused(await remove(me, theirs.id));
    expect((await adminRead(mine.id)).title).toBe('Published by the editor');
    expect(await countPosts(t.db)).toBe(2);
  });
});

describe('author', () => {
  it('creates, publishes, edits and deletes their own posts', async () => {
    const me = await staff('author');
    const post = await created(me, 'published');
    expect((await edit(me, post.id, 'draft')).statusCode).toBe(200);
    expect((await edit(me, post.id, 'published')).statusCode).toBe(200);
    expect((await remove(me, post.id)).statusCode).toBe(204);
    expect(await trashedIds()).toEqual([post.id]);
  });

  it("is refused (403) on someone else's post, which stays as it was", async () => {
    const me = await staff('author');
    const owner = await staff('owner');
    const theirs = await created(owner, 'published', "The owner's post");
    expectRefused(await edit(me, theirs.id, 'published'));
    expectRefused(await remove(me, theirs.id));
    // A post written through a key has no account behind it: not the author's either.
    const keyed = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: body('published'),
    });
    expectRefused(await edit(me, keyed.json<BlogPost>().id, 'published'));
    expect((await adminRead(theirs.id)).title).toBe("The owner's post");
    expect(await countPosts(t.db)).toBe(2);
  });
});

describe.each(['editor', 'owner'] as const)('%s', (role) => {
  it('changes and deletes every post', async () => {
    const me = await staff(role);
    const author = await staff('author');
    const theirs = await created(author, 'published');
    expect((await edit(me, theirs.id, 'draft', 'Held back')).statusCode).toBe(200);
    expect((await remove(me, theirs.id)).statusCode).toBe(204);
    expect(await trashedIds()).toEqual([theirs.id]);
  });
});

describe('who created and last changed a post', () => {
  it('appears as createdBy/updatedBy in admin reads only; the public shape is unchanged', async () => {
    const author = await staff('author');
    const editor = await staff('editor');
    const post = await created(author, 'published');
    expect(post).not.toHaveProperty('createdBy');
    await edit(editor, post.id, 'published', 'Tidied');
    const byAuthor = { id: author.account.id, name: author.account.name };
    const byEditor = { id: editor.account.id, name: editor.account.name };
    expect(await adminRead(post.id)).toMatchObject({ createdBy: byAuthor, updatedBy: byEditor });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/blogs?status=all',
      headers: { cookie: author.cookie },
    });
    expect(list.json<AdminBlogSummary[]>()[0]).toMatchObject({ createdBy: byAuthor, updatedBy: byEditor });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/blogs/${post.id}` });
    expect(anonymous.json()).not.toHaveProperty('createdBy');
    expect(anonymous.json()).not.toHaveProperty('updatedBy');
    const publicList = await t.app.inject({ method: 'GET', url: '/api/blogs' });
    expect(publicList.json<object[]>()[0]).not.toHaveProperty('createdBy');
  });
});

describe('uploads', () => {
  it('take the session cookie (any role) and refuse it from another origin', async () => {
    const me = await staff('contributor');
    const form = await multipart({ file: { bytes: (await sampleImages()).png, name: 'a.png' } });
    const upload = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: form.payload,
        headers: { ...form.headers, ...headers },
      });
    expect((await upload({ cookie: me.cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await upload(as(me))).statusCode).toBe(201);
  });
});

describe('the trash under the roles', () => {
  it('an author restores their own post but never deletes one for good; an editor may, on any post', async () => {
    const author = await staff('author');
    const editor = await staff('editor');
    const mine = await created(author, 'published', 'Mine');
    const theirs = await created(editor, 'published', 'Theirs');
    expect((await remove(author, mine.id)).statusCode).toBe(204);
    expect((await remove(editor, theirs.id)).statusCode).toBe(204);

    const restore = (who: Staff, id: number) =>
      t.app.inject({ method: 'POST', url: `/api/blogs/${id}/restore`, headers: as(who) });
    const forever = (who: Staff, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/blogs/${id}?permanent=true`, headers: as(who) });

    expectRefused(await restore(author, theirs.id));
    expectRefused(await forever(author, mine.id));
    expect((await trashedIds()).sort()).toEqual([mine.id, theirs.id].sort());

    expect((await restore(author, mine.id)).statusCode).toBe(200);
    expect((await forever(editor, theirs.id)).statusCode).toBe(204);
    expect(await trashedIds()).toEqual([]);
    expect(await countPosts(t.db)).toBe(1);
  });
});
