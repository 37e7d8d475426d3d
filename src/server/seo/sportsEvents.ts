// Matches as schema.org SportsEvent, as the pages that list them put them in their JSON-LD: the teams as SportsTeam,
// the kickoff, the status and the venue. schema.org has no score property, so the score lives in the page only.
import type { Match, MatchStatus } from '../../contract/matches';
import { pathTo } from '../../contract/routes';

const STATUS: Record<MatchStatus, string> = {
  // schema.org has no "in progress" or "completed": a match that took place when planned stays scheduled.
  scheduled: 'https://schema.org/EventScheduled',
  live: 'https://schema.org/EventScheduled',
  finished: 'https://schema.org/EventScheduled',
  postponed: 'https://schema.org/EventPostponed',
};

const team = (ref: Match['home'], publicUrl: string) => ({
  '@type': 'SportsTeam',
  name: ref.name,
  url: `${publicUrl}${pathTo('tag', { slug: ref.slug })}`,
  ...(ref.crest ? { logo: `${publicUrl}${ref.crest}` } : {}),
});

/**
 * One match as a SportsEvent. `page` is the absolute URL of the page listing it: the event's url is its coverage when
 * it has a post, else that page.
 */
export function sportsEvent(match: Match, publicUrl: string, page: string): object {
  const home = team(match.home, publicUrl);
  const away = team(match.away, publicUrl);
  return {
    '@type': 'SportsEvent',
    name: `${match.home.name} v ${match.away.name}`,
    startDate: match.kickoff,
    eventStatus: STATUS[match.status],
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    homeTeam: home,
    awayTeam: away,
    competitor: [home, away],
    superEvent: {
      '@type': 'SportsEvent',
      name: match.competition.name,
      url: `${publicUrl}${pathTo('tag', { slug: match.competition.slug })}`,
    },
    ...(match.venue ? { location: { '@type': 'Place', name: match.venue, address: match.venue } } : {}),
    url: match.postId === null ? page : `${publicUrl}${pathTo('post', { id: match.postId })}`,
  };
}
