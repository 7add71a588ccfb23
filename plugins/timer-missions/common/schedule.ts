import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { HOLIDAY_FLAG, type DateParts, type MissionTimeSlot, type TimeParts } from './types';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * When timer missions run (docs/timer-missions.md), as pure functions of the slots, an instant, the application's time
 * zone and its holidays: the scheduler and its tests use them with any clock.
 */
export interface ScheduleCalendar {
  /** IANA zone the slots' dates and times are read in. */
  timeZone: string;
  /** Holidays as YYYY-MM-DD. */
  holidays: ReadonlySet<string>;
}

/** One start of a slot. */
export interface Occurrence {
  slotIndex: number;
  at: Date;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** YYYY-MM-DD */
export function dateKey(date: DateParts): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** HH:mm:ss */
export function timeText(time: TimeParts): string {
  return `${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
}

export function datePartsOf(key: string): DateParts {
  const [year, month, day] = key.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}

/** Whether the slot runs on this local day (0 Sunday … 6 Saturday): effective range, skip dates, then the day's flag. */
export function slotRunsOn(slot: MissionTimeSlot, day: string, weekday: number, holidays: ReadonlySet<string>): boolean {
  if (!slot.isAlwaysEffective && (day < dateKey(slot.effectiveDate) || day > dateKey(slot.untilDate))) return false;
  if (slot.skipDate?.some((skipped) => dateKey(skipped) === day)) return false;
  // A holiday is a day type of its own: only the Holiday flag decides, whatever weekday it falls on.
  return holidays.has(day) ? slot.repeatOn[HOLIDAY_FLAG] === true : slot.repeatOn[weekday] === true;
}

/**
 * The instant a local date and time stand for in the zone. A time the clocks skip (spring forward) is read with the
 * offset before the change, so it runs that much later on the wall clock (01:30 in London's gap runs at 02:30 BST);
 * a time that happens twice (fall back) runs at its first occurrence.
 */
export function instantOf(day: string, time: TimeParts, timeZone: string): Date {
  return dayjs.tz(`${day} ${timeText(time)}`, timeZone).toDate();
}

/** The starts of every slot in (from, to], ordered; a mission runs once per instant even when two slots start at it. */
export function occurrencesBetween(
  slots: readonly MissionTimeSlot[],
  from: Date,
  to: Date,
  calendar: ScheduleCalendar,
): Occurrence[] {
  if (to <= from || slots.length === 0) return [];
  const found = new Map<number, Occurrence>();
  // Local days (date arithmetic in UTC, which has no DST) from the one before `from`'s to `to`'s.
  let day = dayjs.utc(localDay(from, calendar.timeZone)).subtract(1, 'day');
  const last = localDay(to, calendar.timeZone);
  for (let guard = 0; guard < 800; guard++) {
    const key = day.format('YYYY-MM-DD');
    if (key > last) break;
    const weekday = day.day();
    slots.forEach((slot, slotIndex) => {
      if (!slotRunsOn(slot, key, weekday, calendar.holidays)) return;
      const at = instantOf(key, slot.startTime, calendar.timeZone);
      if (at > from && at <= to && !found.has(at.getTime())) found.set(at.getTime(), { slotIndex, at });
    });
    day = day.add(1, 'day');
  }
  return [...found.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The next start after `after` within `horizonDays`, or null (no slot, or none that will ever match again). */
export function nextRun(
  slots: readonly MissionTimeSlot[],
  after: Date,
  calendar: ScheduleCalendar,
  horizonDays = 400,
): Occurrence | null {
  // A week at a time, so the usual answer costs one short scan.
  for (let start = 0; start < horizonDays; start += 7) {
    const from = dayjs(after).add(start, 'day').toDate();
    const to = dayjs(after)
      .add(Math.min(start + 7, horizonDays), 'day')
      .toDate();
    const [first] = occurrencesBetween(slots, start === 0 ? after : from, to, calendar);
    if (first) return first;
  }
  return null;
}

/** Which days a slot repeats on, as the schedule description names them (accounts spec §9). */
export type RepeatDays = 'day' | 'weekdays' | 'weekend' | 'none' | number[];

export function repeatDays(repeatOn: readonly boolean[]): RepeatDays {
  const days = repeatOn.slice(0, 7);
  const on = days.flatMap((flag, day) => (flag ? [day] : []));
  if (on.length === 7) return 'day';
  if (on.length === 0) return 'none';
  if (on.join() === '1,2,3,4,5') return 'weekdays';
  if (on.join() === '0,6') return 'weekend';
  return on;
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * The schedule description (accounts spec §9): per slot its days ('day', 'weekdays', 'weekend' or the day names), its
 * start and end, that commands go at the start only, and 'Skip mission on holidays' when the Holiday flag is off;
 * 'No schedule' without slots.
 */
export function describeSchedule(slots: readonly MissionTimeSlot[], t: Translate): string[] {
  if (slots.length === 0) return [t('timer-missions.description.noSchedule')];
  return slots.map((slot) => {
    const days = repeatDays(slot.repeatOn);
    const daysText =
      typeof days === 'string'
        ? t(`timer-missions.description.${days}`)
        : t('timer-missions.description.on', {
            days: days.map((day) => t(`timer-missions.weekdayShort.${day}`)).join(', '),
          });
    const parts = [
      t('timer-missions.description.slot', { days: daysText, start: timeText(slot.startTime), end: timeText(slot.endTime) }),
    ];
    if (slot.repeatOn[HOLIDAY_FLAG] !== true) parts.push(t('timer-missions.description.skipHolidays'));
    if (!slot.isAlwaysEffective) {
      parts.push(t('timer-missions.description.between', { from: dateKey(slot.effectiveDate), until: dateKey(slot.untilDate) }));
    }
    return parts.join(' · ');
  });
}

/** The local day `at` falls on in the zone, as YYYY-MM-DD. */
export function localDay(at: Date, timeZone: string): string {
  return dayjs(at).tz(timeZone).format('YYYY-MM-DD');
}

/** Whether the runtime knows the IANA zone. */
export function isKnownTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}
