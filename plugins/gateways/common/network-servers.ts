import { createExtensionPoint } from '@sensorium/core/common';
import type { GatewayType } from './index';

/** Where a network server's HTTP API is and the secret that opens it; nulls while it is not configured. */
export interface NetworkServerAccess {
  apiUrl: string | null;
  secret: string | null;
}

/**
 * A LoRaWAN network server's part in gateway management, contributed by the data-source plugin that talks to it
 * (chirpstack, ttn), which keeps its API settings. The gateways plugin reads the contributions when it calls, so it runs
 * with either data source left out: a gateway of a missing one stays in the console only.
 */
export interface GatewayNetworkServer {
  type: GatewayType;
  /** The API settings a call for this organisation uses: its own (Organisation Settings), else the operator's. */
  access(organisationId: string | null): Promise<NetworkServerAccess>;
}
export const gatewayNetworkServers = createExtensionPoint<GatewayNetworkServer>('gateways.network-servers/v1');

/** A network server's MQTT feed heard from a gateway: in a gateway event, or as a receiver of a device's uplink. */
export interface GatewaySighting {
  type: GatewayType;
  /** The gateway's EUI, 16 hex characters in upper case (how the gateways table keeps it). */
  gatewayId: string;
  at: Date;
}

/**
 * Told of every gateway sighting; contributed by the gateways plugin and read by the network servers' adapters when
 * they start. It is called on the ingest path for each uplink, so it must only note the sighting (no I/O, no await).
 */
export type GatewaySightingListener = (sighting: GatewaySighting) => void;
export const gatewaySightingListeners = createExtensionPoint<GatewaySightingListener>('gateways.sighting-listeners/v1');

const EUI = /^[0-9a-f]{16}$/i;

/** A gateway EUI in the table's form (upper-case hex), or null for what is none (TTS's Packet Broker, a custom id). */
export function gatewayEui(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const eui = value.replace(/^eui-/i, '');
  return EUI.test(eui) ? eui.toUpperCase() : null;
}

/** Tells the listeners that a network server heard these gateways (ids as it writes them; others are skipped) at `at`. */
export function reportSightings(
  listeners: readonly GatewaySightingListener[],
  type: GatewayType,
  ids: readonly unknown[],
  at: Date,
): void {
  for (const id of ids) {
    const gatewayId = gatewayEui(id);
    if (gatewayId) for (const listener of listeners) listener({ type, gatewayId, at });
  }
}
