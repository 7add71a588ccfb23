import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'gateways',
  version: '0.1.0',
  description:
    'LoRaWAN gateways (Gateway Management): kept at ChirpStack or The Things Stack too when their API is configured, ' +
    'with last seen, online/offline status and an audit record when a gateway goes offline.',
  permissions: [],
  // Their organisation API settings (chirpstack_server_settings, ttn_server_settings) reach the network servers.
  dependsOn: ['chirpstack', 'ttn'],
};
