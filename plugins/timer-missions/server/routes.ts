import { auditLeaves, defineAppRoute, HttpError, type AnyRouteDefinition } from '@sensorium/core/server';
import type { ItemLookup, PlacedDevice } from '@sensorium/nodes/common';
import {
  fieldOfPart,
  IcsImportInput,
  MissionAppParams,
  MissionParams,
  ScheduleSettingsInput,
  SwitchMissionInput,
  TimerMissionInput,
  ValidateMissionInput,
  ValidateParams,
  validateMission,
  type MissionDevice,
  type MissionErrorMap,
  type ScheduleSettings,
} from '../common';
import { holidaysFromIcs } from './ics';
import type { MissionRepository } from './repository';
import {
  missionDevicesSchema,
  missionErrorsSchema,
  missionIdSchema,
  missionListSchema,
  missionRunsSchema,
  scheduleSettingsSchema,
} from './response-schemas';

/** The system-events API's timer-mission-setting calls (accounts spec §7), per application. */
const BASE = '/system-events-api/timer-mission-setting/:appId';
const PERMISSION = 'schedulesetting';

function toDevice({ item }: PlacedDevice): MissionDevice {
  return {
    itemName: item.itemName,
    itemDisplayName: item.itemDisplayName || item.itemName,
    dataSource: {
      sensorType: typeof item.dataSource.sensorType === 'string' ? item.dataSource.sensorType : '',
      commands: (item.dataSource.commands ?? [])
        .filter((command) => command.id !== '')
        .map((command) => ({ id: command.id, display: command.display })),
    },
    geoInfo: { tags: item.geoInfo.tags ?? [] },
    input: Object.fromEntries(
      Object.entries(item.input).map(([key, preference]) => [
        key,
        {
          rangeSettings: {
            ranges: (preference.rangeSettings?.ranges ?? []).map((range) => ({ key: String(range.value), name: range.name })),
          },
        },
      ]),
    ),
  };
}

type Translate = (key: string, params?: Record<string, string | number>) => string;
const translated = (errors: MissionErrorMap, t: Translate): MissionErrorMap =>
  Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key, messages.map((message) => t(message))]));

export function missionRoutes(missions: MissionRepository, lookup: ItemLookup): AnyRouteDefinition[] {
  const notFound = () => HttpError.notFound('timer-missions.errors.notFound');
  /**
   * What the audit record compares before and after a call: the mission with its slots and actions as dotted leaves
   * (`timeslots.0.startTime.hour: 8 → 6`), and the schedule settings.
   */
  const missionRow = async ({ app, params }: { app: { id: string }; params: MissionParams }) =>
    auditLeaves(await missions.get(app.id, params.id));
  const settingsRow = ({ app }: { app: { id: string } }) => missions.settings(app.id);
  const devicesOf = async (appId: string, deviceTags: readonly string[] | null) =>
    (await lookup.devices(appId, deviceTags)).map(toDevice);

  /** Create and update refuse an incomplete or wrong setting with a 400 carrying the whole error map (`errors`). */
  const refuseInvalid = async (
    app: { id: string; deviceTags: readonly string[] | null },
    body: TimerMissionInput,
    t: Translate,
    reply: { code(status: number): unknown },
  ) => {
    const errors = validateMission(body, await devicesOf(app.id, app.deviceTags), true);
    const [first] = Object.entries(errors);
    if (!first) return null;
    reply.code(400);
    return {
      statusCode: 400,
      error: 'Bad Request',
      code: first[1][0]!,
      message: t(first[1][0]!),
      field: fieldOfPart(first[0]),
      errors: translated(errors, t),
    };
  };

  return [
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/list/`,
      summary: 'The application’s timer missions, oldest first, each with its next start',
      app: 'appId',
      params: MissionAppParams,
      permission: PERMISSION,
      response: missionListSchema,
      handler: ({ app }) => missions.list(app.id),
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/create/`,
      summary: 'Creates a timer mission; an incomplete one is refused with its error map',
      app: 'appId',
      params: MissionAppParams,
      body: TimerMissionInput,
      permission: PERMISSION,
      response: missionIdSchema,
      handler: async ({ app, body, t, reply }) =>
        (await refuseInvalid(app, body, t, reply)) ?? { id: await missions.create(app.id, body) },
    }),
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/update/:id`,
      summary: 'Replaces a timer mission',
      app: 'appId',
      params: MissionParams,
      body: TimerMissionInput,
      permission: PERMISSION,
      audit: { row: missionRow },
      response: missionIdSchema,
      handler: async ({ app, params, body, t, reply }) => {
        if (!(await missions.get(app.id, params.id))) throw notFound();
        const refused = await refuseInvalid(app, body, t, reply);
        if (refused) return refused;
        if (!(await missions.update(app.id, params.id, body))) throw notFound();
        return { id: params.id };
      },
    }),
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/switch/:id`,
      summary: 'Turns a timer mission on or off',
      app: 'appId',
      params: MissionParams,
      body: SwitchMissionInput,
      permission: PERMISSION,
      audit: { row: missionRow },
      response: missionIdSchema,
      handler: async ({ app, params, body }) => {
        if (!(await missions.setEnabled(app.id, params.id, body.isEnabled))) throw notFound();
        return { id: params.id };
      },
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/validate/:id`,
      summary: 'Checks a timer mission: messages keyed basic, action-{i} and timeslot-{i}; empty when valid',
      app: 'appId',
      params: ValidateParams,
      body: ValidateMissionInput,
      permission: PERMISSION,
      audit: false,
      response: missionErrorsSchema,
      handler: async ({ app, body, t }) =>
        translated(validateMission(body.timerMission, await devicesOf(app.id, app.deviceTags), body.checkComplete), t),
    }),
    defineAppRoute({
      method: 'DELETE',
      url: `${BASE}/delete/:id`,
      summary: 'Deletes a timer mission and its run log',
      app: 'appId',
      params: MissionParams,
      permission: PERMISSION,
      audit: { row: missionRow },
      response: missionIdSchema,
      handler: async ({ app, params }) => {
        if (!(await missions.delete(app.id, params.id))) throw notFound();
        return { id: params.id };
      },
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/list-device/`,
      summary: 'The devices a timer mission may command, with their commands',
      app: 'appId',
      params: MissionAppParams,
      permission: PERMISSION,
      response: missionDevicesSchema,
      handler: ({ app }) => devicesOf(app.id, app.deviceTags),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/runs/:id`,
      summary: 'A timer mission’s last 50 runs (sent, failed or skipped), newest first',
      app: 'appId',
      params: MissionParams,
      permission: PERMISSION,
      response: missionRunsSchema,
      handler: async ({ app, params }) => {
        if (!(await missions.get(app.id, params.id))) throw notFound();
        return missions.runs(app.id, params.id);
      },
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/schedule-settings/`,
      summary: 'The application’s time zone for timer missions and its holiday calendar',
      app: 'appId',
      params: MissionAppParams,
      permission: PERMISSION,
      response: scheduleSettingsSchema,
      handler: ({ app }) => missions.settings(app.id),
    }),
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/schedule-settings/`,
      summary: 'Sets the application’s time zone for timer missions and its holidays',
      app: 'appId',
      params: MissionAppParams,
      body: ScheduleSettingsInput,
      permission: PERMISSION,
      audit: { row: settingsRow },
      response: scheduleSettingsSchema,
      handler: ({ app, body }): Promise<ScheduleSettings> => missions.saveSettings(app.id, body),
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/schedule-settings/ics`,
      summary: 'Adds the days of an iCalendar (.ics) file’s events to the application’s holidays',
      app: 'appId',
      params: MissionAppParams,
      body: IcsImportInput,
      permission: PERMISSION,
      audit: { row: settingsRow },
      response: scheduleSettingsSchema,
      handler: async ({ app, body }) => {
        const current = await missions.settings(app.id);
        const imported = holidaysFromIcs(body.ics, new Date().getUTCFullYear() + 2);
        return missions.saveSettings(app.id, { ...current, holidays: [...current.holidays, ...imported] });
      },
    }),
  ];
}
