// The badge beside a live post's title (its page and the story lists) and its score line: small, as every visitor's
// list and post page carries it.
import { scoreLine } from '../../../contract/live';
import type { LiveCoverage } from '../../../contract/live';
import type { TeamRef } from '../../../contract/matches';
import { pathTo } from '../../../contract/routes';
import { Link } from '../Link';
import styles from './LiveBadge.module.scss';

/** "Live" while live, "Ended" once ended. */
export function LiveBadge({ live }: { live: Pick<LiveCoverage, 'state'> }) {
  return live.state === 'live' ? (
    <span className={`${styles.badge} ${styles.live}`}>Live</span>
  ) : (
    <span className={styles.badge}>Ended</span>
  );
}

/** A team's crest at a fixed size (no shift as it loads); decorative, as the team's name is beside it. */
const Crest = ({ team }: { team: TeamRef }) =>
  team.crest && <img className={styles.crest} src={team.crest} alt="" width={24} height={24} decoding="async" />;

/**
 * "{home} {homeScore}–{awayScore} {away}" and the clock, when the match is set. A post covering a match (its
 * fixture) names the teams as their tags do, with their crests, and links to the competition's table.
 */
export function ScoreLine({ live }: { live: LiveCoverage | null }) {
  const fixture = live?.fixture;
  const match = live?.match;
  if (!match && !fixture) return null;
  const scored = match && match.homeScore !== '' && match.awayScore !== '';
  return (
    <p className={styles.score}>
      {fixture ? (
        <span className={styles.line}>
          <Crest team={fixture.home} />
          {fixture.home.name} {scored ? `${match.homeScore}–${match.awayScore}` : 'v'} {fixture.away.name}
          <Crest team={fixture.away} />
        </span>
      ) : (
        match && <span>{scoreLine(match)}</span>
      )}
      {match?.clock && <span className={styles.clock}>{match.clock}</span>}
      {fixture && (
        <Link className={styles.table} to={pathTo('tag', { slug: fixture.competition.slug })}>
          {`${fixture.competition.name} table`}
        </Link>
      )}
    </p>
  );
}
