// What a team's or a competition's tag page shows of its matches, decided once for the server's render and the
// browser's own read: types and plain functions only (no zod), so the visitors' bundle pays little for it.
import type { Match, TableAnswer } from './matches';
import type { TagKind } from './tags';

/** A team's or competition's matchday facts on its tag page; a topic has none. */
export type TagMatchday = {
  kind: Exclude<TagKind, 'topic'>;
  /** the competition's table (a team's: the competition of its latest match), null before any */
  table: TableAnswer | null;
  /** a team's next match not yet finished */
  next: Match | null;
  /** a team's last five results, newest first */
  recent: Match[];
  /** a competition's round: its matches within half a week of the one nearest to now */
  round: Match[];
};

/** How far (ms) from the round's anchor a match still belongs to the round. */
const ROUND_MS = 3.5 * 86_400_000;
const RECENT = 5;

/** The matchday facts of a tag's matches (any order) at instant `now`, with the table as given. */
export function matchdayOf(
  kind: TagMatchday['kind'],
  matches: readonly Match[],
  table: TableAnswer | null,
  now: number,
): TagMatchday {
  const sorted = [...matches].sort((a, b) => Date.parse(a.kickoff) - Date.parse(b.kickoff) || a.id - b.id);
  const finished = sorted.filter((match) => match.status === 'finished');
  const open = sorted.filter((match) => match.status === 'scheduled' || match.status === 'live');
  if (kind === 'team')
    return { kind, table, next: open[0] ?? null, recent: finished.slice(-RECENT).reverse(), round: [] };
  const anchor = sorted.reduce<Match | undefined>(
    (best, match) =>
      best === undefined || Math.abs(Date.parse(match.kickoff) - now) < Math.abs(Date.parse(best.kickoff) - now)
        ? match
        : best,
    undefined,
  );
  const at = anchor === undefined ? 0 : Date.parse(anchor.kickoff);
  const round = sorted.filter((match) => Math.abs(Date.parse(match.kickoff) - at) <= ROUND_MS);
  return { kind, table, next: null, recent: [], round };
}

/** The competition whose table a team's page shows: that of its latest match. */
export function teamCompetition(matches: readonly Match[]): Match['competition'] | undefined {
  return [...matches].sort((a, b) => Date.parse(b.kickoff) - Date.parse(a.kickoff))[0]?.competition;
}
