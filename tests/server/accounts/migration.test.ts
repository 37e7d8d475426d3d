// Older databases upgrade at start with no manual step: from before accounts (0003), and before invitation senders.
import { sql } from 'kysely';
import type { AdminBlogPost } from '../../../src/contract/types';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate';
import { sha256Hex } from '../../../src/server/accounts/sessions';
import { PASSWORD, SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { startTestApp } from '../helpers/testApp';
import { createDatabaseConfig } from '../helpers/testDb';

it('keeps existing posts (naming no account) and lets a new account edit them', async () => {
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
    try {
      const editor = await staffSession(t.app, db, 'editor');
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/blogs?status=all',
        headers: { cookie: editor.cookie },
      });
      const [old] = list.json<AdminBlogPost[]>();
      expect(old).toMatchObject({ title: 'Old story', createdBy: null, updatedBy: null });
      const read = await t.app.inject({ method: 'GET', url: `/api/blogs/${old!.id}` });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/blogs/${old!.id}`,
        headers: { cookie: editor.cookie, ...SAME_ORIGIN, 'if-match': read.headers.etag as string },
        payload: { header: { title: 'Old story, edited' }, footer: {}, products: [] },
      });
      expect(res.statusCode).toBe(200);
      const after = await t.app.inject({
        method: 'GET',
        url: `/api/blogs/${old!.id}`,
        headers: { cookie: editor.cookie },
      });
      expect(after.json()).toMatchObject({
        createdBy: null,
        updatedBy: { id: editor.account.id, name: editor.account.name },
      });
    } finally {
      await t.close();
    }
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});

it('keeps an invitation sent before senders were recorded: it names no sender and still signs up', async () => {
  const { config, remove } = await createDatabaseConfig();
  const db = openDatabase(config);
  try {
    const { error } = await migratorFor(db).migrateTo('20261125_0007_search_storage');
    expect(error).toBeUndefined();
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    await sql`insert into invitations (token_hash, email, role, expires_at, created_at)
      values (${sha256Hex('old-code')}, 'old@touchline.test', 'author', ${expires}, ${new Date().toISOString()})`.execute(
      db.kysely,
    );

    await migrateToLatest(db);

    const t = await startTestApp({ testDb: { db, config, drop: async () => undefined } });
    try {
      const owner = await staffSession(t.app, db, 'owner');
      const listed = await t.app.inject({ method: 'GET', url: '/api/invitations', headers: { cookie: owner.cookie } });
      expect(listed.json()).toEqual([expect.objectContaining({ email: 'old@touchline.test', invitedBy: null })]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { invitation: 'old-code', email: 'old@touchline.test', password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});
