import { addDays, daysSpanned, FIRST_DAY, isCalendarDay, utcDay } from './days.js';

describe('calendar days (UTC)', () => {
  it('knows real days from look-alikes', () => {
    for (const day of ['2024-02-29', '2026-01-31', '2026-12-31', FIRST_DAY, '9999-12-31']) expect(isCalendarDay(day)).toBe(true);
    for (const text of ['2025-02-29', '2026-02-30', '2026-04-31', '0000-12-31', '2026-13-01', '2026-1-5', '20260105', 'yesterday', '', null, undefined]) {
      expect(isCalendarDay(text)).toBe(false);
    }
  });

  it('writes the UTC day of an instant, whatever the local time zone says', () => {
    expect(utcDay(new Date('2026-03-01T23:30:00-05:00'))).toBe('2026-03-02');
    expect(utcDay(new Date('2026-03-01T00:30:00+02:00'))).toBe('2026-02-28');
  });

  it('moves a day across months, leap days and years, and counts a range with both ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-11-29', 365)).toBe('2027-11-29');
    expect(daysSpanned('2026-11-29', '2026-11-29')).toBe(1);
    expect(daysSpanned('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysSpanned('2026-11-02', '2026-11-01')).toBe(0);
    // a daylight-saving change is not a UTC day's business
    expect(daysSpanned('2026-03-01', '2026-03-31')).toBe(31);
  });
});
