import { describe, expect, it } from 'vitest';
import { defaultAction, defaultMissionSettings, defaultTimeSlot } from './defaults';
import type { MissionDevice, TimerMissionSettings } from './types';
import { validateMission } from './validation';

const pump: MissionDevice = {
  itemName: 'pump-1',
  itemDisplayName: 'Pump',
  dataSource: { sensorType: 'relay', commands: [{ id: 'on', display: 'Switch on' }] },
  geoInfo: { tags: [] },
  input: {},
};

function mission(change: (draft: TimerMissionSettings) => void = () => {}): TimerMissionSettings {
  const draft = defaultMissionSettings('2026-06-01');
  draft.missionName = 'Morning';
  draft.actions = [{ actionType: 'Device', deviceName: 'pump-1', commandId: 'on' }];
  change(draft);
  return draft;
}

describe('timer mission validation', () => {
  it('passes a complete mission', () => {
    expect(validateMission(mission(), [pump], true)).toEqual({});
  });

  it('keys messages basic, action-{i} and timeslot-{i}, requiring completeness only when asked', () => {
    const half = mission((draft) => {
      draft.missionName = '  ';
      draft.actions.push(defaultAction(), { actionType: 'Device', deviceName: 'pump-1', commandId: 'explode' });
      draft.timeslots.push({ ...defaultTimeSlot('2026-06-01'), endTime: { hour: 7, minute: 0, second: 0 } });
    });
    expect(validateMission(half, [pump], true)).toEqual({
      basic: ['timer-missions.validation.nameRequired'],
      'action-1': ['timer-missions.validation.deviceRequired'],
      'action-2': ['timer-missions.validation.commandNotFound'],
      'timeslot-1': ['timer-missions.validation.endBeforeStart'],
    });
    // While editing, empty parts are not errors yet; wrong ones are.
    expect(validateMission(half, [pump], false)).toEqual({
      'action-2': ['timer-missions.validation.commandNotFound'],
      'timeslot-1': ['timer-missions.validation.endBeforeStart'],
    });
  });

  it('refuses unknown devices, reversed or impossible dates and a slot without days', () => {
    const wrong = mission((draft) => {
      draft.actions[0]!.deviceName = 'ghost';
      draft.timeslots[0] = {
        ...draft.timeslots[0]!,
        isAlwaysEffective: false,
        effectiveDate: { year: 2026, month: 6, day: 2 },
        untilDate: { year: 2026, month: 6, day: 1 },
        repeatOn: Array.from({ length: 8 }, () => false),
        skipDate: [{ year: 2026, month: 2, day: 30 }],
      };
    });
    expect(validateMission(wrong, [pump], true)).toEqual({
      'action-0': ['timer-missions.validation.deviceNotFound'],
      'timeslot-0': [
        'timer-missions.validation.untilBeforeEffective',
        'timer-missions.validation.noRepeat',
        'timer-missions.validation.invalidSkipDate',
      ],
    });
  });
});
