/**
 * The demo's devices, shared by the nodes plugin's demo seeder (which creates their items) and by `sensorium simulate`
 * (which publishes their uplinks as ChirpStack or The Things Stack would).
 */

export type DemoDeviceKind = 'temperature-humidity' | 'door' | 'power-meter' | 'battery';

/**
 * How the simulator drives a device: `steady` stays in its normal range; `alarm-cycle` rises above 30 °C for part of
 * every minute and falls back, so the demo raises a red alarm and auto-clears it within a minute.
 */
export type DemoBehaviour = 'steady' | 'alarm-cycle' | 'toggle';

export interface DemoDevice {
  itemName: string;
  displayName: string;
  /** The site node (item name) the device sits under. */
  site: string;
  source: 'chirpstack' | 'ttn';
  /** ChirpStack: DevEUI, 16 lower-case hex digits; TTS: the device id. */
  deviceId: string;
  /** ChirpStack application (uuid) of the uplink topic `application/{id}/device/{devEui}/event/up`. */
  chirpstackApplicationId?: string;
  /** TTS application `{application-id}@{tenant-id}` of the topic `v3/{app}/devices/{deviceId}/up`. */
  ttnApplication?: string;
  kind: DemoDeviceKind;
  behaviour: DemoBehaviour;
  /** The decoded fields the device sends (ChirpStack `object`, TTS `decoded_payload`). */
  fields: string[];
}

export interface DemoSite {
  itemName: string;
  displayName: string;
  description: string;
}

/** The application the demo devices live in: the first one the applications plugin's demo seeder creates. */
export const DEMO_APPLICATION_ID = 'pump_station_north';

export const DEMO_CHIRPSTACK_APPLICATION_ID = '5f0d5a4e-3c1b-4f8e-9a57-2b9c1d7e6a10';
export const DEMO_TTN_APPLICATION = 'sensorium-demo@ttn';

export const DEMO_SITES: readonly DemoSite[] = [
  { itemName: 'pump-house', displayName: 'Pump House', description: 'Pump room climate, door and power (ChirpStack)' },
  { itemName: 'control-room', displayName: 'Control Room', description: 'Control room sensors (The Things Stack)' },
];

const TEMPERATURE_FIELDS = ['temperature', 'humidity', 'battery'];

export const DEMO_DEVICES: readonly DemoDevice[] = [
  {
    itemName: 'pump-room-climate',
    displayName: 'Pump Room Climate',
    site: 'pump-house',
    source: 'chirpstack',
    deviceId: 'a84041000181c001',
    chirpstackApplicationId: DEMO_CHIRPSTACK_APPLICATION_ID,
    kind: 'temperature-humidity',
    behaviour: 'steady',
    fields: TEMPERATURE_FIELDS,
  },
  {
    itemName: 'motor-bay-climate',
    displayName: 'Motor Bay Climate',
    site: 'pump-house',
    source: 'chirpstack',
    deviceId: 'a84041000181c002',
    chirpstackApplicationId: DEMO_CHIRPSTACK_APPLICATION_ID,
    kind: 'temperature-humidity',
    behaviour: 'alarm-cycle',
    fields: TEMPERATURE_FIELDS,
  },
  {
    itemName: 'pump-house-door',
    displayName: 'Pump House Door',
    site: 'pump-house',
    source: 'chirpstack',
    deviceId: 'a84041000181c003',
    chirpstackApplicationId: DEMO_CHIRPSTACK_APPLICATION_ID,
    kind: 'door',
    behaviour: 'toggle',
    fields: ['door', 'battery'],
  },
  {
    itemName: 'main-power-meter',
    displayName: 'Main Power Meter',
    site: 'pump-house',
    source: 'chirpstack',
    deviceId: 'a84041000181c004',
    chirpstackApplicationId: DEMO_CHIRPSTACK_APPLICATION_ID,
    kind: 'power-meter',
    behaviour: 'steady',
    fields: ['power', 'energy', 'voltage'],
  },
  {
    itemName: 'tank-level-battery',
    displayName: 'Tank Level Sensor Battery',
    site: 'pump-house',
    source: 'chirpstack',
    deviceId: 'a84041000181c005',
    chirpstackApplicationId: DEMO_CHIRPSTACK_APPLICATION_ID,
    kind: 'battery',
    behaviour: 'steady',
    fields: ['battery', 'voltage'],
  },
  {
    itemName: 'control-room-climate',
    displayName: 'Control Room Climate',
    site: 'control-room',
    source: 'ttn',
    deviceId: 'control-room-climate',
    ttnApplication: DEMO_TTN_APPLICATION,
    kind: 'temperature-humidity',
    behaviour: 'steady',
    fields: TEMPERATURE_FIELDS,
  },
  {
    itemName: 'control-room-door',
    displayName: 'Control Room Door',
    site: 'control-room',
    source: 'ttn',
    deviceId: 'control-room-door',
    ttnApplication: DEMO_TTN_APPLICATION,
    kind: 'door',
    behaviour: 'toggle',
    fields: ['door', 'battery'],
  },
  {
    itemName: 'ups-battery',
    displayName: 'UPS Battery',
    site: 'control-room',
    source: 'ttn',
    deviceId: 'ups-battery',
    ttnApplication: DEMO_TTN_APPLICATION,
    kind: 'battery',
    behaviour: 'steady',
    fields: ['battery', 'voltage'],
  },
];
