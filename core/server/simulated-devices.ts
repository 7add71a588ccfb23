import { createExtensionPoint } from '@sensorium/core/common';

/**
 * How the demo simulation makes up one decoded field of a simulated device, from the time of the uplink:
 * - `wave`: between min and max and back over periodSec (default 600), each device at its own phase, a little noise;
 * - `toggle`: 0 and 1 in turn, each for periodSec (default 30);
 * - `counter`: from start, up by perMinute every minute (a meter reading);
 * - `alarm-cycle`: `normal` (± a little noise) except from second alarmFrom to alarmTo of every minute, when it is
 *   `alarm`, so a field with a red range there raises an event and auto-clears it within a minute.
 */
export type FieldGenerator =
  | { kind: 'wave'; min: number; max: number; periodSec?: number; decimals?: number }
  | { kind: 'toggle'; periodSec?: number }
  | { kind: 'counter'; start: number; perMinute: number; decimals?: number }
  | { kind: 'alarm-cycle'; normal: number; alarm: number; alarmFrom: number; alarmTo: number; decimals?: number };

export const FIELD_GENERATOR_KINDS = ['wave', 'toggle', 'counter', 'alarm-cycle'] as const;

/** A device the demo simulation publishes uplinks for, with how each of its fields moves. */
export interface GeneratedDevice {
  /** The data source type whose simulator encoding formats its uplinks (`chirpstack`, `ttn`). */
  source: string;
  /** The device's id at that source, as the item's dataSource.deviceEUI holds it. */
  deviceId: string;
  /** What it is (a device profile name), shown as the network server's profile. */
  kind: string;
  fields: Record<string, FieldGenerator>;
}

/**
 * Devices besides the fixed demo devices that the demo simulation drives on the embedded broker (the project wizard's
 * projects). The simulation asks every few seconds, so a device added meanwhile starts sending within seconds.
 */
export interface SimulatedDeviceProvider {
  id: string;
  devices(): Promise<GeneratedDevice[]>;
}
export const simulatedDeviceProviders = createExtensionPoint<SimulatedDeviceProvider>('core.simulated-devices/v1');
