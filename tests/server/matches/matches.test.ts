// Matches through the real app on both databases: the match rules, tag kinds, the CSV import's report, the desk
// feeding its linked match, the table maths on real group tables, and the table cache following another process.
import type { LiveNowAnswer } from '../../../src/contract/live';
import type { Match, MatchesAnswer, TableAnswer } from '../../../src/contract/matches';
import type { TagInfo } from '../../../src/contract/tags';
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import {
  GROUP_A_CSV,
  GROUP_A_SCORES,
  GROUP_A_TABLE,
  GROUP_E_CSV,
  GROUP_E_SCORES,
  GROUP_E_TABLE,
} from '../fixtures/worldCup2022';
import { SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { manualSchedule, startTestApp, TOKEN, useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-28T09:00:00.000Z');
const bearer = { authorization: `Bearer ${TOKEN}` };
const revisionCheck = manualSchedule();

// Matches hold their tags: empty them before the shared helper empties the tags.
beforeEach(async () => {
  await t.testDb.db.kysely.deleteFrom('matches').execute();
});
const t = useTestApp({ now: START, scheduleRevisionCheck: revisionCheck.schedule, sharedApp: true });

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Headers = bearer) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const importCsv = (csv: string, headers: Headers = bearer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/matches/import',
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  });

async function setKind(slug: string, kind: string, name = slug) {
  await t.db.kysely
    .insertInto('tags')
    .values({ slug, name, kind: kind as TagInfo['kind'] })
    .execute();
}

async function teams() {
  await setKind('premier-league', 'competition', 'Premier League');
  await setKind('arsenal', 'team', 'Arsenal');
  await setKind('chelsea', 'team', 'Chelsea');
  await setKind('transfers', 'topic', 'Transfers');
}

const fixture = (extra: Record<string, unknown> = {}) => ({
  competition: 'premier-league',
  home: 'arsenal',
  away: 'chelsea',
  kickoff: '2026-11-28T15:00:00Z',
  venue: 'Emirates Stadium',
  ...extra,
});

async function createMatch(extra: Record<string, unknown> = {}): Promise<Match> {
  const res = await inject('POST', '/api/matches', fixture(extra));
  expect(res.statusCode).toBe(201);
  return res.json<Match>();
}

describe('tags', () => {
  it('answer their kind, a team its short name and crest, and ?kind= lists every tag of that kind', async () => {
    const post = await inject('POST', '/api/blogs', validSubmission({ title: 'Derby day' }));
    expect(post.statusCode).toBe(201);
    await teams();
    const all = (await inject('GET', '/api/tags', undefined, {})).json<TagInfo[]>();
    for (const tag of all) expect(tag.kind).toBe('topic');
    const listed = (await inject('GET', '/api/tags?kind=team', undefined, {})).json<TagInfo[]>();
    expect(listed).toEqual([
      { slug: 'arsenal', name: 'Arsenal', kind: 'team', shortName: null, crest: null, count: 0 },
      { slug: 'chelsea', name: 'Chelsea', kind: 'team', shortName: null, crest: null, count: 0 },
    ]);
    expect((await inject('GET', '/api/tags?kind=club', undefined, {})).statusCode).toBe(400);
  });

  it('are changed by editors with PUT /api/tags/:slug, within the kinds’ rules', async () => {
    await teams();
    const res = await inject('PUT', '/api/tags/arsenal', { shortName: 'ARS', name: 'ARSENAL' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ slug: 'arsenal', name: 'ARSENAL', kind: 'team', shortName: 'ARS', crest: null });
    const points = await inject('PUT', '/api/tags/premier-league', { pointsForWin: 2, pointsForDraw: 1 });
    expect(points.json()).toMatchObject({ kind: 'competition', pointsForWin: 2, pointsForDraw: 1 });

    const renamed = await inject('PUT', '/api/tags/arsenal', { name: 'Arsenal FC' });
    expect(renamed.json().details).toEqual([
      { path: 'name', message: "must keep the tag's slug (arsenal): set a team's short name instead" },
    ]);
    const onTeam = await inject('PUT', '/api/tags/arsenal', { pointsForWin: 2 });
    expect(onTeam.statusCode).toBe(400);
    expect(onTeam.json().details).toEqual([{ path: 'pointsForWin', message: 'Points apply to competitions only' }]);
    const crest = await inject('PUT', '/api/tags/arsenal', { crest: `/uploads/${'a'.repeat(64)}.png` });
    expect(crest.statusCode).toBe(400);
    expect(crest.json().details).toEqual([{ path: 'crest', message: 'must be an image uploaded here' }]);
    expect((await inject('PUT', '/api/tags/nobody', { kind: 'team' })).statusCode).toBe(404);
    expect((await inject('PUT', '/api/tags/arsenal', { kind: 'club' })).statusCode).toBe(400);

    const author = await staffSession(t.app, t.db, 'author');
    const refused = await inject(
      'PUT',
      '/api/tags/arsenal',
      { kind: 'topic' },
      { cookie: author.cookie, ...SAME_ORIGIN },
    );
    expect(refused.statusCode).toBe(403);
    expect((await inject('PUT', '/api/tags/arsenal', { kind: 'topic' }, {})).statusCode).toBe(401);

    // A team with matches stays a team.
    await createMatch();
    const demoted = await inject('PUT', '/api/tags/arsenal', { kind: 'topic' });
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().error).toBe('This team has 1 match: it stays a team');
  });
});

describe('match rules', () => {
  it('creates, reads, changes and deletes a match', async () => {
    await teams();
    const match = await createMatch({ kickoff: '2026-11-28T16:00+01:00' });
    expect(match).toMatchObject({
      competition: { slug: 'premier-league', name: 'Premier League' },
      home: { slug: 'arsenal', name: 'Arsenal', shortName: null, crest: null },
      away: { slug: 'chelsea', name: 'Chelsea' },
      kickoff: '2026-11-28T15:00:00.000Z',
      venue: 'Emirates Stadium',
      status: 'scheduled',
      homeScore: null,
      awayScore: null,
      postId: null,
    });
    const changed = await inject('PUT', `/api/matches/${match.id}`, { status: 'finished', homeScore: 2, awayScore: 0 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ status: 'finished', homeScore: 2, awayScore: 0 });
    const list = (await inject('GET', '/api/matches?team=chelsea', undefined, {})).json<MatchesAnswer>();
    expect(list.matches.map((m) => [m.id, m.homeScore])).toEqual([[match.id, 2]]);
    expect((await inject('DELETE', `/api/matches/${match.id}`)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/matches/${match.id}`)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/matches/${match.id}`, { venue: 'x' })).statusCode).toBe(404);
  });

  it.each([
    ['a team playing itself', { away: 'arsenal' }, [{ path: 'away', message: 'A team cannot play itself' }]],
    [
      'a kickoff that is not a time',
      { kickoff: '2026-02-30T15:00Z' },
      [{ path: 'kickoff', message: expect.stringContaining('must be a time with its offset') }],
    ],
    [
      'a home side that is a topic',
      { home: 'transfers' },
      [{ path: 'home', message: 'must be a team tag: "Transfers" is a topic' }],
    ],
    [
      'a competition that is a team',
      { competition: 'chelsea' },
      [{ path: 'competition', message: 'must be a competition tag: "Chelsea" is a team' }],
    ],
    ['a missing tag', { away: 'spurs' }, [{ path: 'away', message: 'must be a team tag: no tag is named "spurs"' }]],
    [
      'one score alone',
      { status: 'live', homeScore: 1 },
      [{ path: 'awayScore', message: 'must be set with the other score' }],
    ],
    [
      'a finished match without a score',
      { status: 'finished' },
      [{ path: 'homeScore', message: 'A finished match needs its score' }],
    ],
    [
      'a negative score',
      { status: 'live', homeScore: -1, awayScore: 0 },
      [{ path: 'homeScore', message: 'must not be negative' }],
    ],
    ['an unknown post', { postId: 999 }, [{ path: 'postId', message: 'must be a post here' }]],
  ])('refuses %s with a 400 and its details, changing nothing', async (_name, extra, details) => {
    await teams();
    const res = await inject('POST', '/api/matches', fixture(extra));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String), details });
    expect((await inject('GET', '/api/matches', undefined, {})).json<MatchesAnswer>().matches).toEqual([]);
  });

  it('refuses a change that breaks a rule on the match it makes', async () => {
    await teams();
    const match = await createMatch();
    const res = await inject('PUT', `/api/matches/${match.id}`, { home: 'chelsea' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'away', message: 'A team cannot play itself' }]);
    expect((await inject('PUT', `/api/matches/${match.id}`, { status: 'finished' })).statusCode).toBe(400);
  });

  it('is written by editors and owners only', async () => {
    await teams();
    const author = await staffSession(t.app, t.db, 'author');
    const editor = await staffSession(t.app, t.db, 'editor');
    expect(
      (await inject('POST', '/api/matches', fixture(), { cookie: author.cookie, ...SAME_ORIGIN })).statusCode,
    ).toBe(403);
    expect((await inject('POST', '/api/matches', fixture(), {})).statusCode).toBe(401);
    expect(
      (await inject('POST', '/api/matches', fixture(), { cookie: editor.cookie, ...SAME_ORIGIN })).statusCode,
    ).toBe(201);
  });

  it('lists a day in the site’s time zone, from and to, a competition, and pages', async () => {
    await teams();
    for (const kickoff of [
      '2026-11-27T23:59:00Z',
      '2026-11-28T00:00:00Z',
      '2026-11-28T23:59:00Z',
      '2026-11-29T00:00:00Z',
    ]) {
      await createMatch({ kickoff });
    }
    const day = (await inject('GET', '/api/matches?date=2026-11-28', undefined, {})).json<MatchesAnswer>();
    expect(day.matches.map((m) => m.kickoff)).toEqual(['2026-11-28T00:00:00.000Z', '2026-11-28T23:59:00.000Z']);
    expect(day.timeZone).toBe('UTC');
    const range = (
      await inject('GET', '/api/matches?from=2026-11-28&to=2026-11-29', undefined, {})
    ).json<MatchesAnswer>();
    expect(range.matches).toHaveLength(3);
    const first = (
      await inject('GET', '/api/matches?limit=3&competition=premier-league', undefined, {})
    ).json<MatchesAnswer>();
    expect([first.matches.length, first.nextCursor]).toEqual([3, '3']);
    const next = (
      await inject('GET', `/api/matches?limit=3&cursor=${first.nextCursor}`, undefined, {})
    ).json<MatchesAnswer>();
    expect([next.matches.map((m) => m.kickoff), next.nextCursor]).toEqual([['2026-11-29T00:00:00.000Z'], null]);
    expect((await inject('GET', '/api/matches?date=28-11-2026', undefined, {})).statusCode).toBe(400);
    expect((await inject('GET', '/api/matches?limit=0', undefined, {})).statusCode).toBe(400);
  });
});

describe('CSV import', () => {
  it('creates the matches and the missing tags, a topic tag becoming the kind its column needs', async () => {
    await setKind('japan', 'topic', 'Japan');
    const res = await importCsv(GROUP_E_CSV);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created: 6 });
    expect(
      res
        .json()
        .tagsCreated.map((tag: { slug: string }) => tag.slug)
        .sort(),
    ).toEqual(['costa-rica', 'germany', 'spain', 'world-cup-group-e']);
    const teamsNow = (await inject('GET', '/api/tags?kind=team', undefined, {})).json<TagInfo[]>();
    expect(teamsNow.map((tag) => tag.slug)).toEqual(['costa-rica', 'germany', 'japan', 'spain']);
    const all = (await inject('GET', '/api/matches', undefined, {})).json<MatchesAnswer>();
    expect(all.matches[0]).toMatchObject({
      home: { name: 'Germany' },
      away: { name: 'Japan' },
      kickoff: '2022-11-23T13:00:00.000Z',
      venue: 'Khalifa International Stadium',
    });
  });

  it('reports every bad row by its line and imports nothing', async () => {
    await setKind('spain', 'competition', 'Spain');
    const csv = [
      'competition,home,away,kickoff,venue',
      'Cup,Alpha,Beta,2026-11-28T15:00Z,Ground',
      'Cup,Alpha,Alpha,2026-11-28T15:00Z,',
      'Cup,Alpha,Beta,next Saturday,',
      'Cup,Alpha,Spain,2026-11-28 15:00,',
      'Cup,Alpha',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Invalid CSV: nothing was imported',
      details: [
        { path: 'line 3', message: 'A team cannot play itself' },
        { path: 'line 4', message: expect.stringContaining('kickoff: must be a time') },
        { path: 'line 6', message: expect.stringContaining('must have the columns') },
      ],
    });
    // Fixed rows still meet the tags' kinds, all at once.
    const kinds = await importCsv(csv.split('\n').slice(0, 2).concat('Cup,Alpha,Spain,2026-11-28 15:00,').join('\n'));
    expect(kinds.statusCode).toBe(400);
    expect(kinds.json().details).toEqual([{ path: 'line 3', message: '"Spain" is a competition tag, not a team' }]);
    expect((await inject('GET', '/api/matches', undefined, {})).json<MatchesAnswer>().matches).toEqual([]);
    expect((await inject('GET', '/api/tags?kind=team', undefined, {})).json()).toEqual([]);
    expect((await importCsv('')).statusCode).toBe(400);
    const notCsv = await inject('POST', '/api/matches/import', { csv: 'x' });
    expect(notCsv.statusCode).toBe(415);
  });
});

async function finishAll(scores: [number, number][]) {
  const all = (await inject('GET', '/api/matches?limit=200', undefined, {})).json<MatchesAnswer>().matches;
  for (const [index, [homeScore, awayScore]] of scores.entries()) {
    const res = await inject('PUT', `/api/matches/${all[index]!.id}`, { status: 'finished', homeScore, awayScore });
    expect(res.statusCode).toBe(200);
  }
}

const rowsOf = (table: TableAnswer) =>
  table.rows.map((r) => [
    r.team.name,
    r.played,
    r.won,
    r.drawn,
    r.lost,
    r.goalsFor,
    r.goalsAgainst,
    r.goalDifference,
    r.points,
  ]);

describe('tables', () => {
  it.each([
    ['Group E', GROUP_E_CSV, GROUP_E_SCORES, GROUP_E_TABLE, 'world-cup-group-e'],
    ['Group A', GROUP_A_CSV, GROUP_A_SCORES, GROUP_A_TABLE, 'world-cup-group-a'],
  ])('reproduce the 2022 World Cup %s table row by row', async (_name, csv, scores, published, slug) => {
    expect((await importCsv(csv)).statusCode).toBe(201);
    await finishAll(scores);
    const res = await inject('GET', `/api/competitions/${slug}/table`, undefined, {});
    expect(res.statusCode).toBe(200);
    const table = res.json<TableAnswer>();
    expect(rowsOf(table)).toEqual(published);
    expect(table.rows.map((r) => r.position)).toEqual([1, 2, 3, 4]);
  });

  it('lists form oldest first, counts the competition’s points, breaks full ties by name, and 404s a non-competition', async () => {
    expect((await importCsv(GROUP_E_CSV)).statusCode).toBe(201);
    await finishAll(GROUP_E_SCORES);
    const table = (await inject('GET', '/api/competitions/world-cup-group-e/table', undefined, {})).json<TableAnswer>();
    expect(table.rows.map((r) => [r.team.slug, r.form.join('')])).toEqual([
      ['japan', 'WLW'],
      ['spain', 'WDL'],
      ['germany', 'LDW'],
      ['costa-rica', 'LWL'],
    ]);
    expect((await inject('PUT', '/api/tags/world-cup-group-e', { pointsForWin: 2 })).statusCode).toBe(200);
    const twoPoints = (
      await inject('GET', '/api/competitions/world-cup-group-e/table', undefined, {})
    ).json<TableAnswer>();
    expect(twoPoints.rows.map((r) => [r.team.slug, r.points])).toEqual([
      ['japan', 4],
      ['spain', 3],
      ['germany', 3],
      ['costa-rica', 2],
    ]);
    expect((await inject('GET', '/api/competitions/japan/table', undefined, {})).statusCode).toBe(404);
    expect((await inject('GET', '/api/competitions/nobody/table', undefined, {})).statusCode).toBe(404);

    await importCsv('Friendlies,Zeta,Alpha,2026-11-28T15:00Z,\nFriendlies,Alpha,Zeta,2026-11-29T15:00Z,');
    await finishAll([]);
    const friendlies = (
      await inject('GET', '/api/matches?competition=friendlies', undefined, {})
    ).json<MatchesAnswer>();
    for (const match of friendlies.matches) {
      await inject('PUT', `/api/matches/${match.id}`, { status: 'finished', homeScore: 1, awayScore: 0 });
    }
    const tied = (await inject('GET', '/api/competitions/friendlies/table', undefined, {})).json<TableAnswer>();
    expect(tied.rows.map((r) => [r.team.name, r.points, r.goalDifference])).toEqual([
      ['Alpha', 3, 0],
      ['Zeta', 3, 0],
    ]);
  });

  it('orders equal points by goal difference, then goals for', async () => {
    const csv = [
      'Ties Cup,Zeta,Yankee,2026-11-28T12:00Z,',
      'Ties Cup,Alpha,Bravo,2026-11-28T13:00Z,',
      'Ties Cup,Delta,Echo,2026-11-28T14:00Z,',
    ].join('\n');
    expect((await importCsv(csv)).statusCode).toBe(201);
    await finishAll([
      [3, 2],
      [1, 0],
      [2, 0],
    ]);
    const table = (await inject('GET', '/api/competitions/ties-cup/table', undefined, {})).json<TableAnswer>();
    expect(table.rows.map((r) => [r.team.name, r.points, r.goalDifference, r.goalsFor])).toEqual([
      ['Delta', 3, 2, 2],
      ['Zeta', 3, 1, 3],
      ['Alpha', 3, 1, 1],
      ['Yankee', 0, -1, 2],
      ['Bravo', 0, -1, 0],
      ['Echo', 0, -2, 0],
    ]);
  });

  it('drops a cached table when another process writes a result, at its next revision check', async () => {
    expect((await importCsv(GROUP_A_CSV)).statusCode).toBe(201);
    const table = async () =>
      (await inject('GET', '/api/competitions/world-cup-group-a/table', undefined, {})).json<TableAnswer>();
    expect((await table()).rows.every((r) => r.played === 0)).toBe(true);
    // A second app on the same database: another process of the same site.
    const other = await startTestApp({ testDb: t.testDb, now: () => t.clock });
    try {
      const [first] = (await other.app.inject({ method: 'GET', url: '/api/matches' })).json<MatchesAnswer>().matches;
      const res = await other.app.inject({
        method: 'PUT',
        url: `/api/matches/${first!.id}`,
        headers: bearer,
        payload: { status: 'finished', homeScore: 0, awayScore: 2 },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
    // Cached here until this process reads the shared revision (once a second in production).
    expect((await table()).rows.every((r) => r.played === 0)).toBe(true);
    await revisionCheck.tick();
    expect((await table()).rows[0]).toMatchObject({ team: { name: 'Ecuador' }, played: 1, points: 3 });
  });
});

describe('the live desk feeds its match', () => {
  it('sets the match live, follows each score, and finishes it with the final score, always agreeing', async () => {
    await teams();
    const post = (
      await inject('POST', '/api/blogs', validSubmission({ title: 'Arsenal v Chelsea live' }))
    ).json<BlogPost>();
    const match = await createMatch({ postId: post.id });
    const both = async () => {
      const read = (
        await inject('GET', `/api/matches?competition=premier-league`, undefined, {})
      ).json<MatchesAnswer>();
      const coverage = (await inject('GET', `/api/blogs/${post.id}`, undefined, {})).json<BlogPost>().live;
      return { match: read.matches[0]!, live: coverage };
    };
    const line = (homeScore: string, awayScore: string, clock: string) => ({
      home: 'Arsenal',
      away: 'Chelsea',
      homeScore,
      awayScore,
      clock,
    });
    const table = async () =>
      (await inject('GET', '/api/competitions/premier-league/table', undefined, {}))
        .json<TableAnswer>()
        .rows.map((r) => [r.team.slug, r.played, r.points]);
    expect(await table()).toEqual([
      ['arsenal', 0, 0],
      ['chelsea', 0, 0],
    ]);

    const steps: [string, ReturnType<typeof line>, string, number, number][] = [
      ['live', line('0', '0', "1'"), 'live', 0, 0],
      ['live', line('1', '0', "23'"), 'live', 1, 0],
      ['live', line('1', '1', "67'"), 'live', 1, 1],
      ['ended', line('2', '1', 'FT'), 'finished', 2, 1],
    ];
    for (const [state, matchLine, status, home, away] of steps) {
      expect((await inject('PUT', `/api/blogs/${post.id}/live`, { state, match: matchLine })).statusCode).toBe(200);
      const { match: read, live } = await both();
      expect(read).toMatchObject({ id: match.id, status, homeScore: home, awayScore: away, postId: post.id });
      expect([live?.match?.homeScore, live?.match?.awayScore]).toEqual([
        String(read.homeScore),
        String(read.awayScore),
      ]);
    }
    expect(await table()).toEqual([
      ['arsenal', 1, 3],
      ['chelsea', 1, 0],
    ]);

    // The desk owns the score while the post covers the match.
    const refused = await inject('PUT', `/api/matches/${match.id}`, { homeScore: 5, awayScore: 0 });
    expect(refused.statusCode).toBe(409);
    expect((await both()).match).toMatchObject({ homeScore: 2, awayScore: 1 });
    // Another match may not take the same post.
    expect((await inject('POST', '/api/matches', fixture({ postId: post.id }))).json().details).toEqual([
      { path: 'postId', message: 'is the post of another match already' },
    ]);
  });

  it("opens a first Start with no score line on the match's teams at 0–0, and the match live at 0–0", async () => {
    await teams();
    const covered = (
      await inject('POST', '/api/blogs', validSubmission({ title: 'Arsenal v Chelsea live' }))
    ).json<BlogPost>();
    const other = (await inject('POST', '/api/blogs', validSubmission({ title: 'Deadline day' }))).json<BlogPost>();
    const match = await createMatch({ postId: covered.id });
    const start = (id: number) => inject('PUT', `/api/blogs/${id}/live`, { state: 'live' });
    expect((await start(covered.id)).json().match).toEqual({
      home: 'Arsenal',
      away: 'Chelsea',
      homeScore: '0',
      awayScore: '0',
      clock: '',
    });
    expect((await start(other.id)).json().match).toBeNull();
    const read = (await inject('GET', '/api/matches?competition=premier-league', undefined, {})).json<MatchesAnswer>();
    expect(read.matches[0]).toMatchObject({ id: match.id, status: 'live', homeScore: 0, awayScore: 0 });
    // A score line the desk cleared stays cleared on the next Start.
    await inject('PUT', `/api/blogs/${covered.id}/live`, { state: 'ended', match: null });
    expect((await start(covered.id)).json().match).toBeNull();
  });

  it("gives the covering post's reads the match's teams with crests and its competition, the live-now answer too", async () => {
    await teams();
    const crest = `/uploads/${'c'.repeat(64)}.png`;
    await t.db.kysely.updateTable('tags').set({ crest, short_name: 'ARS' }).where('slug', '=', 'arsenal').execute();
    const submit = (title: string) => inject('POST', '/api/blogs', validSubmission({ title }));
    const covered = (await submit('Arsenal v Chelsea live')).json<BlogPost>();
    const other = (await submit('Transfer deadline live')).json<BlogPost>();
    await createMatch({ postId: covered.id });
    for (const post of [covered, other])
      expect((await inject('PUT', `/api/blogs/${post.id}/live`, { state: 'live' })).statusCode).toBe(200);

    const expected = {
      competition: { slug: 'premier-league', name: 'Premier League' },
      home: { slug: 'arsenal', name: 'Arsenal', shortName: 'ARS', crest },
      away: { slug: 'chelsea', name: 'Chelsea', shortName: null, crest: null },
    };
    const read = (id: number) => inject('GET', `/api/blogs/${id}`, undefined, {}).then((res) => res.json<BlogPost>());
    expect((await read(covered.id)).live?.fixture).toEqual(expected);
    expect((await read(other.id)).live).not.toHaveProperty('fixture');
    const entries = await inject('GET', `/api/blogs/${covered.id}/entries`, undefined, {});
    expect(entries.json().live.fixture).toEqual(expected);
    const now = (await inject('GET', '/api/live', undefined, {})).json<LiveNowAnswer>();
    expect(Object.fromEntries(now.posts.map((post) => [post.id, post.live.fixture]))).toEqual({
      [covered.id]: expected,
      [other.id]: undefined,
    });
  });
});

describe("the landing page's live now", () => {
  const liveNow = async (app = t.app) => (await app.inject({ method: 'GET', url: '/api/live' })).json<LiveNowAnswer>();
  const setLive = (id: number, homeScore: number, awayScore: number) =>
    inject('PUT', `/api/matches/${id}`, { status: 'live', homeScore, awayScore });

  it('lists a match set live by hand with its teams and score, follows its score, and drops it once over', async () => {
    await teams();
    const crest = `/uploads/${'c'.repeat(64)}.png`;
    await t.db.kysely.updateTable('tags').set({ crest, short_name: 'ARS' }).where('slug', '=', 'arsenal').execute();
    const match = await createMatch();
    const others = [
      await createMatch({ kickoff: '2026-11-28T12:00:00Z', status: 'finished', homeScore: 1, awayScore: 1 }),
      await createMatch({ kickoff: '2026-11-28T17:00:00Z', status: 'postponed' }),
      await createMatch({ kickoff: '2026-11-28T19:00:00Z' }),
    ];
    expect(others.map((m) => m.status)).toEqual(['finished', 'postponed', 'scheduled']);
    expect(await liveNow()).toEqual({ posts: [], matches: [] });

    expect((await setLive(match.id, 1, 0)).statusCode).toBe(200);
    expect(await liveNow()).toEqual({
      posts: [],
      matches: [
        {
          id: match.id,
          competition: { slug: 'premier-league', name: 'Premier League' },
          home: { slug: 'arsenal', name: 'Arsenal', shortName: 'ARS', crest },
          away: { slug: 'chelsea', name: 'Chelsea', shortName: null, crest: null },
          kickoff: '2026-11-28T15:00:00.000Z',
          homeScore: 1,
          awayScore: 0,
          postId: null,
        },
      ],
    });
    expect((await setLive(match.id, 1, 1)).statusCode).toBe(200);
    expect((await liveNow()).matches.map((m) => [m.homeScore, m.awayScore])).toEqual([[1, 1]]);
    // A team renamed in the tag editor is renamed here at once.
    expect((await inject('PUT', '/api/tags/chelsea', { name: 'CHELSEA' })).statusCode).toBe(200);
    expect((await liveNow()).matches[0]?.away.name).toBe('CHELSEA');

    const over = await inject('PUT', `/api/matches/${match.id}`, { status: 'finished', homeScore: 2, awayScore: 1 });
    expect(over.statusCode).toBe(200);
    expect(await liveNow()).toEqual({ posts: [], matches: [] });
    expect((await setLive(others[2]!.id, 0, 0)).statusCode).toBe(200);
    expect((await liveNow()).matches.map((m) => m.id)).toEqual([others[2]!.id]);
    expect((await inject('DELETE', `/api/matches/${others[2]!.id}`)).statusCode).toBe(204);
    expect(await liveNow()).toEqual({ posts: [], matches: [] });
  });

  it('lists a match its live public post covers once, as the post; links a public post, never a private one', async () => {
    await teams();
    const submit = async (title: string, extra: Record<string, unknown> = {}) => {
      const res = await inject('POST', '/api/blogs', { ...validSubmission({ title }), ...extra });
      expect(res.statusCode).toBe(201);
      return res.json<BlogPost>();
    };
    const coverage = await submit('Arsenal v Chelsea live');
    const preview = await submit('Arsenal v Spurs: the preview');
    const draft = await submit('Spurs v Chelsea live', { status: 'draft' });
    await setKind('spurs', 'team', 'Spurs');
    const covered = await createMatch({ postId: coverage.id });
    const previewed = await createMatch({ away: 'spurs', postId: preview.id, kickoff: '2026-11-28T16:00:00Z' });
    const drafted = await createMatch({ home: 'spurs', postId: draft.id, kickoff: '2026-11-28T17:00:00Z' });
    for (const post of [coverage, draft])
      expect((await inject('PUT', `/api/blogs/${post.id}/live`, { state: 'live' })).statusCode).toBe(200);
    expect((await setLive(previewed.id, 2, 0)).statusCode).toBe(200);

    const answer = await liveNow();
    expect(answer.posts.map((post) => [post.id, post.live.fixture?.home.slug])).toEqual([[coverage.id, 'arsenal']]);
    expect(answer.matches.map((m) => [m.id, m.postId, m.homeScore, m.awayScore])).toEqual([
      [previewed.id, preview.id, 2, 0],
      [drafted.id, null, 0, 0],
    ]);
    expect(answer.matches.map((m) => m.id)).not.toContain(covered.id);
  });

  it('shows a match another process set live, once this process reads the shared revision', async () => {
    await teams();
    const match = await createMatch();
    expect((await liveNow()).matches).toEqual([]);
    // A second app on the same database: another process of the same site.
    const other = await startTestApp({ testDb: t.testDb, now: () => t.clock });
    try {
      const res = await other.app.inject({
        method: 'PUT',
        url: `/api/matches/${match.id}`,
        headers: bearer,
        payload: { status: 'live', homeScore: 0, awayScore: 1 },
      });
      expect(res.statusCode).toBe(200);
      expect((await liveNow(other.app)).matches.map((m) => m.awayScore)).toEqual([1]);
    } finally {
      await other.close();
    }
    // Cached here until this process reads the shared revision (once a second in production).
    expect((await liveNow()).matches).toEqual([]);
    await revisionCheck.tick();
    expect((await liveNow()).matches.map((m) => [m.id, m.homeScore, m.awayScore])).toEqual([[match.id, 0, 1]]);
  });
});
