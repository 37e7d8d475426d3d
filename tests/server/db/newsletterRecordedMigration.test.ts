// Migration 0030 (posts.newsletter_recorded) on a database the mail-claim release left: a post that already has its
// dispatch row is recorded, a draft is not; the dispatcher's look then gives the draft its row once it is published
// and never looks at a recorded post again; going down drops the column and keeps every post and dispatch row.
import { sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/database';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate';
import { recordNewlyPublic } from '../../../src/server/newsletters/newsletterRepository';
import { createDatabaseConfig } from '../helpers/testDb';

const BEFORE = '20261128_0029_mail_claim_index';
const AT = '2026-11-28T09:00:00.000Z';

it('records the posts that have a dispatch row, and the look gives a newly public one its row', async () => {
  const { config, remove } = await createDatabaseConfig();
  const db = openDatabase(config);
  const addPost = async (title: string, status: string, newsletter: number) =>
    (
      await sql<{ id: number }>`insert into posts
        (title, icon, author_name, author_title, author_image, publish_date, read_time, image_url, created_at,
        updated_at, status, newsletter) values (${title}, 'Trophy', '', '', '', 'March 14, 2024', '5 min read', '',
        ${AT}, ${AT}, ${status}, ${newsletter}) returning id`.execute(db.kysely)
    ).rows[0]!.id;
  const recorded = async () =>
    (
      await sql<{ title: string; newsletter_recorded: number }>`select title, newsletter_recorded from posts
        order by id`.execute(db.kysely)
    ).rows.map((row) => [row.title, Number(row.newsletter_recorded)]);
  const dispatches = async () =>
    (
      await sql<{ title: string; state: string }>`select posts.title, newsletter_dispatches.state
        from newsletter_dispatches join posts on posts.id = newsletter_dispatches.post_id order by posts.id`.execute(
        db.kysely,
      )
    ).rows.map((row) => [row.title, row.state]);
  try {
    expect((await migratorFor(db).migrateTo(BEFORE)).error).toBeUndefined();
    // Public before newsletters shipped (its 'before' row), mailed since, and a draft with no row.
    const old = await addPost('Old report', 'published', 0);
    const mailed = await addPost('Cup final', 'published', 1);
    await addPost('Derby preview', 'draft', 1);
    await sql`insert into newsletter_dispatches (post_id, state, started_at) values (${old}, 'before', ${AT}),
      (${mailed}, 'done', ${AT})`.execute(db.kysely);

    await migrateToLatest(db);
    expect(await recorded()).toEqual([
      ['Old report', 1],
      ['Cup final', 1],
      ['Derby preview', 0],
    ]);
    // The draft is published: the look gives it its row and records it; the posts that had one keep theirs.
    await sql`update posts set status = 'published' where title = 'Derby preview'`.execute(db.kysely);
    await recordNewlyPublic(db, new Date('2026-11-29T10:00:00.000Z'));
    expect(await dispatches()).toEqual([
      ['Old report', 'before'],
      ['Cup final', 'done'],
      ['Derby preview', 'queuing'],
    ]);
    expect(await recorded()).toEqual([
      ['Old report', 1],
      ['Cup final', 1],
      ['Derby preview', 1],
    ]);
    // A row written by another process or an import, its post not yet recorded: the look records it, adds no row.
    const imported = await addPost('Imported', 'published', 1);
    await sql`insert into newsletter_dispatches (post_id, state, started_at) values (${imported}, 'done', ${AT})`.execute(
      db.kysely,
    );
    await recordNewlyPublic(db, new Date('2026-11-29T10:00:00.000Z'));
    expect((await dispatches()).at(-1)).toEqual(['Imported', 'done']);
    expect((await recorded()).at(-1)).toEqual(['Imported', 1]);

    expect((await migratorFor(db).migrateTo(BEFORE)).error).toBeUndefined();
    const columns = (await db.kysely.introspection.getTables())
      .find((table) => table.name === 'posts')!
      .columns.map((column) => column.name);
    expect(columns).not.toContain('newsletter_recorded');
    expect(await dispatches()).toHaveLength(4);
  } finally {
    await db.kysely.destroy();
    await remove();
  }
});
