import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../core/client/testing/fake-api';
import { defaultMissionSettings, type MissionDevice } from '../common';
import { TimerMissionsStore, type ListedMission } from './store';

const BASE = 'system-events-api/timer-mission-setting/plant';
const devices: MissionDevice[] = [
  {
    itemName: 'valve',
    itemDisplayName: 'Valve',
    dataSource: { sensorType: 'relay', commands: [{ id: 'open', display: 'Open' }] },
    geoInfo: { tags: [] },
    input: {},
  },
  { itemName: 'meter', itemDisplayName: 'Meter', dataSource: { sensorType: '', commands: [] }, geoInfo: { tags: [] }, input: {} },
];
const mission = (id: string, isEnabled = true): ListedMission => ({
  ...defaultMissionSettings('2026-01-01'),
  missionName: `Mission ${id}`,
  isEnabled,
  id,
  updatedAt: new Date(0).toISOString(),
  nextRunAt: null,
});

describe('Timer Mission Setting store', () => {
  it('loads the missions, offers only devices with commands, and ignores clicks on the list while locked', async () => {
    const { http } = fakeApi({
      [`GET ${BASE}/list/`]: () => [mission('a'), mission('b')],
      [`GET ${BASE}/list-device/`]: () => devices,
      [`GET ${BASE}/schedule-settings/`]: () => ({ timeZone: 'UTC', holidays: [] }),
    });
    const store = TimerMissionsStore.create({}, { http });
    await store.open('plant');
    expect(store.missions.map((m) => m.missionName)).toEqual(['Mission a', 'Mission b']);
    expect(store.commandableDevices.map((d) => d.itemName)).toEqual(['valve']);
    store.select('a');
    store.setLocked(true);
    store.select('b');
    expect(store.selectedId).toBe('a');
    store.unselect();
    expect({ selected: store.selectedId, locked: store.locked, collapsed: store.listCollapsed }).toEqual({
      selected: null,
      locked: false,
      collapsed: false,
    });
  });

  it('keeps the error map of a refused create, and leaves the switch as it was when switching fails', async () => {
    const errors = { basic: ['The mission name is required'] };
    const { http } = fakeApi({
      [`GET ${BASE}/list/`]: () => [mission('a')],
      [`GET ${BASE}/list-device/`]: () => devices,
      [`GET ${BASE}/schedule-settings/`]: () => ({ timeZone: 'UTC', holidays: [] }),
      [`POST ${BASE}/create/`]: () =>
        Response.json(
          { statusCode: 400, error: 'Bad Request', code: 'x', message: 'The mission name is required', errors },
          { status: 400 },
        ),
      [`PUT ${BASE}/switch/:id`]: () => Response.json({ statusCode: 500, message: 'down' }, { status: 500 }),
    });
    const store = TimerMissionsStore.create({}, { http });
    await store.open('plant');
    const created = await store.create(defaultMissionSettings('2026-01-01'));
    expect(created.ok).toBe(false);
    expect(store.errors).toEqual(errors);
    expect((await store.setEnabled('a', false)).ok).toBe(false);
    expect(store.missions[0]!.isEnabled).toBe(true);
  });
});
