// The /matches page's rules on plain data: which day a URL asks for, the days around it, the day's matches grouped by
// competition, and what a match shows in place of a score. Dates are YYYY-MM-DD; no zod (the page is a visitor's).
import type { Match } from '../../../contract/matches';
import type { TagRef } from '../../../contract/tags';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A ?date= the page can show: a real day written YYYY-MM-DD, else undefined (the page shows today). */
export function dayParam(text: string | null): string | undefined {
  if (text === null || !DAY.test(text)) return undefined;
  const time = Date.parse(`${text}T00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text ? undefined : text;
}

/** The day `days` after (or before, when negative) a day. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

// One formatter per zone, made at first use: making one costs the main thread more than formatting with it.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day an instant falls on in a time zone (the reader's when none is named). */
export function dayOf(instant: number, timeZone?: string): string {
  let format = dayFormats.get(timeZone ?? '');
  // en-CA writes dates as YYYY-MM-DD.
  if (!format)
    dayFormats.set(
      timeZone ?? '',
      (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    );
  return format.format(new Date(instant));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "Saturday 28 November 2026": a day as the page's heading names it. Written by hand, not by Intl, whose punctuation
 * differs between ICU versions: the server's text and the browser's must be the same for hydration.
 */
export function dayTitle(day: string): string {
  const date = new Date(`${day}T00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export type CompetitionGroup = { competition: TagRef; matches: Match[] };

/** The day's matches by competition: competitions in the order of their first kickoff, each one's in kickoff order. */
export function groupByCompetition(matches: readonly Match[]): CompetitionGroup[] {
  const sorted = [...matches].sort((a, b) => Date.parse(a.kickoff) - Date.parse(b.kickoff) || a.id - b.id);
  const groups = new Map<string, CompetitionGroup>();
  for (const match of sorted) {
    const slug = match.competition.slug;
    let group = groups.get(slug);
    if (!group) groups.set(slug, (group = { competition: match.competition, matches: [] }));
    group.matches.push(match);
  }
  return [...groups.values()];
}

/** What sits between the teams: the score once there is one, else "v". */
export function scoreText(match: Pick<Match, 'homeScore' | 'awayScore'>): string {
  return match.homeScore === null || match.awayScore === null ? 'v' : `${match.homeScore}–${match.awayScore}`;
}

/** The short status a match shows beside its kickoff, none for a scheduled one. */
export function statusText(status: Match['status']): string | undefined {
  return { scheduled: undefined, live: 'Live', finished: 'FT', postponed: 'Postponed' }[status];
}
