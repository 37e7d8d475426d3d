// Members travel in the export archive (their tags with them; their links and sessions stay behind) and come back on
// import into another database (PostgreSQL when TEST_DATABASE_URL is set), as the admin's list shows them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemberList } from '../../../src/contract/members';
import { exportArchive, importArchive } from '../../../src/server/archive/archive';
import { signIn, staffSession } from '../helpers/accounts';
import { SAME_ORIGIN, importMembers } from '../helpers/members';
import { startTestApp } from '../helpers/testApp';
import { createTestDb } from '../helpers/testDb';

jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'touchline-members-archive-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('exports members with their status, choices and dates, and imports them as they were', async () => {
  const source = await startTestApp();
  const target = await createTestDb();
  try {
    const owner = await staffSession(source.app, source.db, 'owner');
    const headers = { cookie: owner.cookie, ...SAME_ORIGIN };
    const csv = [
      'email,name,labels,status,all_stories,created_at',
      'ana@example.com,Ana,"football,arsenal",active,false,2024-01-02T10:00:00.000Z',
      'ben@example.com,,,unsubscribed,true,2024-02-03T10:00:00.000Z',
      'cy@example.com,Cy,rugby,bounced,false,2024-03-04T10:00:00.000Z',
    ].join('\n');
    const imported = await importMembers(source.app, headers, csv);
    expect(imported.json()).toEqual({ imported: 3, skipped: [] });
    const list = async (app: typeof source.app, cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/members', headers: { cookie } })).json<MemberList>();
    const before = await list(source.app, owner.cookie);

    const file = join(dir, 'members.touchline');
    const exported = await exportArchive(source.db, file);
    expect(exported.rows).toMatchObject({ members: 3, member_tags: 3 });
    const loaded = await importArchive(target.db, file);
    expect(loaded.rows).toMatchObject({ members: 3, member_tags: 3 });

    const after = await startTestApp({ testDb: target });
    try {
      // The archive brought the owner's account too: sign in as them on the new database.
      const cookie = await signIn(after.app, owner.account.email);
      expect(await list(after.app, cookie)).toEqual(before);
      // Ids go on past the imported ones.
      const more = await importMembers(after.app, { cookie, ...SAME_ORIGIN }, 'dee@example.com');
      expect(more.json()).toEqual({ imported: 1, skipped: [] });
    } finally {
      await after.app.close();
    }
  } finally {
    await source.close();
    await target.drop();
  }
});
