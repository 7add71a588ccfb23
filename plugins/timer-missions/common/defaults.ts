import dayjs from 'dayjs';
import { datePartsOf } from './schedule';
import { REPEAT_FLAGS, type MissionAction, type MissionTimeSlot, type TimerMissionSettings } from './types';

/** Timer mission defaults (accounts spec §9). */
export const DEFAULT_START = { hour: 8, minute: 0, second: 0 };
export const DEFAULT_END = { hour: 23, minute: 59, second: 59 };

/**
 * A new time slot (accounts spec §4): always effective, from `today` (YYYY-MM-DD) to one year later, 08:00:00 to
 * 23:59:59, all eight repeat flags on, and the first slot's skip dates when the mission has one.
 */
export function defaultTimeSlot(today: string, first?: MissionTimeSlot): MissionTimeSlot {
  return {
    isAlwaysEffective: true,
    effectiveDate: datePartsOf(today),
    untilDate: datePartsOf(dayjs(today).add(1, 'year').format('YYYY-MM-DD')),
    startTime: { ...DEFAULT_START },
    endTime: { ...DEFAULT_END },
    repeatOn: Array.from({ length: REPEAT_FLAGS }, () => true),
    skipDate: first?.skipDate ? first.skipDate.map((day) => ({ ...day })) : [],
  };
}

export function defaultAction(): MissionAction {
  return { actionType: 'Device', deviceName: '', commandId: '' };
}

/** A new mission: enabled, no actions, one default slot. */
export function defaultMissionSettings(today: string): TimerMissionSettings {
  return { missionName: '', desc: '', isEnabled: true, actions: [defaultAction()], timeslots: [defaultTimeSlot(today)] };
}
