import type { PluginManifest } from '@sensorium/core/common';

export const manifest: PluginManifest = {
  id: 'gateways',
  version: '0.1.0',
  description:
    'LoRaWAN gateways (Gateway Management): kept at ChirpStack or The Things Stack too when their API is configured, ' +
    'with last seen (from the network servers and their MQTT feeds), online/offline status, and an audit record and an ' +
    'event when a gateway goes offline.',
  permissions: [],
  // The offline events go to the applications (nodes: those with devices of the gateway's network server). The
  // network servers (chirpstack, ttn) are optional: they contribute to gatewayNetworkServers when installed.
  dependsOn: ['applications', 'nodes', 'events'],
};
