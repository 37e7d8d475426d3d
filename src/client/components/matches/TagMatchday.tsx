// A team's or competition's tag page, above its stories: a team's next fixture, last five results and table row; a
// competition's full table and its round's fixtures and results; and the fixtures calendar either way.
import type { Match } from '../../../contract/matches';
import type { TagMatchday as Matchday } from '../../../contract/matchday';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEndpointQuery } from '../../api/queryHooks';
import { useHydrated } from '../../app/useHydrated';
import { tagMatchdayApi } from '../../api/tagMatchdayApi';
import { LeagueTable } from './LeagueTable';
import styles from './TagMatchday.module.scss';

const DAY_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};
/** UTC on the server and while hydrating: the same text both render. */
const UTC_TIME = new Intl.DateTimeFormat('en-GB', { ...DAY_TIME, timeZone: 'UTC' });
/** The reader's own zone once hydrated: one formatter for the page, made at first use (one per row costs hydration). */
let readerTime: Intl.DateTimeFormat | undefined;

/** "5 Dec, 15:00 UTC", then in the reader's zone ("5 Dec, 16:00 CET"), in a box as wide as either (no shift). */
function Kickoff({ iso }: { iso: string }) {
  const format = useHydrated() ? (readerTime ??= new Intl.DateTimeFormat('en-GB', DAY_TIME)) : UTC_TIME;
  return (
    <time className={styles.when} dateTime={iso}>
      {format.format(new Date(iso))}
    </time>
  );
}

const score = (match: Match) =>
  match.homeScore === null || match.awayScore === null ? 'v' : `${match.homeScore}–${match.awayScore}`;

function MatchLine({ match }: { match: Match }) {
  return (
    <li className={styles.match}>
      <Kickoff iso={match.kickoff} />
      <span>{`${match.home.name} ${score(match)} ${match.away.name}`}</span>
      {match.status === 'postponed' && <span>Postponed</span>}
    </li>
  );
}

/** The tag's name as its matches carry it (a page with matches but no story yet has no other), else undefined. */
export function matchdayName(data: Matchday | null | undefined, slug: string): string | undefined {
  if (!data) return undefined;
  if (data.kind === 'competition') return data.table?.competition.name ?? data.round[0]?.competition.name;
  const teams = [data.next, ...data.recent].flatMap((match) => (match ? [match.home, match.away] : []));
  return (teams.find((team) => team.slug === slug) ?? data.table?.rows.find((row) => row.team.slug === slug)?.team)
    ?.name;
}

/** The tag's matchday facts, read once for the page (the server seeds a rendered page's). */
export const useTagMatchday = (slug: string | undefined) =>
  useEndpointQuery(tagMatchdayApi.endpoints.getTagMatchday, slug ?? skipToken).data;

export function TagMatchday({ slug }: { slug: string }) {
  const data = useTagMatchday(slug);
  if (!data) return null;
  const { kind, table, next, recent, round } = data;
  const row = table?.rows.find((line) => line.team.slug === slug);
  return (
    <section aria-label="Fixtures, results and table" className={styles.matchday}>
      {kind === 'team' && (
        <>
          <h2 className={styles.heading}>Next fixture</h2>
          {next ? (
            <ul className={styles.list}>
              <MatchLine match={next} />
            </ul>
          ) : (
            <p>No fixture yet.</p>
          )}
          {recent.length > 0 && (
            <>
              <h2 className={styles.heading}>Last results</h2>
              <ul className={styles.list}>
                {recent.map((match) => (
                  <MatchLine key={match.id} match={match} />
                ))}
              </ul>
            </>
          )}
          {table && row && <LeagueTable rows={[row]} caption={table.competition.name} highlight={slug} />}
        </>
      )}
      {kind === 'competition' && (
        <>
          {table && table.rows.length > 0 && (
            <LeagueTable rows={table.rows} caption={`${table.competition.name} table`} />
          )}
          {round.length > 0 && (
            <>
              <h2 className={styles.heading}>Fixtures and results</h2>
              <ul className={styles.list}>
                {round.map((match) => (
                  <MatchLine key={match.id} match={match} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <p>
        {/* A calendar file, not a page of the app: a plain link. */}
        <a href={`/tag/${slug}/fixtures.ics`}>Fixtures calendar</a>
      </p>
    </section>
  );
}
