import { auditLeaves, defineRoute, HttpError, type AnyRouteDefinition } from '@sensorium/core/server';
import type { DeviceProfileCatalog, DeviceProfileValues } from '@sensorium/nodes/common';
import {
  DeviceProfileInput,
  DISPLAY_UNIT_PROFILE_UUID,
  DISPLAY_UNITS,
  ImportProfilesInput,
  isSeededProfile,
  PROFILE_EXPORT_FORMAT,
  ProfileParams,
  type DeviceProfileExport,
  type ImportAnswer,
} from '../common';
import {
  deletedProfileSchema,
  deviceProfileListSchema,
  deviceProfileSchema,
  importAnswerSchema,
  profileExportSchema,
} from './response-schemas';

/** The stored form of a profile input, checked beyond its model: distinct command ids, the display-unit rule. */
export function profileValues(input: DeviceProfileInput, uuid: string | null): DeviceProfileValues {
  const commands = (input.commands ?? []).map((command) => ({
    id: command.id,
    display: command.display,
    ...(command.payload === undefined ? {} : { payload: command.payload }),
  }));
  if (new Set(commands.map((command) => command.id)).size !== commands.length) {
    throw HttpError.badRequest('device-profiles.validation.commandIdTaken', 'commands');
  }
  const values: DeviceProfileValues = {
    deviceProfileName: input.deviceProfileName,
    sensorBrand: input.sensorBrand ?? '',
    sensorModel: input.sensorModel ?? '',
    subType: input.subType ?? '',
    dataSource: input.dataSource,
    commands,
    outputSimpleDefault: input.outputSimpleDefault ?? {},
    outputConfig: input.outputConfig ?? {},
    deviceExtraInfoSetting: (input.deviceExtraInfoSetting ?? []).map(({ name, type }) => ({ name, type })),
  };
  if (uuid === DISPLAY_UNIT_PROFILE_UUID) {
    const allowed = new Set<string>(DISPLAY_UNITS);
    for (const field of ['outputSimpleDefault', 'outputConfig'] as const) {
      if (Object.keys(values[field]).some((unit) => !allowed.has(unit))) {
        throw HttpError.badRequest('device-profiles.validation.displayUnits', field);
      }
    }
  }
  return values;
}

const cloud = ['cloud'] as const;

/**
 * The management calls of the device-profile catalogue (profiles offered to every application, shared by all
 * organisations, so the operator's cloud users manage them): list, create, change, delete, JSON export and import.
 * The wizard's calls of node spec §7.2 stay with the nodes plugin and read the same profiles.
 */
export function deviceProfileManagementRoutes(catalog: DeviceProfileCatalog): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/device-profiles',
      summary: 'Every device profile offered to all applications, by name',
      levels: cloud,
      response: deviceProfileListSchema,
      handler: () => catalog.list(),
    }),
    defineRoute({
      method: 'GET',
      url: '/device-profiles/export',
      summary: 'The device profiles as a JSON file to share (device-profiles.json)',
      levels: cloud,
      response: profileExportSchema,
      handler: async ({ reply }): Promise<DeviceProfileExport> => {
        void reply.header('content-disposition', 'attachment; filename="device-profiles.json"');
        return { format: PROFILE_EXPORT_FORMAT, exportedAt: new Date().toISOString(), profiles: await catalog.list() };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/device-profiles/import',
      summary: 'Imports the profiles of an export file: a known uuid is changed, others are added',
      levels: cloud,
      body: ImportProfilesInput,
      response: importAnswerSchema,
      handler: async ({ body }): Promise<ImportAnswer> => {
        // Every profile is checked before any is written.
        const checked = body.profiles.map((profile, index) => {
          try {
            return { uuid: profile.uuid?.toLowerCase(), values: profileValues(profile, profile.uuid?.toLowerCase() ?? null) };
          } catch (error) {
            if (error instanceof HttpError && error.field) {
              throw new HttpError(400, error.code, error.params, `profiles.${index}.${error.field}`);
            }
            throw error;
          }
        });
        const answer: ImportAnswer = { created: 0, updated: 0 };
        for (const { uuid, values } of checked) {
          if (uuid && (await catalog.update(uuid, values))) answer.updated += 1;
          else if (await catalog.create(values, uuid)) answer.created += 1;
          else throw HttpError.badRequest('device-profiles.errors.uuidTaken', 'profiles', { uuid: uuid ?? '' });
        }
        return answer;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/device-profiles',
      summary: 'Adds a device profile offered to all applications',
      levels: cloud,
      body: DeviceProfileInput,
      response: deviceProfileSchema,
      handler: async ({ body }) => (await catalog.create(profileValues(body, null)))!,
    }),
    defineRoute({
      method: 'PUT',
      url: '/device-profiles/:uuid',
      summary: 'Changes a device profile',
      levels: cloud,
      params: ProfileParams,
      body: DeviceProfileInput,
      audit: { row: async ({ params }) => auditLeaves(await catalog.get(params.uuid.toLowerCase())) },
      response: deviceProfileSchema,
      handler: async ({ params, body }) => {
        const uuid = params.uuid.toLowerCase();
        const updated = await catalog.update(uuid, profileValues(body, uuid));
        if (!updated) throw HttpError.notFound();
        return updated;
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/device-profiles/:uuid',
      summary: 'Deletes a device profile; the built-in ones stay',
      levels: cloud,
      params: ProfileParams,
      audit: { row: async ({ params }) => auditLeaves(await catalog.get(params.uuid.toLowerCase())) },
      response: deletedProfileSchema,
      handler: async ({ params }) => {
        const uuid = params.uuid.toLowerCase();
        const profile = await catalog.get(uuid);
        if (!profile) throw HttpError.notFound();
        if (isSeededProfile(uuid)) throw HttpError.badRequest('device-profiles.errors.seeded', 'uuid');
        await catalog.remove(uuid);
        return { success: true, name: profile.deviceProfileName };
      },
    }),
  ];
}
