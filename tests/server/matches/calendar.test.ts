// A team's and a competition's fixtures calendar through the real app, parsed back with ical.js: one event per match
// (kickoff, two hours, venue, a stable UID), SEQUENCE and LAST-MODIFIED moving when the match does, a 404 for a topic.
import ICAL from 'ical.js';
import type { Match, MatchesAnswer } from '../../../src/contract/matches';
import { GROUP_E_CSV } from '../fixtures/worldCup2022';
import { TOKEN, useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-28T09:00:00.000Z');
const bearer = { authorization: `Bearer ${TOKEN}` };

beforeEach(async () => {
  await t.testDb.db.kysely.deleteFrom('matches').execute();
});
const t = useTestApp({ now: START, sharedApp: true });

type Event = {
  uid: string;
  start: string;
  end: string;
  location: string;
  summary: string;
  sequence: number;
  modified: string;
};

async function calendar(slug: string): Promise<Event[]> {
  const res = await t.app.inject({ method: 'GET', url: `/tag/${slug}/fixtures.ics` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const component = new ICAL.Component(ICAL.parse(res.body) as unknown[]);
  expect(component.name).toBe('vcalendar');
  return component.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      location: event.location,
      summary: event.summary,
      sequence: event.sequence,
      modified: (vevent.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString(),
    };
  });
}

async function importGroup() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/matches/import',
    headers: { ...bearer, 'content-type': 'text/csv' },
    payload: GROUP_E_CSV,
  });
  expect(res.statusCode).toBe(201);
  return (await t.app.inject({ method: 'GET', url: '/api/matches' })).json<MatchesAnswer>().matches;
}

describe('fixtures calendars', () => {
  it('has one event per match of the team: kickoff, two hours, venue, a UID per match', async () => {
    const matches = await importGroup();
    const events = await calendar('japan');
    const japan = matches.filter((m) => m.home.slug === 'japan' || m.away.slug === 'japan');
    expect(events).toEqual(
      japan.map((m) => ({
        uid: `match-${m.id}@touchline.test`,
        start: m.kickoff,
        end: new Date(Date.parse(m.kickoff) + 2 * 3_600_000).toISOString(),
        location: m.venue,
        summary: `${m.home.name} v ${m.away.name}`,
        sequence: 0,
        modified: '2026-11-28T09:00:00.000Z',
      })),
    );
    expect((await calendar('world-cup-group-e')).map((e) => e.uid)).toEqual(
      matches.map((m) => `match-${m.id}@touchline.test`),
    );
  });

  it('moves SEQUENCE and LAST-MODIFIED when a match moves, keeping its UID, and shows the result', async () => {
    const [first] = (await importGroup()) as [Match];
    t.clock = START + 3_600_000;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/matches/${first.id}`,
      headers: bearer,
      payload: { kickoff: '2022-11-23T14:00:00Z', venue: 'Lusail Stadium' },
    });
    expect(moved.statusCode).toBe(200);
    const [event] = await calendar('germany');
    expect(event).toMatchObject({
      uid: `match-${first.id}@touchline.test`,
      start: '2022-11-23T14:00:00.000Z',
      location: 'Lusail Stadium',
      sequence: 1,
      modified: '2026-11-28T10:00:00.000Z',
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/matches/${first.id}`,
      headers: bearer,
      payload: { status: 'finished', homeScore: 1, awayScore: 2 },
    });
    expect((await calendar('germany'))[0]).toMatchObject({ summary: 'Germany 1–2 Japan', sequence: 2 });
  });

  it('is a 404 for a topic, a missing tag and a malformed slug', async () => {
    await t.db.kysely.insertInto('tags').values({ slug: 'transfers', name: 'Transfers' }).execute();
    for (const slug of ['transfers', 'nobody', 'Not_A_Slug']) {
      expect((await t.app.inject({ method: 'GET', url: `/tag/${slug}/fixtures.ics` })).statusCode).toBe(404);
    }
  });
});
