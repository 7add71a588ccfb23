import { getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import type { DeviceProfile } from '@sensorium/nodes/common';
import type { DeviceProfileExport, DeviceProfileInput, ImportAnswer } from '../common';

const CommandModel = types.model('DeviceProfileCommand', {
  id: types.string,
  display: types.string,
  /** What the data source sends: any JSON the source understands, shown as JSON text. */
  payload: types.frozen<unknown>(),
});

const ExtraInfoModel = types.model('DeviceProfileExtraInfo', {
  name: types.string,
  type: types.enumeration('ExtraInfoType', ['string', 'number', 'boolean', 'array']),
});

/** A profile of the catalogue (node spec §3.5), field by field as GET /device-profiles answers it. */
export const DeviceProfileModel = types.model('DeviceProfile', {
  uuid: types.identifier,
  appId: types.maybeNull(types.string),
  deviceProfileName: types.string,
  sensorBrand: types.string,
  sensorModel: types.string,
  subType: types.string,
  dataSource: types.enumeration('DeviceProfileSource', ['lora', 'prtg', 'robot', 'lift', 'rgtnbiot']),
  commands: types.array(CommandModel),
  /** Field name → default value and field name → display settings: free JSON objects, edited as JSON text. */
  outputSimpleDefault: types.frozen<Record<string, unknown>>({}),
  outputConfig: types.frozen<Record<string, unknown>>({}),
  deviceExtraInfoSetting: types.array(ExtraInfoModel),
});

export type DeviceProfileInstance = Instance<typeof DeviceProfileModel>;

/** Advance Setting > Device Profiles (stores.deviceProfiles): the catalogue and each kind of call's state. */
export const DeviceProfilesStore = types
  .model('DeviceProfilesStore', {
    profiles: types.array(DeviceProfileModel),
    loading: types.optional(RequestModel, {}),
    saving: types.optional(RequestModel, {}),
    removing: types.optional(RequestModel, {}),
    importing: types.optional(RequestModel, {}),
  })
  .actions((self) => ({
    setProfiles(profiles: DeviceProfile[]) {
      self.profiles.replace(profiles as never);
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    const load = async (): Promise<void> => {
      const outcome = await track(self.loading, () => http().get('device-profiles').json<DeviceProfile[]>());
      if (outcome.ok) self.setProfiles(outcome.value);
    };
    return {
      load,
      /** Adds (no uuid) or changes a profile, then reloads; a refusal keeps the server's per-field messages. */
      async save(input: DeviceProfileInput, uuid?: string): Promise<Outcome<DeviceProfile>> {
        const outcome = await track(self.saving, () =>
          (uuid
            ? http().put(`device-profiles/${encodeURIComponent(uuid)}`, { json: input })
            : http().post('device-profiles', { json: input })
          ).json<DeviceProfile>(),
        );
        if (outcome.ok) await load();
        return outcome;
      },
      async remove(uuid: string): Promise<Outcome<unknown>> {
        const outcome = await track(self.removing, () =>
          http()
            .delete(`device-profiles/${encodeURIComponent(uuid)}`)
            .json(),
        );
        if (outcome.ok) await load();
        return outcome;
      },
      /** The export file's content (GET /device-profiles/export). */
      exportFile(): Promise<DeviceProfileExport> {
        return http().get('device-profiles/export').json<DeviceProfileExport>();
      },
      /** Imports the profiles of an export file's parsed content, then reloads. */
      async importProfiles(file: Pick<DeviceProfileExport, 'profiles'>): Promise<Outcome<ImportAnswer>> {
        const outcome = await track(self.importing, () =>
          http()
            .post('device-profiles/import', { json: { profiles: file.profiles } })
            .json<ImportAnswer>(),
        );
        if (outcome.ok) await load();
        return outcome;
      },
    };
  });

export type DeviceProfilesStoreInstance = Instance<typeof DeviceProfilesStore>;
