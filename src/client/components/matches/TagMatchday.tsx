// A team's or competition's tag page, above its stories: a team's next fixture, last five results and table row; a
// competition's full table and its round's fixtures and results; and the fixtures calendar either way.
import type { Match } from '../../../contract/matches';
import { useEndpointQuery } from '../../api/queryHooks';
import { tagMatchdayApi } from '../../api/tagMatchdayApi';
import { LeagueTable } from './LeagueTable';
import styles from './TagMatchday.module.scss';

const DAY_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

const score = (match: Match) =>
  match.homeScore === null || match.awayScore === null ? 'v' : `${match.homeScore}–${match.awayScore}`;

function MatchLine({ match }: { match: Match }) {
  return (
    <li className={styles.match}>
      {/* UTC on the server and in the browser alike: the same text both render. */}
      <time dateTime={match.kickoff}>{`${DAY_TIME.format(new Date(match.kickoff))} UTC`}</time>
      <span>{`${match.home.name} ${score(match)} ${match.away.name}`}</span>
      {match.status === 'postponed' && <span>Postponed</span>}
    </li>
  );
}

export function TagMatchday({ slug }: { slug: string }) {
  const { data } = useEndpointQuery(tagMatchdayApi.endpoints.getTagMatchday, slug);
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
