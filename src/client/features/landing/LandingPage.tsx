import { Link } from '../../components/Link';
import { ArrowRight, Bell, TrendingUp, Users } from 'lucide-react';
import { paths } from '../../app/paths';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useEndpointQuery } from '../../api/queryHooks';
import { LiveBadge, ScoreLine } from '../../components/live/LiveBadge';
import { PrimaryTag } from '../../components/TagLinks';
import { Byline } from '../../components/Byline';
import { CommentCount } from '../../components/CommentCount';
import type { BlogSummary } from '../../../contract/types';
import { isLiveNow, useLiveNow } from '../../api/liveNowApi';
import type { LiveCoverage, LiveMatch, LiveNowAnswer } from '../../../contract/live';
import { SiteSubscribe } from '../../components/members/SiteSubscribe';
import { homeApi } from './homeApi';
import styles from './LandingPage.module.scss';

const FEATURES = [
  {
    icon: TrendingUp,
    title: 'Expert Analysis',
    text: 'Tactics, training and the numbers behind the result, broken down by people who have played and coached.',
  },
  {
    icon: Users,
    title: 'Community Driven',
    text: 'Stories from the stands, the club house and the weekend league, written for fans by fans.',
  },
  {
    icon: Bell,
    title: 'Latest Updates',
    text: 'Fresh posts on match days and in between, so you never miss what moved the game.',
  },
];

type LiveItem = LiveNowAnswer['posts'][number];

function StoryItem({ post, now }: { post: BlogSummary; now: LiveNowAnswer | undefined }) {
  return (
    <li className={styles.story}>
      <h3>
        <Link to={paths.post(post.id)}>{post.title}</Link>
        {isLiveNow(post.id, post.live, now) && <LiveBadge live={{ state: 'live' }} />}
      </h3>
      <Byline post={post} />
      <CommentCount count={post.commentCount} />
      <PrimaryTag tag={post.tags?.[0]} />
    </li>
  );
}

/** A match set live by hand as the score line reads a covered one: its teams with crests, the score or "v". */
const coverageOf = ({ competition, home, away, kickoff, homeScore, awayScore }: LiveMatch): LiveCoverage => ({
  state: 'live',
  startedAt: kickoff,
  endedAt: null,
  match: {
    home: home.name,
    away: away.name,
    homeScore: homeScore === null ? '' : String(homeScore),
    awayScore: awayScore === null ? '' : String(awayScore),
    clock: '',
  },
  fixture: { competition, home, away },
});

/**
 * First under the top bar, so a phone shows it without scrolling: the posts live now with their scores, then the
 * matches live that no live post covers (linked to their post, else their competition), kept current by the live-now
 * answer (absent when none is live).
 */
function LiveNow({ posts, matches }: { posts: readonly LiveItem[]; matches: readonly LiveMatch[] }) {
  if (!posts.length && !matches.length) return null;
  return (
    <section aria-labelledby="live-now" className={`${styles.lists} ${styles.liveNow}`}>
      <h2 id="live-now">Live now</h2>
      <ul className={styles.stories}>
        {posts.map((post) => (
          <li key={post.id} className={styles.story}>
            <h3>
              <Link to={paths.post(post.id)}>{post.title}</Link>
              <LiveBadge live={post.live} />
            </h3>
            <ScoreLine live={post.live} />
          </li>
        ))}
        {matches.map((match) => (
          <li key={`match-${match.id}`} className={styles.story}>
            <h3>
              <Link to={match.postId === null ? paths.tag(match.competition.slug) : paths.post(match.postId)}>
                {`${match.home.name} v ${match.away.name}`}
              </Link>
              <LiveBadge live={{ state: 'live' }} />
            </h3>
            <ScoreLine live={coverageOf(match)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Under the hero and the blurbs: the newest stories. */
function HomeLists({ now }: { now: LiveNowAnswer | undefined }) {
  const { data } = useEndpointQuery(homeApi.endpoints.getHome, undefined);
  if (!data) return null;
  return (
    <>
      {data.latest.length > 0 && (
        <section aria-labelledby="latest-stories" className={styles.lists}>
          <h2 id="latest-stories">Latest stories</h2>
          <ul className={styles.stories}>
            {data.latest.map((post) => (
              <StoryItem key={post.id} post={post} now={now} />
            ))}
          </ul>
          <p>
            <Link to={paths.blog()}>All stories</Link>
          </p>
        </section>
      )}
    </>
  );
}

export function LandingPage() {
  useDocumentTitle();
  const { data } = useEndpointQuery(homeApi.endpoints.getHome, undefined);
  const now = useLiveNow();
  return (
    <>
      <LiveNow
        posts={now?.posts ?? data?.live.flatMap(({ id, title, live }) => (live ? [{ id, title, live }] : [])) ?? []}
        // An answer without matches comes from a process not yet updated during a deploy.
        matches={(now ? now.matches : data?.matches) ?? []}
      />
      <section className={styles.hero} aria-labelledby="hero-title">
        <p className={styles.kicker}>The sports blog</p>
        <h1 id="hero-title" className={styles.title}>
          Sports stories from the touchline
        </h1>
        <p className={styles.tagline}>
          Match analysis, training know-how and honest gear picks for players, coaches and everyone who loves the game.
        </p>
        <Link to={paths.blog()} className={`button ${styles.cta}`}>
          Read the blog
          <ArrowRight size={20} aria-hidden="true" />
        </Link>
      </section>
      <section aria-labelledby="features-title">
        <h2 id="features-title" className="visually-hidden">
          What you will find here
        </h2>
        <ul className={styles.features}>
          {FEATURES.map(({ icon: FeatureIcon, title, text }) => (
            <li key={title} className={styles.feature}>
              <span className={styles.featureIcon}>
                <FeatureIcon size={28} aria-hidden="true" />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <HomeLists now={now} />
      <SiteSubscribe />
    </>
  );
}
