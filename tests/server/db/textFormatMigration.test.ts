// Migration 0011 (posts.text_format) goes up on a database of the release before it: every existing post becomes
// 'plain' (it renders exactly as before), no other value is stored, and it comes down again leaving that schema.
import { sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import { migratorFor } from '../../../src/server/db/migrate';
import { findPost } from '../../../src/server/repositories/postsRepository';
import { createDatabaseConfig } from '../helpers/testDb';

const BEFORE = '20261126_0010_header_image_alt';
const THIS = '20261126_0011_text_format';

it("makes every existing post 'plain', takes only 'plain' or 'marks', and is removed going down", async () => {
  const { config, remove } = await createDatabaseConfig();
  const db = openDatabase(config);
  // Asked of the schema, not by a failing query (see signInAttemptsMigration.test.ts).
  const columns = async () =>
    (await db.kysely.introspection.getTables()).find((table) => table.name === 'posts')?.columns.map((c) => c.name);
  try {
    expect((await migratorFor(db).migrateTo(BEFORE)).error).toBeUndefined();
    await sql`insert into posts (title, icon, author_name, author_title, author_image, publish_date, read_time,
      image_url, created_at, status, updated_at)
      values ('Old *stars* post', 'Trophy', '', '', '', '', '', '', '2026-11-25T09:00:00.000Z', 'published',
      '2026-11-25T09:00:00.000Z')`.execute(db.kysely);

    expect((await migratorFor(db).migrateTo(THIS)).error).toBeUndefined();
    const [old] = await db.kysely.selectFrom('posts').select(['id', 'text_format']).execute();
    expect(old?.text_format).toBe('plain');
    expect((await findPost(db, old!.id))?.textFormat).toBe('plain');

    // The check refuses any other format (a statement that fails, read as a rejected promise's message).
    const refused = await sql`update posts set text_format = 'html'`.execute(db.kysely).then(
      () => 'stored',
      (error: unknown) => String((error as { message?: unknown }).message),
    );
    expect(refused).toMatch(/check/i);
    await sql`update posts set text_format = 'marks'`.execute(db.kysely);
    expect((await findPost(db, old!.id))?.textFormat).toBe('marks');

    expect((await migratorFor(db).migrateTo(BEFORE)).error).toBeUndefined();
    expect(await columns()).not.toContain('text_format');
    expect(await db.kysely.selectFrom('posts').select('title').execute()).toEqual([{ title: 'Old *stars* post' }]);
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});
