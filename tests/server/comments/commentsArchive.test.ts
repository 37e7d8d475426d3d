// Comments follow their post to the trash and back, travel in the export archive with their reports, and come back on
// import into another database (PostgreSQL when TEST_DATABASE_URL is set).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportArchive, importArchive } from '../../../src/server/archive/archive';
import { insertComment } from '../../../src/server/repositories/commentsRepository';
import { startTestApp } from '../helpers/testApp';
import { createTestDb } from '../helpers/testDb';
import { bearer, publicPost, readComments } from './helpers';

jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'touchline-comments-archive-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function member(db: Awaited<ReturnType<typeof createTestDb>>['db'], email: string, name: string) {
  const row = await db.kysely
    .insertInto('members')
    .values({ email, name, status: 'active', all_posts: 1, created_at: '2026-11-01T10:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

it('exports comments and their reports, and imports them as they were', async () => {
  const source = await startTestApp();
  const target = await createTestDb();
  try {
    const post = await publicPost(source.app);
    const ada = await member(source.db, 'ada@example.com', 'Ada');
    const bo = await member(source.db, 'bo@example.com', 'Bo');
    const at = new Date();
    const top = await insertComment(
      source.db.kysely,
      { postId: post, memberId: ada, parentId: null, body: 'Top <b>', status: 'approved' },
      at,
    );
    await insertComment(
      source.db.kysely,
      { postId: post, memberId: bo, parentId: top, body: 'Reply', status: 'approved' },
      at,
    );
    await insertComment(
      source.db.kysely,
      { postId: post, memberId: bo, parentId: null, body: 'Waiting', status: 'pending' },
      at,
    );
    await source.db.kysely
      .insertInto('comment_reports')
      .values({ comment_id: top, member_id: bo, reason: 'rude', created_at: at.toISOString() })
      .execute();
    const before = (await readComments(source.app, post)).json();
    expect(before.items.map((c: { body: string }) => c.body)).toEqual(['Top <b>', 'Reply']);

    const file = join(dir, 'comments.touchline');
    const exported = await exportArchive(source.db, file);
    expect(exported.rows).toMatchObject({ comments: 3, comment_reports: 1 });
    const loaded = await importArchive(target.db, file);
    expect(loaded.rows).toMatchObject({ comments: 3, comment_reports: 1 });

    const after = await startTestApp({ testDb: target });
    try {
      expect((await readComments(after.app, post)).json()).toEqual(before);
      const desk = await target.db.kysely.selectFrom('comments').select(['body', 'status']).orderBy('id').execute();
      expect(desk).toEqual([
        { body: 'Top <b>', status: 'approved' },
        { body: 'Reply', status: 'approved' },
        { body: 'Waiting', status: 'pending' },
      ]);
    } finally {
      await after.app.close();
    }
  } finally {
    await source.close();
    await target.drop();
  }
});

it('hides comments with their post in the trash and shows them again when it comes back', async () => {
  const t = await startTestApp();
  try {
    const post = await publicPost(t.app);
    const ada = await member(t.db, 'ada@example.com', 'Ada');
    await insertComment(
      t.db.kysely,
      { postId: post, memberId: ada, parentId: null, body: 'Kept', status: 'approved' },
      new Date(),
    );
    const trashed = await t.app.inject({ method: 'DELETE', url: `/api/blogs/${post}`, headers: bearer });
    expect(trashed.statusCode).toBe(204);
    expect((await readComments(t.app, post)).statusCode).toBe(404);
    const restored = await t.app.inject({ method: 'POST', url: `/api/blogs/${post}/restore`, headers: bearer });
    expect(restored.statusCode).toBe(200);
    expect((await readComments(t.app, post)).json().items.map((c: { body: string }) => c.body)).toEqual(['Kept']);
  } finally {
    await t.close();
  }
});
