// Migration 0017: names stored before the API refused line breaks in them (accounts, keys, the names copied from them,
// the live score line) get a space for each break, so the blog's archive imports again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { BlogPost } from '../../../src/contract/types';
import { ArchiveError, exportArchive, importArchive } from '../../../src/server/archive/archive';
import type { Database } from '../../../src/server/db/database';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate';
import { validSubmission } from '../fixtures/submissions';
import { createStaff, SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { startTestApp, TOKEN } from '../helpers/testApp';
import { createTestDb } from '../helpers/testDb';

jest.setTimeout(120_000);

const BEFORE = '20261126_0015_live_events';
const MARK = '¦';
// Each column the migration mends, and the break an older release let into it.
const COLUMNS: [keyof Database, string, string][] = [
  ['accounts', 'name', '\n'],
  ['accounts', 'title', '\t'],
  ['api_keys', 'name', '\r\n'],
  ['post_revisions', 'saved_by', '\r'],
  ['live_entries', 'author_name', '\r\n'],
  ['post_reviews', 'submitted_by', '\n'],
  ['review_steps', 'by_name', '\n'],
  ['editorial_notes', 'author_name', '\t'],
  ['live_coverage', 'home', '\n'],
  ['live_coverage', 'clock', '\r\n'],
];

it('turns each line break in a stored name into a space, and the archive of the blog imports again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'touchline-names-'));
  const source = await createTestDb();
  const app = await startTestApp({ testDb: source });
  const targets = [await createTestDb(), await createTestDb()];
  try {
    const bearer = { authorization: `Bearer ${TOKEN}` };
    const owner = await staffSession(app.app, app.db, 'owner');
    const asOwner = { cookie: owner.cookie, ...SAME_ORIGIN };
    const call = async (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: object) => {
      const res = await app.app.inject({ method, url, headers, payload });
      expect([url, res.statusCode]).toEqual([url, res.statusCode < 300 ? res.statusCode : 'a success']);
      return res;
    };
    // Every name column filled through the API, a mark where the break will be.
    await call('PUT', '/api/account/profile', asOwner, {
      name: `Owner${MARK}Person`,
      title: `Chief${MARK}Editor`,
      photo: '',
    });
    const made = await call('POST', '/api/keys', asOwner, { name: `Deploy${MARK}bot` });
    const asKey = { authorization: `Bearer ${made.json<{ key: string }>().key}` };
    const { id } = (await call('POST', '/api/blogs', bearer, validSubmission())).json<BlogPost>();
    await call('PUT', `/api/blogs/${id}`, asKey, validSubmission({ title: 'Edited by the key' }));
    const match = { home: `Rovers${MARK}FC`, away: 'United', clock: `45${MARK}+2` };
    await call('PUT', `/api/blogs/${id}/live`, bearer, { state: 'live', match });
    await call('POST', `/api/blogs/${id}/entries`, asKey, { body: 'Kick-off' });
    await call('POST', `/api/blogs/${id}/notes`, asOwner, { body: 'Check the line-ups' });
    await call('PUT', `/api/blogs/${id}`, asOwner, { ...validSubmission(), status: 'review' });
    // As an older release stored them: the marks become the breaks it let in.
    for (const [table, column, brk] of COLUMNS) {
      const updated =
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = replace(${sql.ref(column)}, ${MARK}, ${brk})
        where ${sql.ref(column)} like ${`%${MARK}%`}`.execute(app.db.kysely);
      expect([table, column, Number(updated.numAffectedRows) > 0]).toEqual([table, column, true]);
    }

    // An account an older release named after its long email, and a note it wrote under that name.
    const long = await createStaff(app.db, 'author', `${'n'.repeat(120)}@touchline.test`, 'n'.repeat(120));
    await app.db.kysely
      .insertInto('editorial_notes')
      .values({
        post_id: id,
        body: 'Long name',
        author_account_id: long.id,
        author_name: long.name,
        created_at: '2026-11-28T09:00:00.000Z',
      })
      .execute();

    // Until the migration runs, the blog's archive does not import: the import holds names to the API's rule.
    const broken = join(dir, 'broken.touchline');
    await exportArchive(source.db, broken);
    const refused = await importArchive(targets[0]!.db, broken).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ArchiveError);
    expect((refused as Error).message).toMatch(/: name: must be a single line$/);

    // The migration as it runs on a database an older release left: one space for each break (CRLF is one).
    expect((await migratorFor(source.db).migrateTo(BEFORE)).error).toBeUndefined();
    await migrateToLatest(source.db);
    for (const [table, column] of COLUMNS) {
      const rows = await sql<{ value: string }>`select ${sql.ref(column)} as value from ${sql.table(table)}`.execute(
        source.db.kysely,
      );
      const values = rows.rows.map((row) => row.value);
      expect([table, column, values.filter((value) => /[\t\r\n]/.test(value))]).toEqual([table, column, []]);
      expect([table, column, values.some((value) => /^\S+ \S+$/.test(value))]).toEqual([table, column, true]);
    }
    const names = await source.db.kysely.selectFrom('accounts').select(['name', 'title']).orderBy('id').execute();
    expect(names).toEqual([
      { name: 'Owner Person', title: 'Chief Editor' },
      { name: 'n'.repeat(100), title: '' },
    ]);

    const mended = join(dir, 'mended.touchline');
    await exportArchive(source.db, mended);
    await importArchive(targets[1]!.db, mended);
    const keys = await targets[1]!.db.kysely.selectFrom('api_keys').select('name').execute();
    expect(keys).toEqual([{ name: 'Deploy bot' }]);
    const notes = await targets[1]!.db.kysely
      .selectFrom('editorial_notes')
      .select('author_name')
      .orderBy('id')
      .execute();
    expect(notes).toEqual([{ author_name: 'Owner Person' }, { author_name: 'n'.repeat(100) }]);
  } finally {
    await app.close();
    for (const db of [source, ...targets]) await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
