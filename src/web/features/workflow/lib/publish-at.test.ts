import { describe, expect, it } from 'vitest';
import { scheduleBounds, utcIsoToWallTime, wallTimeToUtcIso } from './publish-at';

describe('the Schedule field’s times', () => {
  it('reads the chosen time in the reader’s zone and sends the UTC instant', () => {
    expect(wallTimeToUtcIso('2026-12-01T09:30', 'Europe/Paris')).toBe('2026-12-01T08:30:00.000Z');
    expect(wallTimeToUtcIso('2026-07-01T09:30', 'Europe/Paris')).toBe('2026-07-01T07:30:00.000Z');
    expect(wallTimeToUtcIso('2026-12-01T09:30', 'America/New_York')).toBe('2026-12-01T14:30:00.000Z');
    expect(wallTimeToUtcIso('2026-12-01T09:30', 'Asia/Kolkata')).toBe('2026-12-01T04:00:00.000Z');
    expect(wallTimeToUtcIso('2026-12-01T09:30:15', 'UTC')).toBe('2026-12-01T09:30:15.000Z');
  });

  it('crosses midnight and the year in the conversion', () => {
    expect(wallTimeToUtcIso('2027-01-01T00:15', 'Europe/Berlin')).toBe('2026-12-31T23:15:00.000Z');
    expect(wallTimeToUtcIso('2026-12-31T20:00', 'Pacific/Auckland')).toBe('2026-12-31T07:00:00.000Z');
  });

  it('gives the hour after a daylight-saving gap the same instant the zone’s clock shows', () => {
    // 02:30 does not exist in Paris on 2026-03-29; an instant is still sent, not an error.
    // It lands after the change, at 03:30 on the zone's clock.
    expect(wallTimeToUtcIso('2026-03-29T02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
    // The hour after the change is exact.
    expect(wallTimeToUtcIso('2026-03-29T03:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    expect(wallTimeToUtcIso('', 'UTC')).toBeNull();
    expect(wallTimeToUtcIso('tomorrow', 'UTC')).toBeNull();
    expect(wallTimeToUtcIso('2026-12-01', 'UTC')).toBeNull();
  });

  it('shows a scheduled instant in the reader’s zone, and round-trips it', () => {
    expect(utcIsoToWallTime('2026-12-01T08:30:00.000Z', 'Europe/Paris')).toBe('2026-12-01T09:30');
    expect(utcIsoToWallTime('2026-12-01T14:30:00.000Z', 'America/New_York')).toBe('2026-12-01T09:30');
    expect(utcIsoToWallTime(null, 'UTC')).toBe('');
    expect(utcIsoToWallTime('garbage', 'UTC')).toBe('');
    for (const zone of ['UTC', 'Europe/London', 'America/Los_Angeles', 'Australia/Adelaide']) {
      const wall = utcIsoToWallTime('2026-10-05T17:45:00.000Z', zone);
      expect(wallTimeToUtcIso(wall, zone)).toBe('2026-10-05T17:45:00.000Z');
    }
  });

  it('bounds the field from now to a year ahead', () => {
    const now = Date.parse('2026-11-29T17:00:00Z');
    expect(scheduleBounds(now, 'Europe/Paris')).toEqual({ min: '2026-11-29T18:00', max: '2027-11-29T18:00' });
  });
});
