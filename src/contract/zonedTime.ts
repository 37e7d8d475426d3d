// Wall-clock times and days in an IANA time zone (the site's SITE_TIME_ZONE), with Intl alone: no zod, so the
// browser may import it.

/** How far the time zone is ahead of UTC at this instant (ms). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant (epoch ms) a wall-clock time of a day (YYYY-MM-DD, HH:MM) is in the time zone. */
export function zonedInstant(day: string, time: string, timeZone: string): number {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year!, month! - 1, date!, hour!, minute!);
  // Twice: the first guess's offset may be the other side of a clock change.
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(guess, timeZone);
}

/** The day after a day (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The day (YYYY-MM-DD) an instant falls on in the time zone. */
export function dayIn(instant: number, timeZone: string): string {
  return new Date(instant + zoneOffsetMs(instant, timeZone)).toISOString().slice(0, 10);
}
