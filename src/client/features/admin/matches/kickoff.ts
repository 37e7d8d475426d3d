// A kickoff as the admin reads and writes it: a day and a wall-clock time in the site's time zone, the API's ISO
// instant underneath (a clock change between winter and summer is the zone's rules, not the admin's sum).
import { dayIn, zonedInstant } from '../../../../contract/zonedTime';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The instant (ISO, UTC) a day and time are in the zone; undefined when either is not one. */
export function kickoffInstant(day: string, time: string, timeZone: string): string | undefined {
  if (!DAY.test(day) || !TIME.test(time)) return undefined;
  const instant = zonedInstant(day, time, timeZone);
  // A day that does not exist (2026-02-30) rolls over: the day written must be the day it is.
  if (Number.isNaN(instant) || dayIn(instant, timeZone) !== day) return undefined;
  return new Date(instant).toISOString();
}

// One formatter per zone: the list formats every row's kickoff.
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockIn(timeZone: string): Intl.DateTimeFormat {
  let format = clocks.get(timeZone);
  if (!format)
    clocks.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })),
    );
  return format;
}

/** The kickoff's time, HH:MM, in the zone. */
export const kickoffTime = (iso: string, timeZone: string) => clockIn(timeZone).format(new Date(iso));

/** The day and time fields of a kickoff in the zone. */
export const kickoffFields = (iso: string, timeZone: string) => ({
  day: dayIn(Date.parse(iso), timeZone),
  time: kickoffTime(iso, timeZone),
});

/** Today in the zone. */
export const todayIn = (timeZone: string, now = Date.now()) => dayIn(now, timeZone);

/** The day `days` after (or before, when negative) a day. */
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A ?date= the page can show: a real day written YYYY-MM-DD, else undefined (the page shows today). */
export function dayParam(text: string | null): string | undefined {
  if (text === null || !DAY.test(text)) return undefined;
  const time = Date.parse(`${text}T00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text ? undefined : text;
}
