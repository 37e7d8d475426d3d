// A database written by the release before post status (migration 0003) upgrades at start with no manual step.
import { sql } from 'kysely';
import type { BlogPost, BlogSummary } from '../../../src/contract/types';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate';
import { validSubmission } from '../fixtures/submissions';
import { startTestApp, TOKEN } from '../helpers/testApp';
import { createDatabaseConfig } from '../helpers/testDb';

it('keeps every existing post published, with updatedAt = createdAt, and editable with the ETag GET gives', async () => {
  const { config, remove } = await createDatabaseConfig();
  const db = openDatabase(config);
  try {
    const { error } = await migratorFor(db).migrateTo('20261122_0001_create_posts');
    expect(error).toBeUndefined();
    // Rows as the old code wrote them: no status columns exist yet. The second keeps the column default (on
    // PostgreSQL now(), with microseconds).
    await sql`insert into posts (title, icon, author_name, author_title, author_image, publish_date, read_time,
      image_url, created_at) values ('Old story', 'Trophy', 'Sam', '', '', 'March 1, 2024', '5 min read', '',
      '2024-03-01T10:00:00.000Z')`.execute(db.kysely);
    await sql`insert into posts (title, icon, author_name, author_title, author_image, publish_date, read_time,
      image_url) values ('Older default', '', '', '', '', '', '', '')`.execute(db.kysely);
    const { id: oldId } = await db.kysely
      .selectFrom('posts')
      .select('id')
      .where('title', '=', 'Old story')
      .executeTakeFirstOrThrow();
    await sql`insert into sections (post_id, position, type, icon, title, paragraph, content)
      values (${oldId}, 0, 'single-paragraph', 'Camera', 'Kept', 'Still here.', '["a"]')`.execute(db.kysely);

    await migrateToLatest(db);

    const t = await startTestApp({ testDb: { db, config, drop: async () => undefined } });
    try {
      const list = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json<BlogSummary[]>();
      expect(list.map((p) => p.title)).toEqual(['Older default', 'Old story']);
      for (const post of list) {
        expect(post).toMatchObject({ status: 'published', publishAt: null, updatedAt: post.createdAt });
      }
      const read = await t.app.inject({ method: 'GET', url: `/api/blogs/${oldId}` });
      expect(read.json<BlogPost>()).toMatchObject({
        title: 'Old story',
        createdAt: '2024-03-01T10:00:00.000Z',
        updatedAt: '2024-03-01T10:00:00.000Z',
        sections: [{ title: 'Kept', list: [{ item: 'a' }] }],
      });

      // The precise If-Match path works on upgraded rows too, the one created with now() included.
      for (const post of list) {
        const etag = (await t.app.inject({ method: 'GET', url: `/api/blogs/${post.id}` })).headers.etag as string;
        const put = await t.app.inject({
          method: 'PUT',
          url: `/api/blogs/${post.id}`,
          payload: validSubmission({ title: `${post.title}, edited` }),
          headers: { authorization: `Bearer ${TOKEN}`, 'if-match': etag },
        });
        expect(put.statusCode).toBe(200);
      }
      const revision = await db.kysely.selectFrom('content_revision').selectAll().execute();
      expect(revision).toEqual([{ id: 1, revision: 2 }]);
    } finally {
      await t.app.close();
    }
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});
