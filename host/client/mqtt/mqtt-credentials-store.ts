import { cast, getEnv, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type StoreEnv } from '@sensorium/core/client';
import type { MqttDeviceCredentialsRotated, MqttDeviceCredentialsView } from '@sensorium/core/common';

export const MQTT_CREDENTIALS_STORE = 'mqttCredentials';
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
export const MqttCredentialsStore = types
  .model('MqttCredentials', {
    /** The organisation asked for; null asks for the caller's own (the operator's shared username for a cloud user). */
    organisationId: types.maybeNull(types.string),
    view: types.maybeNull(ViewModel),
    loading: types.optional(RequestModel, {}),
    rotating: types.optional(RequestModel, {}),
  })
  .volatile(() => ({ password: null as string | null, latestLoad: 0 }))
  .views((self) => ({
    /** Only an organisation's password can be set, and only on the console's own broker. */
    get rotatable(): boolean {
      return self.view?.organisationId != null && self.view.brokerUrl !== null;
    },
  }))
  .actions((self) => ({
    begin(organisationId: string | null): number {
      self.organisationId = organisationId;
      self.view = null;
      self.password = null;
      self.rotating.clear();
      return ++self.latestLoad;
    },
    show(view: MqttDeviceCredentialsView, password: string | null) {
      const { organisationId, brokerUrl, username, rotatedAt } = view;
      self.view = cast({ organisationId, brokerUrl, username, rotatedAt });
      self.password = password;
    },
  }))
  .actions((self) => {
    const http = () => getEnv<Pick<StoreEnv, 'http'>>(self).http;
    const searchParams = () => (self.organisationId ? { organisationId: self.organisationId } : undefined);
    return {
      /** Loads the organisation's credentials; an answer for an organisation asked for earlier is dropped. */
      async open(organisationId: string | null): Promise<void> {
        const ticket = self.begin(organisationId);
        const outcome = await track(self.loading, () =>
          http().get(PATH, { searchParams: searchParams() }).json<MqttDeviceCredentialsView>(),
        );
        if (outcome.ok && ticket === self.latestLoad) self.show(outcome.value, null);
      },
      /** Sets a new password (the old one stops working) and keeps it to be shown once. */
      async rotate(): Promise<boolean> {
        const outcome = await track(self.rotating, () =>
          http().post(`${PATH}/rotate`, { searchParams: searchParams() }).json<MqttDeviceCredentialsRotated>(),
        );
        if (outcome.ok) self.show(outcome.value, outcome.value.password);
        return outcome.ok;
      },
    };
  });

export type MqttCredentialsStoreInstance = Instance<typeof MqttCredentialsStore>;
