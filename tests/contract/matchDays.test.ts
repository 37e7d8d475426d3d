// The site's days: a wall-clock time in a zone as an instant, across clock changes, and the day an instant falls on.
import { dayIn, isInstant, nextDay, zonedInstant } from '../../src/contract/matches';

describe('the site’s days', () => {
  it('reads a wall-clock time in its zone, on either side of a clock change', () => {
    expect(new Date(zonedInstant('2026-11-28', '00:00', 'UTC')).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(new Date(zonedInstant('2026-11-28', '00:00', 'America/New_York')).toISOString()).toBe(
      '2026-11-28T05:00:00.000Z',
    );
    expect(new Date(zonedInstant('2026-07-01', '15:00', 'Europe/London')).toISOString()).toBe(
      '2026-07-01T14:00:00.000Z',
    );
    expect(new Date(zonedInstant('2026-03-29', '00:00', 'Europe/London')).toISOString()).toBe(
      '2026-03-29T00:00:00.000Z',
    );
    expect(new Date(zonedInstant('2026-03-30', '00:00', 'Europe/London')).toISOString()).toBe(
      '2026-03-29T23:00:00.000Z',
    );
  });

  it('names the day an instant falls on, and the next day', () => {
    expect(dayIn(Date.parse('2026-11-29T03:00:00Z'), 'America/New_York')).toBe('2026-11-28');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('takes only real instants with an offset', () => {
    expect(isInstant('2026-11-28T15:00:00Z')).toBe(true);
    expect(isInstant('2026-11-28T15:00+01:00')).toBe(true);
    expect(isInstant('2026-02-29T15:00Z')).toBe(false);
    expect(isInstant('2026-11-28 15:00')).toBe(false);
    expect(isInstant('2026-11-28T25:00Z')).toBe(false);
  });
});
