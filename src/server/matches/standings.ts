// A competition's table from its matches: finished matches with a score count; every team with a match in the
// competition has a row. Ties are ordered by points, goal difference, goals for, then name.
import { MATCH_LIMITS } from '../../contract/matches';
import type { FormResult, TableRow, TeamRef } from '../../contract/matches';
import type { StoredMatch } from '../repositories/matchesRepository';

export function standings(
  matches: readonly StoredMatch[],
  { pointsForWin, pointsForDraw }: { pointsForWin: number; pointsForDraw: number },
): TableRow[] {
  const rows = new Map<string, Omit<TableRow, 'position'> & { results: FormResult[] }>();
  const rowOf = (team: TeamRef) => {
    let row = rows.get(team.slug);
    if (row === undefined) {
      row = {
        team,
        played: 0,
        won: 0,
        drawn: 0,
        lost: 0,
        goalsFor: 0,
        goalsAgainst: 0,
        goalDifference: 0,
        points: 0,
        form: [],
        results: [],
      };
      rows.set(team.slug, row);
    }
    return row;
  };
  const ordered = [...matches].sort((a, b) => a.kickoff.localeCompare(b.kickoff) || a.id - b.id);
  for (const match of ordered) {
    const home = rowOf(match.home);
    const away = rowOf(match.away);
    if (match.status !== 'finished' || match.homeScore === null || match.awayScore === null) continue;
    for (const [row, scored, conceded] of [
      [home, match.homeScore, match.awayScore],
      [away, match.awayScore, match.homeScore],
    ] as const) {
      row.played += 1;
      row.goalsFor += scored;
      row.goalsAgainst += conceded;
      const result: FormResult = scored > conceded ? 'W' : scored === conceded ? 'D' : 'L';
      if (result === 'W') row.won += 1;
      else if (result === 'D') row.drawn += 1;
      else row.lost += 1;
      row.results.push(result);
    }
  }
  const table = [...rows.values()].map(({ results, ...row }) => ({
    ...row,
    goalDifference: row.goalsFor - row.goalsAgainst,
    points: row.won * pointsForWin + row.drawn * pointsForDraw,
    form: results.slice(-MATCH_LIMITS.formLength),
  }));
  table.sort(
    (a, b) =>
      b.points - a.points ||
      b.goalDifference - a.goalDifference ||
      b.goalsFor - a.goalsFor ||
      a.team.name.localeCompare(b.team.name, 'en') ||
      a.team.slug.localeCompare(b.team.slug),
  );
  return table.map((row, index) => ({ position: index + 1, ...row }));
}
