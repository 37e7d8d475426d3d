// The admin's members API: editors and owners only (never another role, a key or ADMIN_TOKEN); the list with its
// search, filters, counts and pages; removal; the CSV export; the CSV import and its report by line number.
import { parse } from 'csv-parse/sync';
import { staffSession } from '../helpers/accounts';
import { SAME_ORIGIN, importMembers, staffHeaders, useMembersApp } from '../helpers/members';
import { TOKEN } from '../helpers/testApp';
import type { MemberImportReport, MemberList } from '../../../src/contract/members';

jest.setTimeout(120_000);

const t = useMembersApp({ now: undefined, alsoEmpty: ['api_keys'] });

const editor = () => staffHeaders(t.app, t.db, 'editor');
const importCsv = (headers: Record<string, string>, csv: string) => importMembers(t.app, headers, csv);

async function seedMembers(count: number) {
  const rows = ['email,name,labels,status'];
  const statuses = ['active', 'pending', 'unsubscribed', 'bounced'];
  for (let i = 0; i < count; i += 1)
    rows.push(
      `m${String(i).padStart(3, '0')}@example.com,Member ${i},${i % 2 === 0 ? 'football' : 'rugby'},${statuses[i % 4]}`,
    );
  const res = await importCsv(await staffHeaders(t.app, t.db, 'owner'), rows.join('\n'));
  expect(res.json<MemberImportReport>()).toEqual({ imported: count, skipped: [] });
}

describe('who may manage members', () => {
  it('lets editors and owners in, and refuses authors, contributors, API keys and ADMIN_TOKEN', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: owner.cookie, ...SAME_ORIGIN },
      payload: { name: 'Script' },
    });
    const refused: Record<string, string>[] = [
      await staffHeaders(t.app, t.db, 'author'),
      await staffHeaders(t.app, t.db, 'contributor'),
      { authorization: `Bearer ${key.json<{ key: string }>().key}` },
      { authorization: `Bearer ${TOKEN}` },
    ];
    const allowed: Record<string, string>[] = [{ cookie: owner.cookie, ...SAME_ORIGIN }, await editor()];
    const [member] = await t.db.kysely
      .insertInto('members')
      .values({
        email: 'keep@example.com',
        name: '',
        status: 'active',
        all_posts: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .execute();
    const calls = [
      { method: 'GET', url: '/api/members' },
      { method: 'GET', url: '/api/members/export' },
      { method: 'POST', url: '/api/members/import', payload: 'email\nnew@example.com\n', ct: 'text/csv' },
      { method: 'DELETE', url: `/api/members/${member!.id}` },
    ] as const;
    for (const headers of refused)
      for (const call of calls) {
        const res = await t.app.inject({
          method: call.method,
          url: call.url,
          headers: { ...headers, ...('ct' in call ? { 'content-type': call.ct } : {}) },
          payload: 'payload' in call ? call.payload : undefined,
        });
        expect(`${call.method} ${call.url} ${res.statusCode}`).toBe(`${call.method} ${call.url} 403`);
      }
    expect(await t.db.kysely.selectFrom('members').select('email').execute()).toEqual([{ email: 'keep@example.com' }]);
    for (const headers of allowed)
      expect((await t.app.inject({ method: 'GET', url: '/api/members', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/members' })).statusCode).toBe(401);
  });
});

describe('large bodies', () => {
  it('takes a large CSV only from an editor or owner: anyone else is refused before it is read', async () => {
    const big = `email\n${'x'.repeat(2 * 1024 * 1024)}\n`;
    const author = await staffHeaders(t.app, t.db, 'author');
    const refused = await importCsv(author, big);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.connection).toBe('close');
    expect((await importCsv({}, big)).statusCode).toBe(401);
    // Only the import takes a large body: every other members route keeps the small limit.
    const subscribe = await t.app.inject({
      method: 'POST',
      url: '/api/members/subscribe',
      headers: { ...SAME_ORIGIN, 'content-type': 'text/csv' },
      payload: big,
    });
    expect(subscribe.statusCode).toBe(413);
  });
});

describe('the list', () => {
  it('pages newest first with counts by status, and searches by email, status and tag', async () => {
    await seedMembers(120);
    const headers = await editor();
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/members${query}`, headers })).json<MemberList>();
    const first = await list('');
    expect(first.counts).toEqual({ pending: 30, active: 30, unsubscribed: 30, bounced: 30 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({
      email: 'm119@example.com',
      name: 'Member 119',
      status: 'bounced',
      all: true,
      tags: ['rugby'],
    });
    expect(first.items[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const second = await list(`?cursor=${first.nextCursor}`);
    const third = await list(`?cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    const emails = [...first.items, ...second.items, ...third.items].map((member) => member.email);
    expect(new Set(emails).size).toBe(120);

    const football = await list('?tag=football&status=active');
    expect(football.items.every((m) => m.tags.includes('football') && m.status === 'active')).toBe(true);
    expect(football.items).toHaveLength(30);
    expect(football.counts).toEqual({ pending: 0, active: 30, unsubscribed: 30, bounced: 0 });
    expect((await list('?q=M01')).items.map((m) => m.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m01${9 - i}@example.com`),
    );
    // LIKE's wildcards are only characters in a search.
    expect((await list('?q=_')).items).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/members?status=gone', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('status');
    expect((await t.app.inject({ method: 'GET', url: '/api/members?cursor=x', headers })).statusCode).toBe(400);
  });

  it('removes a member with DELETE /api/members/:id, and 404 for one that is gone', async () => {
    await seedMembers(2);
    const headers = await editor();
    const { items } = (await t.app.inject({ method: 'GET', url: '/api/members', headers })).json<MemberList>();
    const url = `/api/members/${items[0]!.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('members').select('email').execute()).toEqual([{ email: items[1]!.email }]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/members/abc', headers })).statusCode).toBe(400);
  });
});

describe('CSV', () => {
  it("exports text/csv in Ghost's columns that the import reads back", async () => {
    await seedMembers(4);
    const headers = await editor();
    const res = await t.app.inject({ method: 'GET', url: '/api/members/export', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.email, row.name, row.subscribed_to_emails, row.labels, row.status])).toEqual([
      ['m000@example.com', 'Member 0', 'true', 'football', 'active'],
      ['m001@example.com', 'Member 1', 'false', 'rugby', 'pending'],
      ['m002@example.com', 'Member 2', 'false', 'football', 'unsubscribed'],
      ['m003@example.com', 'Member 3', 'false', 'rugby', 'bounced'],
    ]);
    await t.db.kysely.deleteFrom('members').execute();
    expect((await importCsv(headers, res.body)).json()).toEqual({ imported: 4, skipped: [] });
    const again = await t.app.inject({ method: 'GET', url: '/api/members/export', headers });
    expect(again.body.replace(/\d{4}-\d\d-\d\dT[^,]*Z/g, '')).toBe(res.body.replace(/\d{4}-\d\d-\d\dT[^,]*Z/g, ''));
  });

  it("imports Ghost's member export as active members, reporting bad and present rows by line and changing them not", async () => {
    const headers = await editor();
    await importCsv(headers, 'email,name\nthere@example.com,Already Here\n');
    const ghost = [
      'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels',
      '1,Ana@Example.com,Ana,VIP,true,false,,2024-01-02T10:00:00.000Z,,"Football, Arsenal"',
      '2,not-an-email,Bad,,true,false,,2024-01-02T10:00:00.000Z,,',
      '3,there@example.com,Someone Else,,true,false,,2024-01-02T10:00:00.000Z,,',
      '4,ben@example.com,Ben,,false,false,,2024-01-03T10:00:00.000Z,,',
      '5,ana@example.com,Ana Again,,true,false,,2024-01-02T10:00:00.000Z,,',
      '6,cy@example.com,"Cy\u0007",,true,false,,2024-01-02T10:00:00.000Z,,',
      '7,dee@example.com,Dee,,true,false,,not a date,,',
      `8,eve@example.com,Eve,,true,false,,2024-01-02T10:00:00.000Z,,${'x'.repeat(81)}`,
      '9,fay@example.com,Fay,,true,false,,+010000-01-01T00:00:00.000Z,,',
    ].join('\r\n');
    const res = await importCsv(headers, ghost);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      imported: 2,
      skipped: [
        { line: 3, error: 'email: must be an email address' },
        { line: 4, error: 'email: already a member' },
        { line: 6, error: 'email: repeats line 2' },
        { line: 7, error: 'name: must not contain control characters or unpaired surrogates' },
        { line: 8, error: 'created_at: must be a date' },
        { line: 9, error: 'labels: each must be at most 40 characters' },
        { line: 10, error: 'created_at: must be a date' },
      ],
    });
    const list = (await t.app.inject({ method: 'GET', url: '/api/members', headers })).json<MemberList>();
    expect(
      list.items.map(({ email, name, status, all, tags, createdAt }) => ({
        email,
        name,
        status,
        all,
        tags,
        createdAt,
      })),
    ).toEqual([
      {
        email: 'ben@example.com',
        name: 'Ben',
        status: 'unsubscribed',
        all: true,
        tags: [],
        createdAt: '2024-01-03T10:00:00.000Z',
      },
      {
        email: 'ana@example.com',
        name: 'Ana',
        status: 'active',
        all: true,
        tags: ['arsenal', 'football'],
        createdAt: '2024-01-02T10:00:00.000Z',
      },
      {
        email: 'there@example.com',
        name: 'Already Here',
        status: 'active',
        all: true,
        tags: [],
        createdAt: expect.any(String),
      },
    ]);
  });

  it('imports a plain email[,name] list without a header', async () => {
    const headers = await editor();
    const res = await importCsv(headers, 'one@example.com\ntwo@example.com,Two\n\nthree.example.com,Three\n');
    expect(res.json()).toEqual({ imported: 2, skipped: [{ line: 4, error: 'email: must be an email address' }] });
    const bad = await importCsv(headers, 'email\n"unclosed@example.com\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/^Not a CSV file/);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/members/import', headers, payload: { email: 'x@example.com' } }))
        .statusCode,
    ).toBe(415);
  });
});
