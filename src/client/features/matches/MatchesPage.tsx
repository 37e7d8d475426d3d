// /matches: one day's matches (today unless ?date= names another), grouped by competition, with links to the days
// around it. Server-rendered, so it reads whole without JavaScript; once running, a live match's score follows the
// live-now poll every public page shares, and the day is read again when coverage starts or ends.
import { useEffect, useMemo, useRef } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useLocation } from 'react-router-dom';
import type { Match } from '../../../contract/matches';
import type { LiveNowAnswer } from '../../../contract/live';
import { pathTo } from '../../../contract/routes';
import { useEndpointQuery } from '../../api/queryHooks';
import { useLiveNow } from '../../api/liveNowApi';
import { useHydrated } from '../../app/useHydrated';
import { Link } from '../../components/Link';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { dayParam, dayTitle, groupByCompetition, scoreText, shiftDay, statusText } from './matchDay';
import { matchesApi } from './matchesApi';
import styles from './MatchesPage.module.scss';

const useApiDispatch = useDispatch.withTypes<ThunkDispatch<unknown, unknown, UnknownAction>>();

// One formatter per zone: making one per match costs the main thread.
const formatters = new Map<string, Intl.DateTimeFormat>();
function clockIn(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formatters.get(key);
  if (!format)
    formatters.set(key, (format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' })));
  return format;
}

/** A kickoff: in the site's zone as the server wrote it (and during hydration), then in the reader's own; HH:MM both. */
function Kickoff({ iso, siteZone }: { iso: string; siteZone: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{clockIn(hydrated ? undefined : siteZone).format(new Date(iso))}</time>;
}

/**
 * The match as the live-now answer has it: set live by hand, its status and score; while its coverage is live, "Live"
 * and the desk's score.
 */
function withLiveScore(match: Match, now: LiveNowAnswer | undefined): Match {
  const byHand = now?.matches?.find((live) => live.id === match.id);
  if (byHand) return { ...match, status: 'live', homeScore: byHand.homeScore, awayScore: byHand.awayScore };
  const live = match.postId === null ? undefined : now?.posts.find((post) => post.id === match.postId)?.live;
  if (!live || live.state !== 'live') return match;
  const score = live.match;
  const whole = score && /^\d{1,3}$/.test(score.homeScore) && /^\d{1,3}$/.test(score.awayScore);
  return {
    ...match,
    status: 'live',
    ...(whole ? { homeScore: Number(score.homeScore), awayScore: Number(score.awayScore) } : {}),
  };
}

function MatchRow({ match, siteZone }: { match: Match; siteZone: string }) {
  const status = statusText(match.status);
  return (
    <li className={styles.match} data-status={match.status}>
      <span className={styles.when}>
        <Kickoff iso={match.kickoff} siteZone={siteZone} />
        {status && <span className={match.status === 'live' ? styles.live : styles.status}>{status}</span>}
      </span>
      <span className={styles.home}>{match.home.name}</span>
      <span className={styles.score} aria-label={match.homeScore === null ? 'versus' : undefined}>
        {scoreText(match)}
      </span>
      <span className={styles.away}>{match.away.name}</span>
      {match.postId !== null && (
        <Link className={styles.coverage} to={pathTo('post', { id: match.postId })}>
          {match.status === 'live' ? 'Follow live' : 'Read'}
          <span className="visually-hidden">{`: ${match.home.name} v ${match.away.name}`}</span>
        </Link>
      )}
    </li>
  );
}

/**
 * Reads the day again when what is live changes (coverage started or ended, a match was linked, a match set live by
 * hand or no longer), so a finished match shows its final status.
 */
function useDayFollowsCoverage(date: string | null, now: LiveNowAnswer | undefined) {
  const dispatch = useApiDispatch();
  const seen = useRef<string | undefined>(undefined);
  const ids = now && `${now.posts.map((post) => post.id).join(',')};${(now.matches ?? []).map((m) => m.id).join(',')}`;
  useEffect(() => {
    if (ids === undefined) return;
    if (seen.current !== undefined && seen.current !== ids)
      dispatch(matchesApi.endpoints.getMatchDay.initiate(date, { subscribe: false, forceRefetch: true }));
    seen.current = ids;
  }, [date, dispatch, ids]);
}

export function MatchesPage() {
  useDocumentTitle('Matches');
  // useLocation, not useSearchParams: the latter would add react-router code to every visitor's JavaScript.
  const date = dayParam(new URLSearchParams(useLocation().search).get('date')) ?? null;
  const { data, isError, isLoading } = useEndpointQuery(matchesApi.endpoints.getMatchDay, date);
  // Only a day with a match still to finish asks who is live.
  const open = data?.matches.some((match) => match.status === 'scheduled' || match.status === 'live') ?? false;
  const now = useLiveNow(open);
  useDayFollowsCoverage(date, open ? now : undefined);
  const groups = useMemo(
    () => groupByCompetition((data?.matches ?? []).map((match) => withLiveScore(match, now))),
    [data, now],
  );
  const day = data?.date ?? date;
  return (
    <section aria-labelledby="matches-title" className={styles.page}>
      <h1 id="matches-title" className={styles.heading}>
        {date === null ? 'Today' : dayTitle(date)}
      </h1>
      {day && (
        <nav aria-label="Days" className={styles.days}>
          <Link to={`${pathTo('matches')}?date=${shiftDay(day, -1)}`}>Previous day</Link>
          {date === null ? <span>{dayTitle(day)}</span> : <Link to={pathTo('matches')}>Today</Link>}
          <Link to={`${pathTo('matches')}?date=${shiftDay(day, 1)}`}>Next day</Link>
        </nav>
      )}
      {isLoading ? (
        <p className="status" role="status">
          Loading matches...
        </p>
      ) : isError || !data ? (
        <p className="error-text" role="alert">
          The matches could not be loaded right now. Please try again.
        </p>
      ) : groups.length === 0 ? (
        <p className={styles.none}>No matches on this day.</p>
      ) : (
        groups.map(({ competition, matches }) => (
          <section key={competition.slug} aria-labelledby={`competition-${competition.slug}`} className={styles.group}>
            <h2 id={`competition-${competition.slug}`} className={styles.competition}>
              <Link to={pathTo('tag', { slug: competition.slug })}>{competition.name}</Link>
            </h2>
            <ul className={styles.list}>
              {matches.map((match) => (
                <MatchRow key={match.id} match={match} siteZone={data.timeZone} />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
