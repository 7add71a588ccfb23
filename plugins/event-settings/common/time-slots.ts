import type { TimeSlot } from './rule';

/** The wall-clock parts of an instant in a time zone. */
interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm:ss */
  time: string;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formats = new Map<string, Intl.DateTimeFormat>();

function localTime(at: Date, timeZone: string): LocalTime {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** Whether the slot covers the local time (a slot ending before it starts runs over midnight). */
function covers(slot: TimeSlot, local: LocalTime): boolean {
  if (!slot.always && ((slot.beginOn && local.date < slot.beginOn) || (slot.until && local.date > slot.until))) return false;
  if (!slot.weekdays[local.weekday]) return false;
  if (slot.allDay) return true;
  if (slot.startTime <= slot.endTime) return local.time >= slot.startTime && local.time <= slot.endTime;
  return local.time >= slot.startTime || local.time <= slot.endTime;
}

/** Whether a rule with these slots may open events at `at`: no slots means always. */
export function inTimeSlots(slots: readonly TimeSlot[], at: Date, timeZone: string): boolean {
  if (slots.length === 0) return true;
  const local = localTime(at, timeZone);
  return slots.some((slot) => covers(slot, local));
}
