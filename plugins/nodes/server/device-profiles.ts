import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { defineAppRoute, defineRoute, HttpError, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import {
  profileSourceOf,
  type DeviceExtraInfoSetting,
  type DeviceProfile,
  type DeviceProfileSource,
  type DeviceProfileCatalog,
  type DeviceProfileSummary,
  type DeviceProfileValues,
} from '../common/device-profiles';
import { DeviceProfileAppParams, DeviceProfileByUuidInput, DeviceProfileListInput, TaskListQuery } from '../common/extra-inputs';
import { NO_COMMAND, type Command } from '../common/field-preference';
import { commandsSchema } from './response-schemas';

/** Device profiles (spec 3.5, migration 006): app_id null = offered to every application. */
export const deviceProfiles = pgTable('device_profiles', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  appId: text('app_id'),
  deviceProfileName: text('device_profile_name').notNull(),
  sensorBrand: text('sensor_brand').notNull().default(''),
  sensorModel: text('sensor_model').notNull().default(''),
  subType: text('sub_type').notNull().default(''),
  dataSource: text('data_source').$type<DeviceProfileSource>().notNull(),
  commands: jsonb('commands').$type<Command[]>().notNull().default([]),
  outputSimpleDefault: jsonb('output_simple_default').$type<Record<string, unknown>>().notNull().default({}),
  outputConfig: jsonb('output_config').$type<Record<string, unknown>>().notNull().default({}),
  deviceExtraInfoSetting: jsonb('device_extra_info_setting').$type<DeviceExtraInfoSetting[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Global profiles plus the application's own. */
const offeredTo = (appId: string | null) =>
  appId === null ? isNull(deviceProfiles.appId) : or(isNull(deviceProfiles.appId), eq(deviceProfiles.appId, appId));

export class DeviceProfileRepository {
  constructor(private readonly db: Database) {}

  async list(appId: string, source: DeviceProfileSource): Promise<DeviceProfileSummary[]> {
    return this.db
      .select({
        uuid: deviceProfiles.uuid,
        deviceProfileName: deviceProfiles.deviceProfileName,
        sensorBrand: deviceProfiles.sensorBrand,
        sensorModel: deviceProfiles.sensorModel,
        subType: deviceProfiles.subType,
      })
      .from(deviceProfiles)
      .where(and(eq(deviceProfiles.dataSource, source), offeredTo(appId)))
      .orderBy(asc(deviceProfiles.deviceProfileName));
  }

  /** The whole profile; 404 when it is not offered to the application. */
  async get(appId: string, profileUuid: string): Promise<DeviceProfile> {
    const [row] = await this.db
      .select()
      .from(deviceProfiles)
      .where(and(eq(deviceProfiles.uuid, profileUuid), offeredTo(appId)));
    if (!row) throw HttpError.notFound();
    return toProfile(row);
  }

  /**
   * GET /getTaskListInDevice: the commands of the profile that `model` names (sensor model, profile name or uuid) for
   * the adaptor's profile group; an unknown adaptor or model has none.
   */
  async commands(deviceAdaptor: string, model: string | undefined, appId: string | null): Promise<Command[]> {
    const source = profileSourceOf(deviceAdaptor);
    const name = model?.trim() ?? '';
    if (!source || !name) return [];
    const rows = await this.db
      .select()
      .from(deviceProfiles)
      .where(and(eq(deviceProfiles.dataSource, source), offeredTo(appId)))
      .orderBy(asc(deviceProfiles.deviceProfileName));
    const lower = name.toLowerCase();
    const row =
      rows.find((entry) => UUID.test(name) && entry.uuid === lower) ??
      rows.find((entry) => entry.sensorModel.toLowerCase() === lower) ??
      rows.find((entry) => entry.deviceProfileName.toLowerCase() === lower);
    return (row?.commands ?? []).filter((command) => command && command.id !== '');
  }
}

/** The catalogue of profiles offered to every application (app_id null), for the device-profiles plugin. */
export function deviceProfileCatalog(db: Database): DeviceProfileCatalog {
  const global = (uuid: string) => and(eq(deviceProfiles.uuid, uuid), isNull(deviceProfiles.appId));
  const valid = (uuid: string) => UUID.test(uuid);
  return {
    async list() {
      const rows = await db
        .select()
        .from(deviceProfiles)
        .where(isNull(deviceProfiles.appId))
        .orderBy(asc(deviceProfiles.deviceProfileName), asc(deviceProfiles.uuid));
      return rows.map(toProfile);
    },
    async get(uuid) {
      if (!valid(uuid)) return null;
      const [row] = await db.select().from(deviceProfiles).where(global(uuid));
      return row ? toProfile(row) : null;
    },
    async create(values: DeviceProfileValues, uuid?: string) {
      const [row] = await db
        .insert(deviceProfiles)
        .values({ ...values, appId: null, ...(uuid ? { uuid } : {}) })
        .onConflictDoNothing()
        .returning();
      return row ? toProfile(row) : null;
    },
    async update(uuid, values) {
      if (!valid(uuid)) return null;
      const [row] = await db
        .update(deviceProfiles)
        .set({ ...values, updatedAt: new Date() })
        .where(global(uuid))
        .returning();
      return row ? toProfile(row) : null;
    },
    async remove(uuid) {
      if (!valid(uuid)) return false;
      const rows = await db.delete(deviceProfiles).where(global(uuid)).returning({ uuid: deviceProfiles.uuid });
      return rows.length > 0;
    },
  };
}

function toProfile(row: typeof deviceProfiles.$inferSelect): DeviceProfile {
  return {
    uuid: row.uuid,
    appId: row.appId,
    deviceProfileName: row.deviceProfileName,
    sensorBrand: row.sensorBrand,
    sensorModel: row.sensorModel,
    subType: row.subType,
    dataSource: row.dataSource,
    commands: row.commands ?? [],
    outputSimpleDefault: row.outputSimpleDefault ?? {},
    outputConfig: row.outputConfig ?? {},
    deviceExtraInfoSetting: row.deviceExtraInfoSetting ?? [],
  };
}

const summarySchema = {
  type: 'object',
  properties: {
    uuid: { type: 'string' },
    deviceProfileName: { type: 'string' },
    sensorBrand: { type: 'string' },
    sensorModel: { type: 'string' },
    subType: { type: 'string' },
  },
};

const profileListSchema = { type: 'array', items: summarySchema };

const profileSchema = {
  type: 'object',
  properties: {
    ...summarySchema.properties,
    appId: { type: ['string', 'null'] },
    dataSource: { type: 'string' },
    commands: { type: 'array', items: { type: 'object', additionalProperties: true } },
    outputSimpleDefault: { type: 'object', additionalProperties: true },
    outputConfig: { type: 'object', additionalProperties: true },
    deviceExtraInfoSetting: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
};

/** Spec 7.2: the wizard's device profile list and lookup, and the command list of a device model. */
export function deviceProfileRoutes(db: Database): AnyRouteDefinition[] {
  const profiles = new DeviceProfileRepository(db);
  return [
    defineAppRoute({
      method: 'POST',
      url: '/device-profile/get-deviceProfileList-simple/:appId',
      summary: 'Device profiles of a data-source group (lora, prtg, robot, lift, rgtnbiot) offered to the application',
      app: 'appId',
      params: DeviceProfileAppParams,
      body: DeviceProfileListInput,
      response: profileListSchema,
      audit: false,
      handler: ({ app, body }) => profiles.list(app.id, body.dataSourceType),
    }),
    defineAppRoute({
      method: 'POST',
      url: '/device-profile/get-deviceProfileByUuid/:appId',
      summary: 'One device profile with its commands, default values, output configuration and extra-info settings',
      app: 'appId',
      params: DeviceProfileAppParams,
      body: DeviceProfileByUuidInput,
      response: profileSchema,
      audit: false,
      handler: ({ app, body }) => profiles.get(app.id, body.uuid),
    }),
    defineRoute({
      method: 'GET',
      url: '/node-structure-item/getTaskListInDevice',
      summary: 'The commands of a device model (deviceAdaptor, sn, model), after a "No command selected" entry',
      query: TaskListQuery,
      // Without appId the global profiles answer; with one, the application must be the caller's to see.
      app: { query: 'appId', optional: true },
      response: commandsSchema,
      handler: async ({ app, query }) => {
        const commands = await profiles.commands(query.deviceAdaptor, query.model, app?.id ?? null);
        return { commands: [{ ...NO_COMMAND }, ...commands] };
      },
    }),
  ];
}
