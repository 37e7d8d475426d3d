// The status-only write a review decision makes, beside the full replacement a PUT or a restore makes.
import * as z from 'zod/mini';
import { blogSubmissionSchema } from '../../../src/contract/schemas';
import { createPost, findPost, setPostStatus } from '../../../src/server/repositories/postsRepository';
import { listRevisions } from '../../../src/server/repositories/revisionsRepository';
import { validSubmission } from '../fixtures/submissions';
import { createTestDb } from '../helpers/testDb';
import type { TestDb } from '../helpers/testDb';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.drop());

const at = new Date('2026-03-01T10:00:00.000Z');

async function storedPost() {
  const input = z.parse(blogSubmissionSchema, { ...validSubmission({ tags: ['Derby'] }), status: 'draft' });
  return createPost(testDb.db, input, at);
}

describe('setPostStatus', () => {
  it('changes the status and publishAt alone, keeping the version it replaced as a revision', async () => {
    const { db } = testDb;
    const before = await storedPost();
    const later = new Date(at.getTime() + 60_000);
    const result = await setPostStatus(
      db,
      before.id,
      { status: 'published', publishAt: null },
      { replaced: before, now: later, by: { accountId: null, name: 'Editor' } },
    );
    expect(result.outcome).toBe('done');
    const after = await findPost(db, before.id, { includeHidden: true, now: later });
    expect(after).toEqual({ ...before, status: 'published', publishAt: null, updatedAt: later.toISOString() });
    expect((await listRevisions(db, before.id))?.map((revision) => revision.savedBy)).toEqual(['Editor']);
  });

  it('stores review as a draft, and refuses a version that is no longer current', async () => {
    const { db } = testDb;
    const before = await storedPost();
    const stale = { ...before, updatedAt: '2026-01-01T00:00:00.000Z' };
    const refused = await setPostStatus(db, before.id, { status: 'published', publishAt: null }, { replaced: stale });
    expect(refused.outcome).toBe('conflict');
    const review = await setPostStatus(db, before.id, { status: 'review', publishAt: null }, { replaced: before });
    expect(review.outcome).toBe('done');
    const row = await db.kysely.selectFrom('posts').select('status').where('id', '=', before.id).executeTakeFirst();
    expect(row?.status).toBe('draft');
  });
});
