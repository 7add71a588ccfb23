import { isHTTPError } from 'ky';
import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import type { MissionDevice, MissionErrorMap, MissionRun, ScheduleSettings, TimerMission, TimerMissionSettings } from '../common';

/** A mission as list answers it. */
export type ListedMission = TimerMission & { nextRunAt: string | null };

/** The editable part of a mission, as plain data for the editor's draft. */
export function settingsOf(mission: TimerMission): TimerMissionSettings {
  const { missionName, desc, isEnabled, actions, timeslots } = mission;
  return structuredClone({ missionName, desc, isEnabled, actions, timeslots });
}

/**
 * The Timer Mission Setting page's state (the plugin store `TIMER_MISSIONS_STORE`, loaded on first use): one application's missions, the devices they may
 * command, the chosen mission's run log, the application's schedule settings, and the editor's lock and error map.
 */
export const TimerMissionsStore = types
  .model('TimerMissionsStore', {
    appId: types.maybeNull(types.string),
    missions: types.frozen<ListedMission[]>([]),
    devices: types.frozen<MissionDevice[]>([]),
    runs: types.frozen<MissionRun[]>([]),
    schedule: types.frozen<ScheduleSettings | null>(null),
    selectedId: types.maybeNull(types.string),
    /** While a mission is being edited or created the list is locked (accounts spec §4). */
    locked: false,
    listCollapsed: false,
    /** The last validate or refused create/save: messages keyed basic, action-{i}, timeslot-{i}. */
    errors: types.frozen<MissionErrorMap>({}),
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
    switching: types.optional(RequestModel, {}),
    deleting: types.optional(RequestModel, {}),
    scheduleSaving: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    get selected(): ListedMission | undefined {
      return self.missions.find((mission) => mission.id === self.selectedId);
    },
    /** An unknown application, or one the user may not see. */
    get notFound(): boolean {
      return self.loading.failure?.status === 404;
    },
    /** The action's device choices: devices with commands (accounts spec §4). */
    get commandableDevices(): MissionDevice[] {
      return self.devices.filter((device) => device.dataSource.commands.length > 0);
    },
    commandsOf(itemName: string) {
      return self.devices.find((device) => device.itemName === itemName)?.dataSource.commands ?? [];
    },
  }))
  .actions((self) => ({
    setLoaded(appId: string, missions: ListedMission[], devices: MissionDevice[], schedule: ScheduleSettings | null) {
      self.appId = appId;
      self.missions = missions;
      self.devices = devices;
      self.schedule = schedule;
      if (!missions.some((mission) => mission.id === self.selectedId)) self.selectedId = null;
    },
    setMissions(missions: ListedMission[]) {
      self.missions = missions;
    },
    setRuns(runs: MissionRun[]) {
      self.runs = runs;
    },
    setSchedule(schedule: ScheduleSettings) {
      self.schedule = schedule;
    },
    setErrors(errors: MissionErrorMap) {
      self.errors = errors;
    },
    /** Choosing a mission is ignored while the editor holds the lock. */
    select(id: string | null) {
      if (self.locked) return;
      self.selectedId = id;
      self.runs = [];
      self.errors = {};
    },
    /** editing locks; updated, discarded, canceled and deleted unlock (canceled and deleted also unselect and expand). */
    setLocked(locked: boolean) {
      self.locked = locked;
      if (!locked) self.errors = {};
    },
    unselect() {
      self.locked = false;
      self.selectedId = null;
      self.errors = {};
      self.listCollapsed = false;
    },
    toggleList() {
      self.listCollapsed = !self.listCollapsed;
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    const base = () => `system-events-api/timer-mission-setting/${self.appId}`;
    /** A refused create or save carries its error map; it is shown under each part. */
    const keepingErrors = async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        if (isHTTPError(error) && error.response.status === 400) {
          const body = (await error.response
            .clone()
            .json()
            .catch(() => null)) as { errors?: MissionErrorMap } | null;
          if (body?.errors) self.setErrors(body.errors);
        }
        throw error;
      }
    };
    const reload = async () => {
      const missions = await http().get(`${base()}/list/`).json<ListedMission[]>();
      self.setMissions(missions);
    };
    return {
      /** Loads the application's missions, devices and schedule settings; a 404 (unknown application) stays in `loading`. */
      async open(appId: string): Promise<void> {
        if (self.appId !== appId) {
          self.setLocked(false);
          self.setLoaded(appId, [], [], null);
        }
        const path = `system-events-api/timer-mission-setting/${appId}`;
        const outcome = await track(self.loading, () =>
          Promise.all([
            http().get(`${path}/list/`).json<ListedMission[]>(),
            http().get(`${path}/list-device/`).json<MissionDevice[]>(),
            http().get(`${path}/schedule-settings/`).json<ScheduleSettings>(),
          ]),
        );
        if (outcome.ok) self.setLoaded(appId, ...outcome.value);
      },
      async loadRuns(id: string): Promise<void> {
        const runs = await http()
          .get(`${base()}/runs/${id}`)
          .json<MissionRun[]>()
          .catch(() => []);
        if (self.selectedId === id) self.setRuns(runs);
      },
      /** The validate call; its map replaces the shown errors. */
      async validate(id: string | null, settings: TimerMissionSettings, checkComplete: boolean): Promise<MissionErrorMap> {
        const errors = await http()
          .post(`${base()}/validate/${id ?? 'new'}`, { json: { timerMission: settings, checkComplete } })
          .json<MissionErrorMap>()
          .catch(() => self.errors);
        self.setErrors(errors);
        return errors;
      },
      async create(settings: TimerMissionSettings): Promise<Outcome<{ id: string }>> {
        const outcome = await track(self.saving, () =>
          keepingErrors(() => http().post(`${base()}/create/`, { json: settings }).json<{ id: string }>()),
        );
        if (outcome.ok) {
          await reload();
          self.setLocked(false);
          self.select(outcome.value.id);
        }
        return outcome;
      },
      async save(id: string, settings: TimerMissionSettings): Promise<Outcome<{ id: string }>> {
        const outcome = await track(self.saving, () =>
          keepingErrors(() => http().put(`${base()}/update/${id}`, { json: settings }).json<{ id: string }>()),
        );
        if (outcome.ok) await reload();
        return outcome;
      },
      /** The enable switch; on failure the list keeps the old value, so the switch shows it again. */
      async setEnabled(id: string, isEnabled: boolean): Promise<Outcome<{ id: string }>> {
        const outcome = await track(self.switching, () =>
          http().put(`${base()}/switch/${id}`, { json: { isEnabled } }).json<{ id: string }>(),
        );
        if (outcome.ok) await reload();
        return outcome;
      },
      async remove(id: string): Promise<Outcome<unknown>> {
        const outcome = await track(self.deleting, () => http().delete(`${base()}/delete/${id}`).json());
        if (outcome.ok) {
          await reload();
          self.unselect();
        }
        return outcome;
      },
      async saveSchedule(settings: ScheduleSettings): Promise<Outcome<ScheduleSettings>> {
        const outcome = await track(self.scheduleSaving, () =>
          http().put(`${base()}/schedule-settings/`, { json: settings }).json<ScheduleSettings>(),
        );
        if (outcome.ok) {
          self.setSchedule(outcome.value);
          await reload();
        }
        return outcome;
      },
      async importIcs(ics: string): Promise<Outcome<ScheduleSettings>> {
        const outcome = await track(self.scheduleSaving, () =>
          http().post(`${base()}/schedule-settings/ics`, { json: { ics } }).json<ScheduleSettings>(),
        );
        if (outcome.ok) {
          self.setSchedule(outcome.value);
          await reload();
        }
        return outcome;
      },
    };
  });

export type TimerMissionsStoreInstance = Instance<typeof TimerMissionsStore>;
export { TIMER_MISSIONS_STORE } from './store-name';
