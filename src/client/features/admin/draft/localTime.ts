// The "Publish at" field is a datetime-local control: it shows and returns the admin's wall-clock time with no zone.
// The API wants an instant, so the value is sent as ISO 8601 with the admin's offset at that moment (which follows
// daylight saving: a post scheduled across a clock change keeps the wall-clock time the admin chose).
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/** A datetime-local value ('2026-11-28T09:30') as ISO 8601 with the local offset, or null when it is no valid time. */
export function localInputToIso(value: string): string | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds = '0'] = match.slice(1).map((part) => part ?? '0');
  const date = new Date(+year, +month - 1, +day, +hours, +minutes, +seconds);
  // new Date rolls 31 February over to March; such a value was never a real time.
  if (date.getFullYear() !== +year || date.getMonth() !== +month - 1 || date.getDate() !== +day) return null;
  if (Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/** An instant (ISO 8601) as a datetime-local value in the admin's time zone, '' when it is not a date. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** An instant as the admin's locale writes a date and time, e.g. '28 Nov 2026, 09:30'; '' when it is not a date. */
export function formatLocalTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
