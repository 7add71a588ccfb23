import { describe, expect, it } from 'vitest';
import { defaultTimeSlot } from './defaults';
import { describeSchedule, nextRun, occurrencesBetween, repeatDays, type ScheduleCalendar } from './schedule';
import type { MissionTimeSlot } from './types';

const LONDON: ScheduleCalendar = { timeZone: 'Europe/London', holidays: new Set(['2026-12-25']) };

/** 08:00 on weekdays, not on holidays, skipping 2026-12-23 (a Wednesday). */
function weekdaySlot(): MissionTimeSlot {
  return {
    ...defaultTimeSlot('2026-01-01'),
    startTime: { hour: 8, minute: 0, second: 0 },
    repeatOn: [false, true, true, true, true, true, false, false],
    skipDate: [{ year: 2026, month: 12, day: 23 }],
  };
}

const iso = (date: Date | undefined) => date?.toISOString();

describe('timer mission schedule', () => {
  it('runs at the slot start on a matching weekday, in the application’s zone', () => {
    // Monday 2026-12-21 07:59:59 London (GMT): the next start is the same morning at 08:00 GMT.
    const next = nextRun([weekdaySlot()], new Date('2026-12-21T07:59:59Z'), LONDON);
    expect(iso(next?.at)).toBe('2026-12-21T08:00:00.000Z');
    // In Hong Kong the same slot is 08:00 +08:00.
    const hk = nextRun([weekdaySlot()], new Date('2026-12-21T00:00:00Z'), { timeZone: 'Asia/Hong_Kong', holidays: new Set() });
    expect(iso(hk?.at)).toBe('2026-12-22T00:00:00.000Z');
  });

  it('skips a skip date and a holiday, and runs on a holiday only with the Holiday flag', () => {
    const week = occurrencesBetween([weekdaySlot()], new Date('2026-12-20T12:00:00Z'), new Date('2026-12-27T12:00:00Z'), LONDON);
    // Mon 21, Tue 22, (Wed 23 skipped), Thu 24, (Fri 25 holiday), weekend off.
    expect(week.map((run) => iso(run.at))).toEqual([
      '2026-12-21T08:00:00.000Z',
      '2026-12-22T08:00:00.000Z',
      '2026-12-24T08:00:00.000Z',
    ]);
    const holidayOnly = { ...weekdaySlot(), repeatOn: [false, false, false, false, false, false, false, true] };
    expect(nextRun([holidayOnly], new Date('2026-12-20T00:00:00Z'), LONDON)?.at.toISOString()).toBe('2026-12-25T08:00:00.000Z');
  });

  it('keeps the wall-clock start across a daylight-saving change', () => {
    // London moves to BST on Sunday 2026-03-29: 08:00 is 08:00Z on Friday the 27th and 07:00Z on Monday the 30th.
    const runs = occurrencesBetween(
      [{ ...weekdaySlot(), skipDate: null }],
      new Date('2026-03-27T00:00:00Z'),
      new Date('2026-03-31T00:00:00Z'),
      LONDON,
    );
    expect(runs.map((run) => iso(run.at))).toEqual(['2026-03-27T08:00:00.000Z', '2026-03-30T07:00:00.000Z']);
    // New York moves on 2026-03-08: 08:00 EST is 13:00Z, 08:00 EDT 12:00Z.
    const daily = { ...defaultTimeSlot('2026-01-01') };
    const ny = occurrencesBetween([daily], new Date('2026-03-07T00:00:00Z'), new Date('2026-03-09T00:00:00Z'), {
      timeZone: 'America/New_York',
      holidays: new Set(),
    });
    expect(ny.map((run) => iso(run.at))).toEqual(['2026-03-07T13:00:00.000Z', '2026-03-08T12:00:00.000Z']);
  });

  it('honours the effective range unless the slot is always effective', () => {
    const ranged: MissionTimeSlot = {
      ...defaultTimeSlot('2026-05-01'),
      isAlwaysEffective: false,
      untilDate: { year: 2026, month: 5, day: 2 },
    };
    const from = new Date('2026-04-29T00:00:00Z');
    const to = new Date('2026-05-05T00:00:00Z');
    const utc = { timeZone: 'UTC', holidays: new Set<string>() };
    expect(occurrencesBetween([ranged], from, to, utc).map((run) => iso(run.at))).toEqual([
      '2026-05-01T08:00:00.000Z',
      '2026-05-02T08:00:00.000Z',
    ]);
    expect(occurrencesBetween([{ ...ranged, isAlwaysEffective: true }], from, to, utc)).toHaveLength(6);
    expect(nextRun([], from, utc)).toBeNull();
  });

  it('describes the schedule with the spec’s words', () => {
    const t = (key: string, params?: Record<string, string | number>) =>
      params ? `${key.split('.').pop()}(${Object.values(params).join('|')})` : key.split('.').pop()!;
    expect(describeSchedule([], t)).toEqual(['noSchedule']);
    expect(repeatDays([true, true, true, true, true, true, true, false])).toBe('day');
    expect(repeatDays([false, true, true, true, true, true, false, true])).toBe('weekdays');
    expect(repeatDays([true, false, false, false, false, false, true, true])).toBe('weekend');
    expect(describeSchedule([weekdaySlot()], t)).toEqual(['slot(weekdays|08:00:00|23:59:59) · skipHolidays']);
  });
});
