import type { MqttDeviceCredentialsRotated, MqttDeviceCredentialsView } from '@sensorium/core/common';
import {
  defineRoute,
  HttpError,
  managedOrganisation,
  ManagedOrganisationQuery,
  organisationToChange,
  type Database,
  type RouteDefinition,
} from '@sensorium/core/server';
import type { OrganisationCredentials } from './organisation-credentials';
import type { HostMqttService } from './types';

const viewProperties = {
  organisationId: { type: ['string', 'null'] },
  brokerUrl: { type: ['string', 'null'] },
  username: { type: ['string', 'null'] },
  rotatedAt: { type: ['string', 'null'] },
};

/**
 * GET `/mqtt/device-credentials` (the organisation's MQTT username, the broker's address and when its password was last
 * set) and POST `/mqtt/device-credentials/rotate` (a new password, answered once; the old one stops working and its
 * connections close). An si-customer manages its own organisation; a cloud user names any, and without one sees the
 * operator's shared username. Closed to end customers; needs `setting`. Another organisation answers 404.
 */
export function mqttCredentialRoutes(db: Database, mqtt: HostMqttService, credentials: OrganisationCredentials) {
  const embeddedUrl = () => (mqtt.mode === 'embedded' && mqtt.brokerUrl ? mqtt.brokerUrl : null);

  const view = async (organisationId: string | null): Promise<MqttDeviceCredentialsView> => {
    const brokerUrl = embeddedUrl();
    if (organisationId === null) {
      return { organisationId, brokerUrl, username: mqtt.deviceCredentials?.username ?? null, rotatedAt: null };
    }
    const rotatedAt = brokerUrl ? await credentials.rotatedAt(organisationId) : null;
    return {
      organisationId,
      brokerUrl,
      username: brokerUrl ? organisationId : null,
      rotatedAt: rotatedAt?.toISOString() ?? null,
    };
  };

  // 404: the organisation named in the query is not one the caller manages.
  const common = {
    levels: ['cloud', 'si-customer'],
    permission: 'setting',
    query: ManagedOrganisationQuery,
    errors: [404],
  } as const;
  return [
    defineRoute({
      ...common,
      method: 'GET',
      url: '/mqtt/device-credentials',
      summary: "The organisation's MQTT device username, the embedded broker's address and when its password was last set",
      response: { type: 'object', properties: viewProperties },
      handler: async ({ user, query }) => view(await managedOrganisation(db, user, query)),
    }),
    defineRoute({
      ...common,
      method: 'POST',
      url: '/mqtt/device-credentials/rotate',
      errors: [404, 409],
      summary: 'Sets a new MQTT device password for the organisation, answered this once; the old one stops working',
      audit: 'mqtt.device-password.rotate',
      response: { type: 'object', properties: { ...viewProperties, password: { type: 'string' } } },
      handler: async ({ user, query }): Promise<MqttDeviceCredentialsRotated> => {
        const organisationId = await organisationToChange(db, user, query);
        if (!embeddedUrl()) throw new HttpError(409, 'mqtt.errors.noEmbeddedBroker');
        const { password } = await credentials.rotate(organisationId);
        mqtt.endOrganisationConnections(organisationId);
        return { ...(await view(organisationId)), password };
      },
    }),
  ] as RouteDefinition[];
}
