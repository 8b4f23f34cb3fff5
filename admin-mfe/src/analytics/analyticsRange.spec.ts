import { addDays, isDay, presetOf, presetRange, rangeDays, rangeFromParams, rangeLabel, rangeProblem } from './analyticsRange.js';

describe('the analytics range', () => {
  it('counts both ends and moves across months, leap days and years in UTC', () => {
    expect(rangeDays({ from: '2026-11-25', to: '2026-11-25' })).toBe(1);
    expect(rangeDays({ from: '2028-02-01', to: '2028-03-01' })).toBe(30);
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    // a range crossing a daylight-saving change still has whole days
    expect(rangeDays({ from: '2026-03-01', to: '2026-03-31' })).toBe(31);
  });

  it('makes the quick choices end today and recognises them again', () => {
    expect(presetRange(30, '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(presetRange(7, '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetOf({ from: '2026-08-28', to: '2026-11-25' }, '2026-11-25')).toBe(90);
    expect(presetOf({ from: '2026-11-19', to: '2026-11-25' }, '2026-11-26')).toBeNull();
    expect(presetOf({ from: '2026-11-18', to: '2026-11-25' }, '2026-11-25')).toBeNull();
  });

  it('refuses days that do not exist, a reversed range and one longer than the API answers', () => {
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
    expect(rangeProblem('', '2026-11-25')).toBe('Enter the first day (From).');
    expect(rangeProblem('2026-11-01', '')).toBe('Enter the last day (To).');
    expect(rangeProblem('2026-11-26', '2026-11-25')).toBe('From must be on or before To.');
    expect(rangeProblem('2025-11-24', '2026-11-25')).toBe('A range can cover at most 366 days.');
    expect(rangeProblem('2025-11-25', '2026-11-25')).toBeNull(); // 366 days, both ends counted
  });

  it('reads the range from the address, or the last 30 days when it is missing or broken', () => {
    const today = '2026-11-25';
    const last30 = { from: '2026-10-27', to: '2026-11-25' };
    expect(rangeFromParams(new URLSearchParams('tab=analytics&from=2026-01-01&to=2026-01-31'), today)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(rangeFromParams(new URLSearchParams('tab=analytics'), today)).toEqual(last30);
    expect(rangeFromParams(new URLSearchParams('from=2026-01-31&to=2026-01-01'), today)).toEqual(last30);
    expect(rangeFromParams(new URLSearchParams('from=2026-01-01'), today)).toEqual(last30);
  });

  it('labels a range in words', () => {
    expect(rangeLabel({ from: '2026-10-27', to: '2026-11-25' })).toBe('Oct 27 – Nov 25, 2026');
    expect(rangeLabel({ from: '2025-12-20', to: '2026-01-03' })).toBe('Dec 20, 2025 – Jan 3, 2026');
    expect(rangeLabel({ from: '2026-11-25', to: '2026-11-25' })).toBe('Nov 25, 2026');
  });
});
