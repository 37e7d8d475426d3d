// The desk on the API: who moves a post between draft, review, published and scheduled (every role, own post or
// another's, every stored status to every asked one), the review decision, what changed since a submission, review
// steps, editorial notes and who is notified of what.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { BlogSubmission } from '../../../src/contract/schemas';
import { exportArchive, importArchive } from '../../../src/server/archive/archive';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate';
import { listPosts } from '../../../src/server/repositories/postsRepository';
import { createDatabaseConfig, createTestDb } from '../helpers/testDb';
import { allowedStatuses } from '../../../src/contract/roles';
import type {
  EditorialNote,
  NotificationsAnswer,
  ReviewInfo,
  ReviewQueueEntry,
  ReviewStep,
} from '../../../src/contract/desk';
import type { AdminBlogPost, BlogPost, BlogSummary } from '../../../src/contract/types';
import type { RoleName } from '../../../src/server/db/database';
import { validSubmission } from '../fixtures/submissions';
import { SAME_ORIGIN, signIn, staffSession } from '../helpers/accounts';
import { startTestApp, TOKEN, useTestApp } from '../helpers/testApp';

jest.setTimeout(120_000);

const START = Date.parse('2026-11-28T09:00:00.000Z');
const LATER = '2026-12-01T09:00:00.000Z';
const t = useTestApp({ now: START, alsoEmpty: ['accounts'], sharedApp: true });

type Staff = Awaited<ReturnType<typeof staffSession>>;
type Headers = Record<string, string>;
const bearer = { authorization: `Bearer ${TOKEN}` };
const as = (who: Staff): Headers => ({ cookie: who.cookie, ...SAME_ORIGIN });
const staff = (role: RoleName) => staffSession(t.app, t.db, role);

type Target = 'draft' | 'review' | 'published' | 'scheduled';
const body = (to: Target, title = 'A post'): BlogSubmission => ({
  ...validSubmission({ title }),
  status: to === 'scheduled' ? 'published' : to,
  publishAt: to === 'scheduled' ? LATER : null,
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const adminRead = async (id: number) => (await inject('GET', `/api/blogs/${id}`, bearer)).json<AdminBlogPost>();

/** A post in `status` created by `creator` (through the token, then credited to them as their own write would be). */
async function postIn(status: Target, creator: Staff | null, title = 'A post'): Promise<BlogPost> {
  const res = await inject('POST', '/api/blogs', bearer, body(status, title));
  expect(res.statusCode).toBe(201);
  const post = res.json<BlogPost>();
  if (creator !== null)
    await t.db.kysely.updateTable('posts').set({ created_by: creator.account.id }).where('id', '=', post.id).execute();
  expect(post.status).toBe(status);
  return post;
}

const notificationsOf = async (who: Staff) =>
  (await inject('GET', '/api/notifications', as(who))).json<NotificationsAnswer>();

describe('the transition table', () => {
  it('lets each role move a post only as allowedStatuses says; every refusal is a 403 that changes nothing', async () => {
    const roles: RoleName[] = ['contributor', 'author', 'editor', 'owner'];
    const people = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await staff(r)] as const)));
    const other = await staff('author');
    const froms: Target[] = ['draft', 'review', 'published', 'scheduled'];
    const tos: Target[] = ['draft', 'review', 'published', 'scheduled'];
    const seen: string[] = [];
    for (const role of roles)
      for (const own of [true, false])
        for (const from of froms)
          for (const to of tos) {
            const who = people[role]!;
            const post = await postIn(from, own ? who : other);
            const before = await adminRead(post.id);
            const res = await inject('PUT', `/api/blogs/${post.id}`, as(who), body(to, 'Changed'));
            const allowed = allowedStatuses({ role, own, from }).includes(to === 'scheduled' ? 'published' : to);
            const label = `${role} ${own ? 'own' : "other's"} ${from} → ${to}`;
            if (allowed) {
              expect([label, res.statusCode]).toEqual([label, 200]);
              expect([label, res.json<BlogPost>().status]).toEqual([label, to]);
            } else {
              expect([label, res.statusCode, typeof res.json<{ error: unknown }>().error]).toEqual([
                label,
                403,
                'string',
              ]);
              expect([label, await adminRead(post.id)]).toEqual([label, before]);
            }
            seen.push(`${label}: ${allowed ? 'yes' : 'no'}`);
          }
    expect(seen).toHaveLength(128);
    // The rows the issue names, read back from the table the server enforced.
    expect(seen).toEqual(
      expect.arrayContaining([
        'contributor own draft → review: yes',
        'contributor own review → draft: yes',
        'contributor own review → review: yes',
        'contributor own draft → published: no',
        'contributor own review → scheduled: no',
        "contributor other's draft → review: no",
        'author own draft → review: yes',
        'author own review → published: yes',
        'editor own review → published: yes',
        "editor other's review → scheduled: yes",
      ]),
    );
  });

  it('creates: a contributor may create a draft or submit at once, never publish', async () => {
    const me = await staff('contributor');
    for (const [to, status] of [
      ['draft', 201],
      ['review', 201],
      ['published', 403],
      ['scheduled', 403],
    ] as const) {
      const res = await inject('POST', '/api/blogs', as(me), body(to));
      expect([to, res.statusCode]).toEqual([to, status]);
    }
  });
});

describe('review', () => {
  it('is listed for staff (?status=all and ?status=review), never for anyone else', async () => {
    const me = await staff('contributor');
    const inReview = await postIn('review', me, 'Waiting for an editor');
    await postIn('draft', me, 'Only a draft');
    await postIn('published', me, 'Out already');
    expect((await inject('GET', `/api/blogs/${inReview.id}`, {})).statusCode).toBe(404);
    const publicTitles = (await inject('GET', '/api/blogs', {})).json<BlogSummary[]>().map((p) => p.title);
    expect(publicTitles).toEqual(['Out already']);
    const all = (await inject('GET', '/api/blogs?status=all', as(me))).json<BlogSummary[]>();
    expect(all.map((p) => [p.title, p.status])).toEqual([
      ['Out already', 'published'],
      ['Only a draft', 'draft'],
      ['Waiting for an editor', 'review'],
    ]);
    const queue = (await inject('GET', '/api/blogs?status=review', as(me))).json<BlogSummary[]>();
    expect(queue.map((p) => p.title)).toEqual(['Waiting for an editor']);
    // The queue, oldest submission first, with who submitted and when.
    t.clock = START + 60_000;
    const later = await postIn('review', me, 'Submitted later');
    const entries = (await inject('GET', '/api/reviews', as(me))).json<ReviewQueueEntry[]>();
    expect(entries.map((e) => [e.post.id, e.post.status, e.review.submittedAt, e.review.submittedBy?.name])).toEqual([
      [inReview.id, 'review', new Date(START).toISOString(), 'Admin token'],
      [later.id, 'review', new Date(START + 60_000).toISOString(), 'Admin token'],
    ]);
    expect((await inject('GET', '/api/reviews', {})).statusCode).toBe(401);
    expect((await inject('GET', '/api/blogs?status=review', {})).statusCode).toBe(401);
  });

  it('approves (publish or schedule) and requests changes; editors and owners only, a post in review only, If-Match', async () => {
    const writer = await staff('contributor');
    const author = await staff('author');
    const editor = await staff('editor');
    const submit = async (title: string) => {
      const res = await inject('POST', '/api/blogs', as(writer), body('review', title));
      expect(res.statusCode).toBe(201);
      return res.json<BlogPost>();
    };
    const decide = (id: number, who: Headers, payload: object) =>
      inject('POST', `/api/blogs/${id}/review`, who, payload);

    const post = await submit('Match report');
    const before = await adminRead(post.id);
    // The queue names who wrote each post, as the staff read does (the review page falls back to it).
    const queued = (await inject('GET', '/api/reviews', as(editor))).json<ReviewQueueEntry[]>();
    const creator = queued.find((entry) => entry.post.id === post.id)?.post.createdBy;
    expect(creator).toEqual(before.createdBy);
    expect(creator?.id).toEqual(expect.any(Number));
    // Not an editor: 403, nothing changed.
    for (const who of [writer, author]) {
      const res = await decide(post.id, as(who), { decision: 'approve' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Only an editor or an owner may review a post' });
    }
    // A note is required for changes, and at most 2,000 characters.
    expect((await decide(post.id, as(editor), { decision: 'changes', note: '' })).statusCode).toBe(400);
    expect((await decide(post.id, as(editor), { decision: 'changes', note: 'x'.repeat(2_001) })).statusCode).toBe(400);
    // A stale If-Match: 412, nothing changed.
    const stale = await decide(post.id, { ...as(editor), 'if-match': '"stale"' }, { decision: 'approve' });
    expect(stale.statusCode).toBe(412);
    expect(await adminRead(post.id)).toEqual(before);

    // Changes requested with the ETag the editor holds: back to draft, the note stored.
    const etag = (await inject('GET', `/api/blogs/${post.id}`, as(editor))).headers.etag as string;
    const changes = await decide(
      post.id,
      { ...as(editor), 'if-match': etag },
      { decision: 'changes', note: 'Cut the second paragraph' },
    );
    expect(changes.statusCode).toBe(200);
    expect(changes.json<BlogPost>().status).toBe('draft');
    const notes = (await inject('GET', `/api/blogs/${post.id}/notes`, as(writer))).json<EditorialNote[]>();
    expect(notes).toEqual([
      {
        id: expect.any(Number),
        body: 'Cut the second paragraph',
        author: { name: editor.account.name },
        createdAt: new Date(START).toISOString(),
        resolved: false,
      },
    ]);
    // No longer in review: 409.
    const again = await decide(post.id, as(editor), { decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: expect.stringContaining('not in review') });

    // Resubmitted, then approved for later: scheduled; approved without a date: published.
    expect((await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('review', 'Match report'))).statusCode).toBe(
      200,
    );
    const scheduled = await decide(post.id, as(editor), { decision: 'approve', publishAt: LATER });
    expect(scheduled.json<BlogPost>()).toMatchObject({ status: 'scheduled', publishAt: LATER });
    const other = await submit('Transfer news');
    const published = await decide(other.id, as(editor), { decision: 'approve' });
    expect(published.json<BlogPost>()).toMatchObject({ status: 'published', publishAt: null });
    expect((await inject('GET', `/api/blogs/${other.id}`, {})).statusCode).toBe(200);
    expect((await decide(123456, as(editor), { decision: 'approve' })).statusCode).toBe(404);

    // Each step, with who and when, newest first.
    const steps = (await inject('GET', `/api/blogs/${post.id}/review-steps`, as(writer))).json<ReviewStep[]>();
    expect(steps.map((step) => [step.kind, step.by, step.note])).toEqual([
      ['approved', editor.account.name, null],
      ['submitted', writer.account.name, null],
      ['changes', editor.account.name, 'Cut the second paragraph'],
      ['submitted', writer.account.name, null],
    ]);
  });

  it('says what changed since the post was submitted, with the submitted version to diff against', async () => {
    const writer = await staff('contributor');
    const post = await postIn('draft', writer, 'First words');
    const info = async () => (await inject('GET', `/api/blogs/${post.id}/review`, as(writer))).json<ReviewInfo>();
    expect(await info()).toEqual({
      submittedAt: null,
      submittedBy: null,
      changedSince: false,
      submittedRevisionId: null,
      sinceChanges: null,
    });
    t.clock = START + 60_000;
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('review', 'First words'));
    expect(await info()).toEqual({
      submittedAt: new Date(START + 60_000).toISOString(),
      submittedBy: { id: writer.account.id, name: writer.account.name },
      changedSince: false,
      submittedRevisionId: null,
      sinceChanges: null,
    });
    t.clock = START + 120_000;
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('review', 'Second thoughts'));
    const changed = await info();
    expect(changed).toMatchObject({ submittedAt: new Date(START + 60_000).toISOString(), changedSince: true });
    const submitted = await inject('GET', `/api/blogs/${post.id}/revisions/${changed.submittedRevisionId}`, as(writer));
    expect(submitted.json<BlogPost>()).toMatchObject({ title: 'First words', status: 'review' });
    // Withdrawn: no submission any more.
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('draft', 'Second thoughts'));
    expect((await info()).submittedAt).toBeNull();
    expect((await adminRead(post.id)).status).toBe('draft');
  });

  it('a post submitted again after a request for changes shows what changed since the request', async () => {
    const writer = await staff('contributor');
    const editor = await staff('editor');
    const post = await postIn('draft', writer, 'First words');
    const info = async () => (await inject('GET', `/api/blogs/${post.id}/review`, as(editor))).json<ReviewInfo>();
    const queued = async () =>
      (await inject('GET', '/api/reviews', as(editor))).json<ReviewQueueEntry[]>().find((e) => e.post.id === post.id);
    const revision = async (id: number | null) =>
      (await inject('GET', `/api/blogs/${post.id}/revisions/${id}`, as(editor))).json<BlogPost>();
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('review', 'First words'));
    // Edited while in review: the version sent back is this one, not the one submitted.
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('review', 'Second words'));
    t.clock = START + 60_000;
    const sent = await inject('POST', `/api/blogs/${post.id}/review`, as(editor), {
      decision: 'changes',
      note: 'Say who scored',
    });
    expect(sent.statusCode).toBe(200);

    // Submitted again unchanged: nothing changed since the request.
    t.clock = START + 120_000;
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('review', 'Second words'));
    expect((await info()).sinceChanges).toEqual({
      at: new Date(START + 60_000).toISOString(),
      by: editor.account.name,
      changedSince: false,
      revisionId: null,
    });

    // Changed, then submitted: the diff's base is the version sent back, on the post's page and in the queue alike.
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('draft', 'Second words, Kane scored'));
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('review', 'Second words, Kane scored'));
    const again = await info();
    expect(again).toMatchObject({ changedSince: false, sinceChanges: { changedSince: true } });
    expect(await revision(again.sinceChanges!.revisionId)).toMatchObject({ title: 'Second words' });
    expect((await queued())?.review).toEqual(again);

    // Approved: a later submission is a first one again.
    await inject('POST', `/api/blogs/${post.id}/review`, as(editor), { decision: 'approve' });
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('review', 'Third words'));
    expect((await info()).sinceChanges).toBeNull();
  });
});

describe('notes and notifications', () => {
  it('notes: any staff member reads and writes them, resolves them; bad input is a 400 that stores nothing', async () => {
    const writer = await staff('contributor');
    const author = await staff('author');
    const post = await postIn('draft', writer);
    const add = (who: Staff, text: string) => inject('POST', `/api/blogs/${post.id}/notes`, as(who), { body: text });
    const first = await add(author, 'Check the score');
    expect(first.statusCode).toBe(201);
    expect((await add(writer, '   ')).statusCode).toBe(400);
    expect((await add(writer, 'x'.repeat(2_001))).statusCode).toBe(400);
    expect((await add(writer, 'bad\u0000')).statusCode).toBe(400);
    await add(writer, 'Fixed');
    const note = first.json<EditorialNote>();
    const resolved = await inject('PATCH', `/api/blogs/${post.id}/notes/${note.id}`, as(writer), { resolved: true });
    expect(resolved.json<EditorialNote>()).toMatchObject({ id: note.id, resolved: true });
    const list = (await inject('GET', `/api/blogs/${post.id}/notes`, as(author))).json<EditorialNote[]>();
    expect(list.map((n) => [n.body, n.author.name, n.resolved])).toEqual([
      ['Check the score', author.account.name, true],
      ['Fixed', writer.account.name, false],
    ]);
    expect((await inject('GET', `/api/blogs/${post.id}/notes`, {})).statusCode).toBe(401);
    expect(
      (await inject('PATCH', `/api/blogs/${post.id}/notes/99999`, as(writer), { resolved: true })).statusCode,
    ).toBe(404);
    expect((await inject('GET', '/api/blogs/99999/notes', as(writer))).statusCode).toBe(404);
  });

  it('tells each person what concerns them, newest first, and marks them read', async () => {
    const writer = await staff('contributor');
    const editor = await staff('editor');
    const owner = await staff('owner');
    const author = await staff('author');
    const helper = await staff('contributor');
    const texts = async (who: Staff) => (await notificationsOf(who)).items.map((n) => `${n.kind}: ${n.text}`);

    // Submitted: every editor and owner (not the submitter, not authors or contributors).
    const created = await inject('POST', '/api/blogs', as(writer), body('review', 'Cup run'));
    const post = created.json<BlogPost>();
    const submitted = `submitted: Submitted for review by ${writer.account.name}`;
    expect(await texts(editor)).toEqual([submitted]);
    expect(await texts(owner)).toEqual([submitted]);
    expect(await texts(author)).toEqual([]);
    expect(await texts(writer)).toEqual([]);

    // A note: the creator and everyone who wrote a note on it, except the note's writer.
    await inject('POST', `/api/blogs/${post.id}/notes`, as(helper), { body: 'Add the attendance' });
    expect(await texts(writer)).toEqual([`note: Note by ${helper.account.name}: Add the attendance`]);
    await inject('POST', `/api/blogs/${post.id}/notes`, as(writer), { body: 'Done' });
    expect(await texts(helper)).toEqual([`note: Note by ${writer.account.name}: Done`]);
    expect(await texts(writer)).toHaveLength(1);

    // Changes requested: the creator (and the other note writers hear of the note).
    await inject('POST', `/api/blogs/${post.id}/review`, as(editor), { decision: 'changes', note: 'Shorter intro' });
    expect((await texts(writer))[0]).toBe(`changes: Changes requested by ${editor.account.name}: Shorter intro`);
    expect((await texts(helper))[0]).toBe(`note: Note by ${editor.account.name}: Shorter intro`);

    // Approved by someone else: the creator hears it was published.
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('review', 'Cup run'));
    await inject('POST', `/api/blogs/${post.id}/review`, as(editor), { decision: 'approve' });
    const answer = await notificationsOf(writer);
    expect(answer.items[0]).toEqual({
      id: expect.any(Number),
      kind: 'published',
      postId: post.id,
      postTitle: 'Cup run',
      actor: { name: editor.account.name },
      text: `Approved and published by ${editor.account.name}`,
      createdAt: new Date(START).toISOString(),
      read: false,
    });
    // The note and the request for changes are done once the post is out: only the news of it is unread.
    expect(answer.unread).toBe(1);
    expect(answer.items.slice(1).every((item) => item.read)).toBe(true);

    // Published or scheduled by someone else through a save: the creator; by oneself: nobody.
    const draft = await postIn('draft', author, 'Preview');
    await inject('PUT', `/api/blogs/${draft.id}`, as(editor), body('scheduled', 'Preview'));
    expect((await texts(author))[0]).toBe(`scheduled: Scheduled by ${editor.account.name} for ${LATER}`);
    const mine = await postIn('draft', author, 'Mine');
    await inject('PUT', `/api/blogs/${mine.id}`, as(author), body('published', 'Mine'));
    expect(await texts(author)).toHaveLength(1);

    // Read: some, then all.
    await inject('POST', `/api/blogs/${post.id}/notes`, as(helper), { body: 'Nice one' });
    const first = answer.items[0]!.id;
    expect((await inject('POST', '/api/notifications/read', as(writer), { ids: [first] })).statusCode).toBe(204);
    expect((await notificationsOf(writer)).unread).toBe(1);
    expect((await notificationsOf(writer)).items[1]!.read).toBe(true);
    expect((await inject('POST', '/api/notifications/read', as(writer))).statusCode).toBe(204);
    expect((await notificationsOf(writer)).unread).toBe(0);
    // Ids of another person's notifications change nothing (the editor hears of the note and a new submission).
    await inject('POST', '/api/blogs', as(writer), body('review', 'Derby'));
    await inject('POST', '/api/notifications/read', as(helper), {
      ids: (await notificationsOf(editor)).items.map((n) => n.id),
    });
    expect((await notificationsOf(editor)).unread).toBe(2);
    expect((await inject('POST', '/api/notifications/read', as(writer), { ids: ['x'] })).statusCode).toBe(400);

    // A key has no person behind it: 403; nobody signed in: 401.
    expect((await inject('GET', '/api/notifications', bearer)).statusCode).toBe(403);
    expect((await inject('GET', '/api/notifications', {})).statusCode).toBe(401);
  });
});

describe('the inbox once a post is out or withdrawn', () => {
  it("marks everyone's items about a post read when it is published, approved or withdrawn, and no other post's", async () => {
    const writer = await staff('contributor');
    const editor = await staff('editor');
    const unreadAbout = async (who: Staff, postId: number) =>
      (await notificationsOf(who)).items.filter((item) => item.postId === postId && !item.read).map((n) => n.kind);

    // Withdrawn by its writer: the reviewers' "submitted" is done.
    const withdrawn = (await inject('POST', '/api/blogs', as(writer), body('review', 'Withdrawn'))).json<BlogPost>();
    const other = (await inject('POST', '/api/blogs', as(writer), body('review', 'Other'))).json<BlogPost>();
    expect(await unreadAbout(editor, withdrawn.id)).toEqual(['submitted']);
    await inject('PUT', `/api/blogs/${withdrawn.id}`, as(writer), body('draft', 'Withdrawn'));
    expect(await unreadAbout(editor, withdrawn.id)).toEqual([]);
    expect(await unreadAbout(editor, other.id)).toEqual(['submitted']);

    // Sent back, then published by an editor through a save: the request for changes and the note are done.
    await inject('POST', `/api/blogs/${other.id}/review`, as(editor), { decision: 'changes', note: 'Add a photo' });
    await inject('POST', `/api/blogs/${other.id}/notes`, as(editor), { body: 'And a caption' });
    expect(await unreadAbout(writer, other.id)).toEqual(['note', 'changes']);
    await inject('PUT', `/api/blogs/${other.id}`, as(editor), body('published', 'Other'));
    expect(await unreadAbout(writer, other.id)).toEqual(['published']);
    expect((await notificationsOf(writer)).unread).toBe(1);

    // Approved from the queue: the reviewers' "submitted" is done for every reviewer.
    const owner = await staff('owner');
    const third = (await inject('POST', '/api/blogs', as(writer), body('review', 'Third'))).json<BlogPost>();
    expect(await unreadAbout(owner, third.id)).toEqual(['submitted']);
    await inject('POST', `/api/blogs/${third.id}/review`, as(editor), { decision: 'approve' });
    expect(await unreadAbout(owner, third.id)).toEqual([]);
    expect(await unreadAbout(editor, third.id)).toEqual([]);
  });
});

describe('storage', () => {
  it('upgrades a database of the release before, keeping its posts and accounts', async () => {
    const { config, remove } = await createDatabaseConfig();
    const db = openDatabase(config);
    try {
      expect((await migratorFor(db).migrateTo('20261126_0010_header_image_alt')).error).toBeUndefined();
      await sql`insert into accounts (email, name, role, password_hash, created_at, updated_at)
        values ('owner@touchline.test', 'Owner', 'owner', 'x', '2026-11-25T09:00:00.000Z', '2026-11-25T09:00:00.000Z')`.execute(
        db.kysely,
      );
      // A draft as the release before stored it (its code, not today's, wrote the row).
      await sql`insert into posts (title, icon, author_name, author_title, author_image, publish_date, read_time,
        image_url, status, created_at, updated_at) values ('Old draft', 'Trophy', '', '', '', '', '', '', 'draft',
        '2026-11-25T09:00:00.000Z', '2026-11-25T09:00:00.000Z')`.execute(db.kysely);
      await migrateToLatest(db);
      const [old] = (await listPosts(db, { limit: 10, includeHidden: true })).posts;
      expect([old?.title, old?.status]).toEqual(['Old draft', 'draft']);
      expect(await db.kysely.selectFrom('accounts').select(['title', 'photo']).execute()).toEqual([
        { title: '', photo: '' },
      ]);
      // And down again: the release before's schema.
      expect((await migratorFor(db).migrateTo('20261126_0010_header_image_alt')).error).toBeUndefined();
      expect((await db.kysely.introspection.getTables()).map((table) => table.name)).not.toContain('post_reviews');
    } finally {
      await db.kysely.destroy();
      await remove();
    }
  });

  it('exports a post in review with its notes and review steps, and imports them back', async () => {
    const writer = await staff('contributor');
    const editor = await staff('editor');
    const post = (await inject('POST', '/api/blogs', as(writer), body('review', 'Archived'))).json<BlogPost>();
    await inject('POST', `/api/blogs/${post.id}/review`, as(editor), { decision: 'changes', note: 'Tighten it' });
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('review', 'Archived'));
    await inject('PUT', `/api/blogs/${post.id}`, as(writer), body('review', 'Archived, tightened'));
    await inject('POST', `/api/blogs/${post.id}/notes`, as(editor), { body: 'Better' });
    await inject('PUT', '/api/account/profile', as(writer), { name: 'Sam Writer', title: 'Club reporter', photo: '' });
    const urls = [`/api/blogs/${post.id}`, `/api/blogs/${post.id}/notes`, `/api/blogs/${post.id}/review-steps`];
    const read = async (app: { inject: typeof t.app.inject }) =>
      Promise.all(urls.map(async (url) => (await app.inject({ method: 'GET', url, headers: bearer })).body));
    const before = await read(t.app);
    const reviewBefore = await inject('GET', `/api/blogs/${post.id}/review`, bearer);

    const dir = mkdtempSync(join(tmpdir(), 'touchline-desk-archive-'));
    const target = await createTestDb();
    try {
      await exportArchive(t.db, join(dir, 'blog.touchline'));
      await importArchive(target.db, join(dir, 'blog.touchline'));
      const moved = await startTestApp({ testDb: target, now: () => START });
      try {
        expect(await read(moved.app)).toEqual(before);
        const reviewAfter = await moved.app.inject({
          method: 'GET',
          url: `/api/blogs/${post.id}/review`,
          headers: bearer,
        });
        expect(reviewAfter.json()).toEqual(reviewBefore.json());
        expect(reviewAfter.json<ReviewInfo>().changedSince).toBe(true);
        const profile = await moved.app.inject({
          method: 'GET',
          url: '/api/account/profile',
          headers: { cookie: await signIn(moved.app, writer.account.email) },
        });
        expect(profile.json()).toEqual({ name: 'Sam Writer', title: 'Club reporter', photo: '' });
      } finally {
        await moved.close();
      }
    } finally {
      await target.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bad input', () => {
  it('is a 400 with an error (and details) for every desk body, and changes nothing', async () => {
    const editor = await staff('editor');
    const post = await postIn('review', null);
    const before = await adminRead(post.id);
    const cases: Array<[string, 'POST' | 'PUT' | 'PATCH', string, unknown]> = [
      ['no decision', 'POST', `/api/blogs/${post.id}/review`, {}],
      ['unknown decision', 'POST', `/api/blogs/${post.id}/review`, { decision: 'reject' }],
      ['bad publishAt', 'POST', `/api/blogs/${post.id}/review`, { decision: 'approve', publishAt: 'tomorrow' }],
      ['note not text', 'POST', `/api/blogs/${post.id}/notes`, { body: 42 }],
      ['resolved not boolean', 'PATCH', `/api/blogs/${post.id}/notes/1`, { resolved: 'yes' }],
      ['ids not ids', 'POST', '/api/notifications/read', { ids: [0] }],
      ['profile photo not a URL', 'PUT', '/api/account/profile', { name: 'Kim', title: '', photo: 'javascript:x' }],
      ['profile without a name', 'PUT', '/api/account/profile', { name: ' ', title: '', photo: '' }],
      ['reset without an email', 'POST', '/api/password-reset-requests', { email: 'not an email' }],
    ];
    for (const [label, method, url, payload] of cases) {
      const res = await inject(method, url, as(editor), payload as object);
      expect([label, res.statusCode, typeof res.json<{ error?: unknown }>().error]).toEqual([label, 400, 'string']);
    }
    const text = await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${post.id}/notes`,
      headers: { ...as(editor), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(await adminRead(post.id)).toEqual(before);
    expect(await t.db.kysely.selectFrom('editorial_notes').selectAll().execute()).toEqual([]);
    const profile = await inject('PUT', '/api/account/profile', as(editor), {
      name: 'Kim Editor',
      title: 'Sports editor',
      photo: 'https://photos.example/kim one.jpg',
    });
    expect(profile.json()).toEqual({
      name: 'Kim Editor',
      title: 'Sports editor',
      photo: 'https://photos.example/kim%20one.jpg',
    });
    expect((await inject('GET', '/api/account/profile', bearer)).statusCode).toBe(403);
  });
});
