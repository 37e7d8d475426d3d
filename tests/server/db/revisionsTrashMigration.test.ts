// A database written by the release before revisions and the trash (migration 0005) upgrades at start with no step.
import { sql } from 'kysely';
import type { BlogSummary } from '../../../src/contract/types';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate';
import { startTestApp, TOKEN } from '../helpers/testApp';
import { createDatabaseConfig } from '../helpers/testDb';

it('keeps every existing post out of the trash, with no history, and trashable', async () => {
  const { config, remove } = await createDatabaseConfig();
  const db = openDatabase(config);
  try {
    const { error } = await migratorFor(db).migrateTo('20261123_0003_post_status');
    expect(error).toBeUndefined();
    await sql`insert into posts (title, icon, author_name, author_title, author_image, publish_date, read_time,
      image_url, created_at, updated_at) values ('Old story', 'Trophy', 'Sam', '', '', 'March 1, 2024', '5 min read',
      '', '2024-03-01T10:00:00.000Z', '2024-03-01T10:00:00.000Z')`.execute(db.kysely);

    await migrateToLatest(db);

    const t = await startTestApp({ testDb: { db, config, drop: async () => undefined } });
    const bearer = { authorization: `Bearer ${TOKEN}` };
    try {
      const [post] = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json<BlogSummary[]>();
      expect(post).toMatchObject({ title: 'Old story', status: 'published' });
      const history = await t.app.inject({ method: 'GET', url: `/api/blogs/${post!.id}/revisions`, headers: bearer });
      expect(history.json()).toEqual([]);
      const trash = await t.app.inject({ method: 'GET', url: '/api/blogs?status=trash', headers: bearer });
      expect(trash.json()).toEqual([]);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/blogs/${post!.id}`, headers: bearer })).statusCode,
      ).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: '/api/blogs' })).json()).toEqual([]);
    } finally {
      await t.close();
    }
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});
