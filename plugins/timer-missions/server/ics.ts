import ICAL from 'ical.js';
import { HttpError } from '@sensorium/core/server';

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const keyOf = (time: ICAL.Time) => `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;

/** The longest event taken as a run of holidays, and the most occurrences one recurring event adds. */
const MAX_EVENT_DAYS = 31;
const MAX_OCCURRENCES = 100;

/** The days an event covers: all-day events up to their (exclusive) end, timed ones their start's day. */
function daysOf(start: ICAL.Time, end: ICAL.Time | null): string[] {
  if (!start.isDate || !end) return [keyOf(start)];
  const days: string[] = [];
  const day = start.clone();
  while (day.compare(end) < 0 && days.length < MAX_EVENT_DAYS) {
    days.push(keyOf(day));
    day.adjust(1, 0, 0, 0);
  }
  return days.length > 0 ? days : [keyOf(start)];
}

/**
 * The holidays of an iCalendar file (a public-holiday calendar): every day its events cover, recurring events (a
 * yearly RRULE) expanded up to the end of `untilYear`. Throws a 400 when the text is not iCalendar.
 */
export function holidaysFromIcs(text: string, untilYear: number): string[] {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw HttpError.badRequest('timer-missions.errors.icsInvalid', 'ics');
  }
  if (calendar.name !== 'vcalendar') throw HttpError.badRequest('timer-missions.errors.icsInvalid', 'ics');
  const days = new Set<string>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    if (!event.startDate) continue;
    const length = event.endDate ? event.endDate.subtractDate(event.startDate) : null;
    if (!event.isRecurring()) {
      for (const day of daysOf(event.startDate, event.endDate ?? null)) days.add(day);
      continue;
    }
    const occurrences = event.iterator();
    for (let count = 0; count < MAX_OCCURRENCES; count++) {
      const next = occurrences.next();
      if (!next || next.year > untilYear) break;
      let end: ICAL.Time | null = null;
      if (length) {
        end = next.clone();
        end.addDuration(length);
      }
      for (const day of daysOf(next, end)) days.add(day);
    }
  }
  return [...days].sort();
}
