import { addDisposer, getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome, type StoreEnv } from '@sensorium/core/client';
import type { DeviceProfileSummary } from '../../common/device-profiles';
import type { Item } from '../../common/types';
import { deviceProfileApi } from '../api/device-profile-api';
import { treeApi } from '../api/tree-api';
import { wizardResult, type NameStatus, type WizardState } from '../wizard/wizard-rules';

/** The server's name check runs this long after typing stops. */
export const NAME_CHECK_DELAY_MS = 300;

const ProfileOptionModel = types.model('DeviceProfileOption', {
  uuid: types.string,
  deviceProfileName: '',
  sensorBrand: '',
  sensorModel: '',
  subType: '',
});

/**
 * The add-item wizard's server data (node spec 2.11): the uniqueness check of the typed name, the device profiles of
 * the chosen source, and the save. One instance per opened wizard.
 */
export const WizardStore = types
  .model('AddItemWizard', {
    appId: '',
    /** The pre-selected parent (the row whose Add button was pressed). */
    parentName: '',
    /** The trimmed name the status is about. */
    checkedName: '',
    nameStatus: types.optional(
      types.enumeration<NameStatus>('NameStatus', ['unchecked', 'checking', 'available', 'taken']),
      'unchecked',
    ),
    profiles: types.array(ProfileOptionModel),
    saving: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ nameTimer: null as ReturnType<typeof setTimeout> | null, profileRequest: 0 }))
  .actions((self) => ({
    afterCreate() {
      addDisposer(self, () => {
        if (self.nameTimer) clearTimeout(self.nameTimer);
      });
    },
    setNameStatus(name: string, status: NameStatus) {
      if (name === self.checkedName) self.nameStatus = status;
    },
    setProfiles(request: number, profiles: DeviceProfileSummary[]) {
      if (request === self.profileRequest) self.profiles.replace(profiles);
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    const check = async (name: string) => {
      const status = await treeApi(http(), self.appId)
        .nameAvailable(name)
        .then((answer): NameStatus => (answer.available ? 'available' : 'taken'))
        .catch((): NameStatus => 'unchecked');
      self.setNameStatus(name, status);
    };
    return {
      /** The name as typed: 'checking' at once, the server's answer a moment after typing stops. */
      typeName(typed: string) {
        const name = typed.trim();
        if (name === self.checkedName) return;
        self.checkedName = name;
        if (self.nameTimer) clearTimeout(self.nameTimer);
        self.nameTimer = null;
        self.nameStatus = name ? 'checking' : 'unchecked';
        if (name) self.nameTimer = setTimeout(() => void check(name), NAME_CHECK_DELAY_MS);
      },

      /** Loads the device profiles of a source (none without one); only the latest request's answer counts. */
      async loadProfiles(source: string | undefined): Promise<void> {
        const request = ++self.profileRequest;
        if (!source) {
          self.setProfiles(request, []);
          return;
        }
        const profiles = await deviceProfileApi(http(), self.appId)
          .list(source)
          .catch(() => []);
        self.setProfiles(request, profiles);
      },

      /** Adds the item (for a device with a profile, with the profile's commands and fields). */
      add(state: WizardState, profileSource: string | undefined): Promise<Outcome<Item>> {
        return track(self.saving, async () => {
          const profileUuid = typeof state.dataSource.deviceProfile === 'string' ? state.dataSource.deviceProfile : '';
          const profile =
            profileSource && profileUuid
              ? await deviceProfileApi(http(), self.appId)
                  .profile(profileUuid)
                  .catch(() => null)
              : null;
          return treeApi(http(), self.appId).addItem(wizardResult(state, profile));
        });
      },
    };
  });

export type WizardStoreInstance = Instance<typeof WizardStore>;
