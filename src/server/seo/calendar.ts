// A team's or a competition's fixtures as an iCalendar feed (RFC 5545, written by ical-generator): each match an
// event of two hours from kickoff at its venue, with a UID that never changes and a SEQUENCE and LAST-MODIFIED that
// move when the match does, so a subscribed calendar updates the event in place.
import ical, { ICalEventStatus } from 'ical-generator';
import { MATCH_DURATION_MS } from '../../contract/matches';
import { SITE_NAME } from '../../contract/site';
import type { TagInfo } from '../../contract/tags';
import type { StoredMatch } from '../repositories/matchesRepository';

const scoreLine = (match: StoredMatch) =>
  match.homeScore === null || match.awayScore === null
    ? `${match.home.name} v ${match.away.name}`
    : `${match.home.name} ${match.homeScore}–${match.awayScore} ${match.away.name}`;

export function fixturesCalendar(tag: TagInfo, matches: readonly StoredMatch[], publicUrl: string): string {
  const host = new URL(publicUrl).host;
  const calendar = ical({
    name: `${tag.name} fixtures · ${SITE_NAME}`,
    prodId: { company: SITE_NAME, product: 'fixtures', language: 'EN' },
    url: `${publicUrl}/tag/${tag.slug}`,
    // Calendar apps that honour it look again hourly.
    ttl: 60 * 60,
  });
  for (const match of matches) {
    const start = new Date(match.kickoff);
    const postponed = match.status === 'postponed';
    calendar.createEvent({
      id: `match-${match.id}@${host}`,
      start,
      end: new Date(start.getTime() + MATCH_DURATION_MS),
      summary: `${scoreLine(match)}${postponed ? ' (postponed)' : ''}`,
      description: match.competition.name,
      location: match.venue,
      url: match.postId === null ? `${publicUrl}/tag/${tag.slug}` : `${publicUrl}/page/${match.postId}`,
      status: postponed ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: match.sequence,
      lastModified: new Date(match.updatedAt),
      // The stamp is the last change too: the same match gives the same bytes, so the ETag holds between changes.
      stamp: new Date(match.updatedAt),
    });
  }
  return calendar.toString();
}
