import { cast, getEnv, getSnapshot, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import type { EventRule, EventRuleSettings, RuleDeviceChoice } from '../common';

const ValueRangeModel = types.model('EventRuleValueRange', {
  min: types.maybeNull(types.number),
  max: types.maybeNull(types.number),
});

const ConditionsModel = types.model('EventRuleConditions', {
  deviceTypes: types.array(types.string),
  tags: types.array(types.string),
  devices: types.array(types.string),
  allDevices: types.boolean,
  field: types.string,
  triggerRanges: types.array(ValueRangeModel),
  resumeRanges: types.array(ValueRangeModel),
  resumeOnAny: types.boolean,
  requireSameDevice: types.boolean,
  durationSeconds: types.number,
  hysteresis: types.number,
});

const TaskActionModel = types.model('EventRuleTaskAction', {
  enable: types.boolean,
  device: types.string,
  commandId: types.string,
});

const NotificationModel = types.model('EventRuleNotification', {
  smsEnabled: types.boolean,
  smsTemplate: types.string,
  whatsappEnabled: types.boolean,
  emailEnabled: types.boolean,
  emailTemplate: types.string,
  voiceEnabled: types.boolean,
  voiceTemplate: types.string,
  voiceResumeTemplate: types.string,
  voiceReplyToAck: types.boolean,
  voiceAckMessage: types.string,
  voiceCallTimeoutSec: types.number,
  departments: types.array(types.string),
  escalation: types.maybe(
    types.model('EventRuleEscalation', {
      enable: types.boolean,
      everyMinutes: types.number,
      repeats: types.number,
      nextPriority: types.boolean,
    }),
  ),
});

const ActionsModel = types.model('EventRuleActions', {
  task: types.model('EventRuleTask', { taskCreated: TaskActionModel, taskAcked: TaskActionModel, taskCleared: TaskActionModel }),
  notification: NotificationModel,
  webhook: types.model('EventRuleWebhook', {
    enable: types.boolean,
    method: types.enumeration(['GET', 'POST']),
    url: types.string,
    headers: types.string,
    body: types.string,
  }),
});

const TimeSlotModel = types.model('EventRuleTimeSlot', {
  always: types.boolean,
  beginOn: types.maybeNull(types.string),
  until: types.maybeNull(types.string),
  allDay: types.boolean,
  startTime: types.string,
  endTime: types.string,
  weekdays: types.array(types.boolean),
});

/** One event setting, typed field by field as the API answers it. */
export const EventRuleModel = types.model('EventRule', {
  id: types.identifier,
  appId: types.string,
  name: types.string,
  severity: types.number,
  description: types.string,
  enabled: types.boolean,
  instantClear: types.boolean,
  autoClear: types.boolean,
  conditions: ConditionsModel,
  actions: ActionsModel,
  timeSlots: types.array(TimeSlotModel),
  createdAt: types.string,
  updatedAt: types.string,
});
export type EventRuleInstance = Instance<typeof EventRuleModel>;

const DeviceChoiceModel = types.model('EventRuleDevice', {
  itemName: types.string,
  displayName: types.string,
  deviceType: types.string,
  tags: types.array(types.string),
  fields: types.array(types.model('EventRuleDeviceField', { name: types.string, displayName: types.string })),
  commands: types.array(types.model('EventRuleDeviceCommand', { id: types.string, display: types.string })),
});

/** The editable part of a rule, as plain data for a form's draft. */
export function settingsOf(rule: EventRuleInstance): EventRuleSettings {
  const { id: _id, appId: _appId, createdAt: _created, updatedAt: _updated, ...settings } = getSnapshot(rule);
  return JSON.parse(JSON.stringify(settings)) as EventRuleSettings;
}

const unique = (values: string[]) => [...new Set(values.filter((value) => value !== ''))].sort();

/** The Event Setting page's state (the plugin store `EVENT_SETTINGS_STORE`, loaded on first use): one application's rules and the devices they may use. */
export const EventSettingsStore = types
  .model('EventSettingsStore', {
    appId: types.maybeNull(types.string),
    rules: types.array(EventRuleModel),
    devices: types.array(DeviceChoiceModel),
    /** The rule shown in the editor. */
    selectedId: types.maybeNull(types.string),
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
    switching: types.optional(RequestModel, {}),
    deleting: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    get selected(): EventRuleInstance | undefined {
      return self.rules.find((rule) => rule.id === self.selectedId);
    },
    get deviceTypes(): string[] {
      return unique(self.devices.map((device) => device.deviceType));
    },
    get tags(): string[] {
      return unique(self.devices.flatMap((device) => [...device.tags]));
    },
    get fieldNames(): string[] {
      return unique(self.devices.flatMap((device) => device.fields.map((field) => field.name)));
    },
    commandsOf(itemName: string) {
      return self.devices.find((device) => device.itemName === itemName)?.commands ?? [];
    },
  }))
  .actions((self) => ({
    setLoaded(appId: string, rules: EventRule[], devices: RuleDeviceChoice[]) {
      self.appId = appId;
      self.rules = cast(rules);
      self.devices = cast(devices);
      if (!self.rules.some((rule) => rule.id === self.selectedId)) self.selectedId = null;
    },
    select(id: string | null) {
      self.selectedId = id;
      self.saving.clear();
    },
    put(rule: EventRule) {
      const index = self.rules.findIndex((existing) => existing.id === rule.id);
      if (index >= 0) self.rules[index] = cast(rule);
      else self.rules.push(rule);
    },
    drop(id: string) {
      const index = self.rules.findIndex((rule) => rule.id === id);
      if (index >= 0) self.rules.splice(index, 1);
      if (self.selectedId === id) self.selectedId = null;
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    const base = () => `system-events-api/${self.appId}/event-settings`;
    return {
      /** Loads the application's rules and devices; a failure (403 without eventsetting) stays in `loading`. */
      async open(appId: string): Promise<void> {
        if (self.appId !== appId) self.setLoaded(appId, [], []);
        const outcome = await track(self.loading, () =>
          Promise.all([
            http().get(`system-events-api/${appId}/event-settings`).json<EventRule[]>(),
            http().get(`system-events-api/${appId}/event-settings/devices`).json<RuleDeviceChoice[]>(),
          ]),
        );
        if (outcome.ok) self.setLoaded(appId, ...outcome.value);
      },
      async create(settings: EventRuleSettings): Promise<Outcome<EventRule>> {
        const outcome = await track(self.saving, () => http().post(base(), { json: settings }).json<EventRule>());
        if (outcome.ok) {
          self.put(outcome.value);
          self.select(outcome.value.id);
        }
        return outcome;
      },
      async save(id: string, settings: EventRuleSettings): Promise<Outcome<EventRule>> {
        const outcome = await track(self.saving, () => http().put(`${base()}/${id}`, { json: settings }).json<EventRule>());
        if (outcome.ok) self.put(outcome.value);
        return outcome;
      },
      /** The enable switch: the rule saved as it is, with `enabled` changed. */
      async setEnabled(id: string, enabled: boolean): Promise<Outcome<EventRule>> {
        const rule = self.rules.find((candidate) => candidate.id === id);
        if (!rule) return { ok: false, failure: { status: 404, message: null, fields: {} } };
        const settings = { ...settingsOf(rule), enabled };
        const outcome = await track(self.switching, () => http().put(`${base()}/${id}`, { json: settings }).json<EventRule>());
        if (outcome.ok) self.put(outcome.value);
        return outcome;
      },
      async remove(id: string): Promise<Outcome<unknown>> {
        const outcome = await track(self.deleting, () => http().delete(`${base()}/${id}`));
        if (outcome.ok) self.drop(id);
        return outcome;
      },
    };
  });

export type EventSettingsStoreInstance = Instance<typeof EventSettingsStore>;
export { EVENT_SETTINGS_STORE } from './store-name';
