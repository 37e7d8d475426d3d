// Notes and submissions for review are limited per account (each may mail several people), shared by every process
// on the database: past the limit a 429 with Retry-After and an error, and nothing is written.
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { TOKEN, useTestApp } from '../helpers/testApp';

const HOUR = 3_600_000;
const t = useTestApp({
  sharedApp: true,
  now: Date.parse('2026-11-28T09:00:00.000Z'),
  alsoEmpty: ['accounts'],
  attemptLimits: { deskWrites: { max: 3, windowMs: HOUR } },
});

type Who = { cookie: string };
const as = (who: Who) => ({ cookie: who.cookie, ...SAME_ORIGIN });
const note = (who: Who, postId: number, body = 'See https://example.com/x') =>
  t.app.inject({ method: 'POST', url: `/api/blogs/${postId}/notes`, headers: as(who), payload: { body } });
const create = (headers: Record<string, string>, status: 'draft' | 'review') =>
  t.app.inject({ method: 'POST', url: '/api/blogs', headers, payload: { ...validSubmission(), status } });
const save = (who: Who, id: number, status: 'draft' | 'review') =>
  t.app.inject({ method: 'PUT', url: `/api/blogs/${id}`, headers: as(who), payload: { ...validSubmission(), status } });
const expectLimited = (res: Awaited<ReturnType<typeof note>>) => {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({
    error: 'Too many notes and submissions for review from this account. Try again later.',
  });
};
const countRows = async (table: 'editorial_notes' | 'posts') =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

it('limits the notes of an account, then lets it write again once the window has passed', async () => {
  const writer = await staffSession(t.app, t.db, 'contributor');
  const other = await staffSession(t.app, t.db, 'editor');
  const post = (await create({ authorization: `Bearer ${TOKEN}` }, 'draft')).json<BlogPost>();
  for (let i = 0; i < 3; i += 1) expect((await note(writer, post.id)).statusCode).toBe(201);
  expectLimited(await note(writer, post.id));
  expect(await countRows('editorial_notes')).toBe(3);
  // Another account, and a key, are not held back by it.
  expect((await note(other, post.id)).statusCode).toBe(201);
  t.clock += HOUR;
  expect((await note(writer, post.id)).statusCode).toBe(201);
});

it('counts a submission (created in review or moved there), not an edit of a post already in review or a draft', async () => {
  const writer = await staffSession(t.app, t.db, 'contributor');
  const first = (await create(as(writer), 'review')).json<BlogPost>();
  // Editing a post in review keeps it submitted: no new submission.
  expect((await save(writer, first.id, 'review')).statusCode).toBe(200);
  expect((await save(writer, first.id, 'draft')).statusCode).toBe(200);
  expect((await save(writer, first.id, 'review')).statusCode).toBe(200);
  const draft = (await create(as(writer), 'draft')).json<BlogPost>();
  expect((await note(writer, draft.id)).statusCode).toBe(201);
  // Three counted: the limit is reached for submissions and notes alike.
  expectLimited(await save(writer, draft.id, 'review'));
  expect(
    (await t.app.inject({ method: 'GET', url: `/api/blogs/${draft.id}`, headers: as(writer) })).json<BlogPost>().status,
  ).toBe('draft');
  const before = await countRows('posts');
  expectLimited(await create(as(writer), 'review'));
  expect(await countRows('posts')).toBe(before);
  // Drafts are still saved, and the admin token (a script's key, no account) is not counted.
  expect((await create(as(writer), 'draft')).statusCode).toBe(201);
  for (let i = 0; i < 4; i += 1)
    expect((await create({ authorization: `Bearer ${TOKEN}` }, 'review')).statusCode).toBe(201);
});
