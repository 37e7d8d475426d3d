// Migration 0026 lets a notification have no post (a notice about the person's own account) on a database the
// second-factor release left, with no manual step: every notification, its id sequence, its index and its cascades
// are kept; going down removes the notices without a post and makes a post required again.
import { sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import type { Db } from '../../../src/server/db/database';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate';
import { createDatabaseConfig } from '../helpers/testDb';

const BEFORE = '20261128_0022_second_factors';
const AT = '2026-11-28T09:00:00.000Z';

const postIdNullable = async (db: Db) => {
  const tables = await db.kysely.introspection.getTables();
  const column = tables.find((table) => table.name === 'notifications')!.columns.find((c) => c.name === 'post_id')!;
  return column.isNullable;
};
const indexesOf = async (db: Db) =>
  db.dialect === 'postgres'
    ? (
        await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'notifications'
          and indexname not like '%pkey'`.execute(db.kysely)
      ).rows.map((row) => row.name)
    : (
        await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'notifications'
          and name not like 'sqlite_autoindex%'`.execute(db.kysely)
      ).rows.map((row) => row.name);

it('keeps every notification and lets a new one have no post, then goes down again', async () => {
  const { config, remove } = await createDatabaseConfig();
  const db = openDatabase(config);
  const notifications = () =>
    sql<{ id: number; account_id: number; kind: string; post_id: number | null; text: string; read_at: unknown }>`
      select id, account_id, kind, post_id, text, read_at from notifications order by id`
      .execute(db.kysely)
      .then((result) => result.rows.map((row) => ({ ...row, read: row.read_at !== null, read_at: undefined })));
  try {
    // A database as the second-factor release left it, with notifications in it.
    expect((await migratorFor(db).migrateTo(BEFORE)).error).toBeUndefined();
    expect(await postIdNullable(db)).toBe(false);
    const account = (
      await sql<{ id: number }>`insert into accounts (email, name, role, password_hash, created_at, updated_at)
        values ('editor@touchline.test', 'Eddie', 'editor', 'x', ${AT}, ${AT}) returning id`.execute(db.kysely)
    ).rows[0]!.id;
    const addPost = async (title: string) =>
      (
        await sql<{ id: number }>`insert into posts
          (title, icon, author_name, author_title, author_image, publish_date, read_time, image_url, created_at,
          updated_at) values (${title}, 'Trophy', '', '', '', 'March 14, 2024', '5 min read', '', ${AT}, ${AT})
          returning id`.execute(db.kysely)
      ).rows[0]!.id;
    const [cup, derby] = [await addPost('Cup final'), await addPost('Derby')];
    for (const [post, text, read] of [
      [cup, 'Submitted for review by Sam', true],
      [derby, 'Published by Kim', false],
      [cup, 'Note from Kim', false],
    ] as const)
      await sql`insert into notifications (account_id, kind, post_id, actor_name, text, created_at, read_at)
        values (${account}, 'note', ${post}, 'Kim', ${text}, ${AT}, ${read ? AT : null})`.execute(db.kysely);
    // The newest one gone: its id is not to be given again.
    await sql`delete from notifications where text = 'Note from Kim'`.execute(db.kysely);
    const before = await notifications();
    expect(before).toHaveLength(2);

    await migrateToLatest(db);
    expect(await postIdNullable(db)).toBe(true);
    expect(await notifications()).toEqual(before);
    expect(await indexesOf(db)).toEqual(['notifications_account']);
    const notice = await sql<{ id: number }>`insert into notifications (account_id, kind, post_id, actor_name, text,
      created_at) values (${account}, 'account', null, 'Eddie', 'Your authenticator app was turned on.', ${AT})
      returning id`.execute(db.kysely);
    expect(notice.rows[0]!.id).toBe(4);
    // A post's notifications still go with it; the account's stay.
    await sql`delete from posts where id = ${derby}`.execute(db.kysely);
    expect((await notifications()).map((row) => row.text)).toEqual([
      'Submitted for review by Sam',
      'Your authenticator app was turned on.',
    ]);

    expect((await migratorFor(db).migrateTo(BEFORE)).error).toBeUndefined();
    expect(await postIdNullable(db)).toBe(false);
    expect((await notifications()).map((row) => row.text)).toEqual(['Submitted for review by Sam']);
    expect(await indexesOf(db)).toEqual(['notifications_account']);
    // An account's removal still takes its notifications along.
    await sql`delete from accounts where id = ${account}`.execute(db.kysely);
    expect(await notifications()).toEqual([]);
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});
