import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics, MqttConfig } from '@sensorium/core/server';
import type { SystemSettings } from '../system/settings';
import { EmbeddedMqttBroker } from './embedded-broker';
import { ExternalMqttBroker } from './external-broker';
import { mqttMetrics } from './mqtt-metrics';
import type { OrganisationCredentials } from './organisation-credentials';
import type { HostMqttService } from './types';

export type { HostMqttService } from './types';
export { OrganisationCredentials } from './organisation-credentials';

const DEVICE_PASSWORD_KEY = 'mqtt.devicePassword';

/** MQTT switched off: adapters that consume get nothing, and a downlink fails with a clear message. */
class DisabledMqtt implements HostMqttService {
  readonly mode = 'embedded' as const;
  readonly brokerUrl = '';
  readonly deviceCredentials = null;
  async consume(): Promise<() => Promise<void>> {
    return async () => {};
  }
  async publish(): Promise<void> {
    throw new Error('MQTT is switched off (SENSORIUM_MQTT_PORT=off)');
  }
  async listen(): Promise<void> {}
  endOrganisationConnections(): void {}
  state() {
    return 'off' as const;
  }
  async drain(): Promise<void> {}
  async close(): Promise<void> {}
}

/**
 * The MQTT service for the configuration: an external broker with MQTT_URL, else the embedded broker. The embedded broker's
 * device password, when not configured, is generated once, kept in system_settings (the same for every instance and after
 * restarts) and logged when it is created. Organisations' own device passwords (`credentials`) open the embedded broker only.
 */
export async function createMqttService(
  config: MqttConfig | null,
  settings: SystemSettings,
  log: FastifyBaseLogger,
  maxUplinkBytes: number,
  credentials: OrganisationCredentials,
  metrics: Metrics,
): Promise<HostMqttService> {
  // Registered with MQTT off too: the dashboard's queries then find the metrics, at zero.
  const meters = mqttMetrics(metrics);
  if (!config) return new DisabledMqtt();
  if (config.url) {
    return new ExternalMqttBroker({
      url: config.url,
      username: config.username,
      password: config.password,
      clientId: config.clientId,
      shareGroup: config.shareGroup,
      topicPrefix: config.topicPrefix,
      connections: config.ingestConnections,
      maxUplinkBytes,
      log,
      meters,
    });
  }
  let password = config.devicePassword;
  if (password === null) {
    const generated = randomBytes(18).toString('base64url');
    password = await settings.readOrInit(DEVICE_PASSWORD_KEY, generated);
    if (password === generated) {
      log.warn(
        { username: config.deviceUsername ?? 'sensorium', password },
        'generated the embedded MQTT broker device password (set SENSORIUM_MQTT_DEVICE_PASSWORD to choose one)',
      );
    }
  }
  return new EmbeddedMqttBroker({
    host: config.host,
    port: config.port,
    username: config.deviceUsername ?? 'sensorium',
    password,
    topicPrefix: config.topicPrefix,
    maxUplinkBytes,
    credentials,
    log,
    meters,
  });
}
