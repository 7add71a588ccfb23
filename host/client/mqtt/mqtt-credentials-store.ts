import { cast, types, type Instance } from 'mobx-state-tree';
import { organisationScopedModel, RequestModel, track } from '@sensorium/core/client';
import type { MqttDeviceCredentialsRotated, MqttDeviceCredentialsView } from '@sensorium/core/common';

export { MQTT_CREDENTIALS_STORE } from './store-name';
const PATH = 'mqtt/device-credentials';

const ViewModel = types.model('MqttDeviceCredentialsView', {
  organisationId: types.maybeNull(types.string),
  brokerUrl: types.maybeNull(types.string),
  username: types.maybeNull(types.string),
  rotatedAt: types.maybeNull(types.string),
});

/**
 * An organisation's device credentials for the embedded MQTT broker (GET /mqtt/device-credentials, POST …/rotate). The
 * password of the last rotation is held only here, in memory, to be shown once; opening another organisation drops it.
 */
export const MqttCredentialsStore = organisationScopedModel('MqttCredentials', PATH)
  .props({
    view: types.maybeNull(ViewModel),
    rotating: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ password: null as string | null }))
  .views((self) => ({
    /** Only an organisation's password can be set, and only on the console's own broker. */
    get rotatable(): boolean {
      return self.view?.organisationId != null && self.view.brokerUrl !== null;
    },
  }))
  .actions((self) => ({
    reset() {
      self.view = null;
      self.password = null;
      self.rotating.clear();
    },
    show(view: MqttDeviceCredentialsView, password: string | null) {
      const { organisationId, brokerUrl, username, rotatedAt } = view;
      self.view = cast({ organisationId, brokerUrl, username, rotatedAt });
      self.password = password;
    },
  }))
  .actions((self) => ({
    /** Loads the organisation's credentials; an answer for an organisation asked for earlier is dropped. */
    async open(organisationId: string | null): Promise<void> {
      self.reset();
      const view = await self.fetch<MqttDeviceCredentialsView>(organisationId);
      if (view) self.show(view, null);
    },
    /** Sets a new password (the old one stops working) and keeps it to be shown once. */
    async rotate(): Promise<boolean> {
      const outcome = await track(self.rotating, () => self.call<MqttDeviceCredentialsRotated>('post', { suffix: 'rotate' }));
      if (outcome.ok) self.show(outcome.value, outcome.value.password);
      return outcome.ok;
    },
  }));

export type MqttCredentialsStoreInstance = Instance<typeof MqttCredentialsStore>;
