import { dateKey, timeText } from './schedule';
import { REPEAT_FLAGS, type DateParts, type MissionDevice, type MissionErrorMap, type TimerMissionSettings } from './types';

/** Whether the parts name a real day (no 31 April). */
function isRealDate({ year, month, day }: DateParts): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The validate call's checks (accounts spec §5), as i18n keys per part: `basic` (name), `action-{i}` and
 * `timeslot-{i}`. Half-filled parts pass unless `checkComplete` (create and save); wrong values never do. `devices` are
 * the ones the caller may command (list-device); null skips the device checks.
 */
export function validateMission(
  mission: TimerMissionSettings,
  devices: readonly MissionDevice[] | null,
  checkComplete: boolean,
): MissionErrorMap {
  const errors: MissionErrorMap = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);

  if (checkComplete && mission.missionName.trim() === '') add('basic', 'timer-missions.validation.nameRequired');

  mission.actions.forEach((action, index) => {
    const key = `action-${index}`;
    if (action.deviceName === '') {
      if (checkComplete) add(key, 'timer-missions.validation.deviceRequired');
      return;
    }
    const device = devices?.find((candidate) => candidate.itemName === action.deviceName);
    if (devices && !device) return add(key, 'timer-missions.validation.deviceNotFound');
    if (action.commandId === '') {
      if (checkComplete) add(key, 'timer-missions.validation.commandRequired');
    } else if (device && !device.dataSource.commands.some((command) => command.id === action.commandId)) {
      add(key, 'timer-missions.validation.commandNotFound');
    }
  });

  mission.timeslots.forEach((slot, index) => {
    const key = `timeslot-${index}`;
    if (!slot.isAlwaysEffective) {
      const bothReal = isRealDate(slot.effectiveDate) && isRealDate(slot.untilDate);
      if (!bothReal) add(key, 'timer-missions.validation.invalidDate');
      else if (dateKey(slot.untilDate) < dateKey(slot.effectiveDate)) add(key, 'timer-missions.validation.untilBeforeEffective');
    }
    if (timeText(slot.endTime) < timeText(slot.startTime)) add(key, 'timer-missions.validation.endBeforeStart');
    if (slot.repeatOn.length === REPEAT_FLAGS && !slot.repeatOn.some(Boolean) && checkComplete) {
      add(key, 'timer-missions.validation.noRepeat');
    }
    if ((slot.skipDate ?? []).some((day) => !isRealDate(day))) add(key, 'timer-missions.validation.invalidSkipDate');
  });
  return errors;
}

/** Where a part's first problem sits in the setting, for the 400's `field`. */
export function fieldOfPart(key: string): string {
  if (key === 'basic') return 'missionName';
  const [kind, index] = key.split('-');
  return `${kind === 'action' ? 'actions' : 'timeslots'}.${index}`;
}
