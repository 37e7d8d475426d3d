// Names are one line: a tab, carriage return or line feed inside an account's name, a key's name, the author profile's
// name or title, or the live score line is a 400 naming the field that stores nothing, as the import refuses them
// (a name the API stored and the import refused would make every later archive unimportable).
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { PASSWORD, SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { TOKEN, useTestApp } from '../helpers/testApp';

const t = useTestApp({
  now: Date.parse('2026-11-28T09:00:00.000Z'),
  alsoEmpty: ['accounts', 'invitations'],
  sharedApp: true,
});
const bearer = { authorization: `Bearer ${TOKEN}` };
type Headers = Record<string, string>;

const BREAKS = { tab: '\t', 'carriage return': '\r', 'line feed': '\n' };

async function send(method: 'POST' | 'PUT', url: string, headers: Headers, payload: object) {
  const res = await t.app.inject({ method, url, headers, payload });
  return { status: res.statusCode, body: res.json<unknown>() };
}

/** The 400 a single-line field with a break in it gets: the field named, the rule said. */
const refusal = (path: string) => ({
  status: 400,
  body: { error: 'Invalid request body', details: [{ path, message: 'must be a single line' }] },
});

describe.each(Object.entries(BREAKS))('a %s inside a name', (_, brk) => {
  it('is refused when signing up, naming a key or saving the profile, and nothing is stored', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const asOwner = { cookie: owner.cookie, ...SAME_ORIGIN };
    const invited = await send('POST', '/api/invitations', asOwner, { email: 'new@touchline.test', role: 'author' });
    const invitation = new URL((invited.body as { url: string }).url).searchParams.get('invite') ?? '';
    const signUp = { invitation, email: 'new@touchline.test', password: PASSWORD, name: `New${brk}Writer` };
    expect(await send('POST', '/api/users', SAME_ORIGIN, signUp)).toEqual(refusal('name'));
    expect(await send('POST', '/api/keys', asOwner, { name: `Deploy${brk}bot` })).toEqual(refusal('name'));
    const profile = { name: `Owner${brk}Person`, title: 'Editor', photo: '' };
    expect(await send('PUT', '/api/account/profile', asOwner, profile)).toEqual(refusal('name'));
    const titled = { name: 'Owner Person', title: `Chief${brk}Editor`, photo: '' };
    expect(await send('PUT', '/api/account/profile', asOwner, titled)).toEqual(refusal('title'));

    const accounts = await t.db.kysely.selectFrom('accounts').select(['email', 'name', 'title']).execute();
    expect(accounts).toEqual([{ email: owner.account.email, name: owner.account.name, title: '' }]);
    expect(await t.db.kysely.selectFrom('api_keys').selectAll().execute()).toEqual([]);
    // The same invitation still signs up, with a name of one line.
    const accepted = await send('POST', '/api/users', SAME_ORIGIN, { ...signUp, name: 'New Writer' });
    expect(accepted.status).toBe(201);
  });

  it('is refused in the live score line (a team, a score, the clock), and the coverage stays as it was', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: bearer,
      payload: validSubmission(),
    });
    const { id } = created.json<BlogPost>();
    const match = { home: 'Rovers', away: 'United', homeScore: '1', awayScore: '0', clock: "45'" };
    expect((await send('PUT', `/api/blogs/${id}/live`, bearer, { state: 'live', match })).status).toBe(200);
    for (const field of ['home', 'away', 'homeScore', 'awayScore', 'clock'] as const) {
      const broken = { ...match, [field]: `A${brk}B` };
      expect(await send('PUT', `/api/blogs/${id}/live`, bearer, { state: 'ended', match: broken })).toEqual(
        refusal(`match.${field}`),
      );
    }
    const stored = await t.db.kysely.selectFrom('live_coverage').select(['state', 'home', 'clock']).execute();
    expect(stored).toEqual([{ state: 'live', home: 'Rovers', clock: "45'" }]);
  });
});

it('still accepts line breaks where text is many lines, and trims them off a name’s ends', async () => {
  const owner = await staffSession(t.app, t.db, 'owner');
  const asOwner = { cookie: owner.cookie, ...SAME_ORIGIN };
  const made = await send('POST', '/api/keys', asOwner, { name: '\n\tDeploy bot\r\n' });
  expect(made).toMatchObject({ status: 201, body: { name: 'Deploy bot' } });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: bearer,
    payload: validSubmission(),
  });
  const { id } = created.json<BlogPost>();
  const note = await send('POST', `/api/blogs/${id}/notes`, asOwner, { body: 'First line\r\n\tSecond line' });
  expect(note).toMatchObject({ status: 201, body: { body: 'First line\r\n\tSecond line' } });
});
