// The badge beside a live post's title (its page and the story lists) and its score line: small, as every visitor's
// list and post page carries it.
import { scoreLine } from '../../../contract/live';
import type { LiveCoverage } from '../../../contract/live';
import styles from './LiveBadge.module.scss';

/** "Live" while live, "Ended" once ended. */
export function LiveBadge({ live }: { live: Pick<LiveCoverage, 'state'> }) {
  return live.state === 'live' ? (
    <span className={`${styles.badge} ${styles.live}`}>Live</span>
  ) : (
    <span className={styles.badge}>Ended</span>
  );
}

/** "{home} {homeScore}–{awayScore} {away}" and the clock, when the match is set. */
export function ScoreLine({ live }: { live: LiveCoverage | null }) {
  if (!live?.match) return null;
  return (
    <p className={styles.score}>
      <span>{scoreLine(live.match)}</span>
      {live.match.clock && <span className={styles.clock}>{live.match.clock}</span>}
    </p>
  );
}
