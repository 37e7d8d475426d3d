import type { Match } from '../../../../src/contract/matches';
import {
  dayOf,
  dayParam,
  groupByCompetition,
  scoreText,
  shiftDay,
} from '../../../../src/client/features/matches/matchDay';

const team = (name: string) => ({ name, slug: name.toLowerCase(), shortName: null, crest: null });
const match = (id: number, competition: string, kickoff: string, extra: Partial<Match> = {}): Match => ({
  id,
  competition: { name: competition, slug: competition.toLowerCase().replace(/ /g, '-') },
  home: team(`Home${id}`),
  away: team(`Away${id}`),
  kickoff,
  venue: null,
  status: 'scheduled',
  homeScore: null,
  awayScore: null,
  postId: null,
  updatedAt: kickoff,
  ...extra,
});

test('the day groups matches by competition, competitions by their first kickoff and matches by kickoff', () => {
  const groups = groupByCompetition([
    match(1, 'Premier League', '2026-11-28T17:30:00.000Z'),
    match(2, 'La Liga', '2026-11-28T13:00:00.000Z'),
    match(3, 'Premier League', '2026-11-28T12:30:00.000Z'),
    match(4, 'La Liga', '2026-11-28T20:00:00.000Z'),
    match(5, 'Premier League', '2026-11-28T12:30:00.000Z'),
  ]);
  expect(groups.map((group) => [group.competition.name, group.matches.map((m) => m.id)])).toEqual([
    ['Premier League', [3, 5, 1]],
    ['La Liga', [2, 4]],
  ]);
});

test('a match shows its score once it has one, else "v"', () => {
  expect(scoreText({ homeScore: null, awayScore: null })).toBe('v');
  expect(scoreText({ homeScore: 2, awayScore: 0 })).toBe('2–0');
});

test('?date= names a real day or is ignored, and the days around it cross months and years', () => {
  expect(dayParam('2026-11-28')).toBe('2026-11-28');
  for (const bad of [null, '', '2026-02-30', '28-11-2026', '2026-11-28T00:00Z', '2026-13-01']) {
    expect(dayParam(bad)).toBeUndefined();
  }
  expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
});

test("an instant's day is read in the zone named", () => {
  const late = Date.parse('2026-11-28T23:30:00Z');
  expect(dayOf(late, 'UTC')).toBe('2026-11-28');
  expect(dayOf(late, 'Europe/Berlin')).toBe('2026-11-29');
  expect(dayOf(late, 'America/New_York')).toBe('2026-11-28');
});
