// A database written by the release before tags and search (migration 0006) upgrades at start with no manual step: its
// posts have no tags and are found by search at once. One written by 0006 keeps its posts findable through 0007.
import { sql } from 'kysely';
import type { BlogPost, SearchAnswer, TagCount } from '../../../src/contract/types';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate';
import { rebuildSearchIndex } from '../../../src/server/search/searchIndex';
import { startTestApp } from '../helpers/testApp';
import { createDatabaseConfig } from '../helpers/testDb';

it('gives existing posts no tags and indexes them for search', async () => {
  const { config, remove } = await createDatabaseConfig();
  const db = openDatabase(config);
  try {
    const { error } = await migratorFor(db).migrateTo('20261123_0003_post_status');
    expect(error).toBeUndefined();
    await sql`insert into posts (title, icon, author_name, author_title, author_image, publish_date, read_time,
      image_url, created_at, updated_at) values ('Old derby story', 'Trophy', 'Sam Mbappé', '', '', 'March 1, 2024',
      '5 min read', '', '2024-03-01T10:00:00.000Z', '2024-03-01T10:00:00.000Z')`.execute(db.kysely);
    const { id } = await db.kysely.selectFrom('posts').select('id').executeTakeFirstOrThrow();
    await sql`insert into sections (post_id, position, type, icon, title, paragraph, content)
      values (${id}, 0, 'two-column', 'Camera', 'Kept', 'Still here.', '[{"heading":"Goalkeepers","list":["gloves"]}]')`.execute(
      db.kysely,
    );

    await migrateToLatest(db);

    const t = await startTestApp({ testDb: { db, config, drop: async () => undefined } });
    try {
      const read = await t.app.inject({ method: 'GET', url: `/api/blogs/${id}` });
      expect(read.json<BlogPost>().tags).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/tags' })).json<TagCount[]>()).toEqual([]);
      for (const q of ['derby', 'goalkeeper', 'glove', 'mbappe']) {
        const found = (await t.app.inject({ method: 'GET', url: `/api/search?q=${q}` })).json<SearchAnswer>();
        expect({ q, ids: found.items.map((item) => item.id) }).toEqual({ q, ids: [id] });
      }
    } finally {
      await t.close();
    }
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});

it('keeps every indexed post findable through the search index upgrade (migration 0007)', async () => {
  const { config, remove } = await createDatabaseConfig();
  const db = openDatabase(config);
  try {
    const { error } = await migratorFor(db).migrateTo('20261125_0006_tags_search');
    expect(error).toBeUndefined();
    await sql`insert into posts (title, icon, author_name, author_title, author_image, publish_date, read_time,
      image_url, created_at, updated_at, status) values ('Marathon record falls', 'Trophy', 'Sam Rivera', '', '',
      'March 1, 2024', '5 min read', '', '2024-03-01T10:00:00.000Z', '2024-03-01T10:00:00.000Z', 'published')`.execute(
      db.kysely,
    );
    const { id } = await db.kysely.selectFrom('posts').select('id').executeTakeFirstOrThrow();
    await sql`insert into sections (post_id, position, type, icon, title, paragraph, content)
      values (${id}, 0, 'single-paragraph', 'Camera', '', 'A new world record on the hills.', '[]')`.execute(db.kysely);
    // Index rows written before 0007 changes how PostgreSQL stores them.
    await rebuildSearchIndex(db);

    await migrateToLatest(db);

    const t = await startTestApp({ testDb: { db, config, drop: async () => undefined } });
    try {
      for (const q of ['marathon', '"world record"', 'hills -ocean', 'record -hills']) {
        const found = (
          await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` })
        ).json<SearchAnswer>();
        expect({ q, ids: found.items.map((item) => item.id) }).toEqual({ q, ids: q === 'record -hills' ? [] : [id] });
      }
    } finally {
      await t.close();
    }
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});
