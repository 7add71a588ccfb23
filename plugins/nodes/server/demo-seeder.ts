import type { DemoSeeder } from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import { DEMO_APPLICATION_ID, DEMO_DEVICES, DEMO_SITES, type DemoDevice } from '../common/demo-devices';
import { defaultFieldPreference, type FieldPreference } from '../common/field-preference';
import { fieldPreferenceOf, type RangeSpec } from '../common/field-preference-spec';
import { ROOT_ITEM_NAME } from '../common/types';
import type { NodeItems } from './items';

function analog(field: string, displayName: string, unit: string, decimalPlace: number, ranges: RangeSpec[], seq: number) {
  return fieldPreferenceOf({ field, displayName, unit, decimalPlace, ranges, seq });
}

/** Field preferences per kind of demo device: colour ranges so the simulator's values show states and raise alarms. */
const PREFERENCES: Record<string, (seq: number) => FieldPreference> = {
  temperature: (seq) =>
    analog(
      'temperature',
      'Temperature',
      '°C',
      1,
      [
        { name: 'Normal', color: 'green', icon: 'fa-check-circle', start: 0, end: 28 },
        { name: 'Warm', color: 'orange', icon: 'fa-exclamation-circle', start: 28, end: 30 },
        { name: 'Overheat', color: 'red', icon: 'fa-fire', start: 30, end: 100, event: 'High temperature' },
      ],
      seq,
    ),
  humidity: (seq) =>
    analog(
      'humidity',
      'Humidity',
      '%',
      0,
      [
        { name: 'Dry', color: 'yellow', icon: 'fa-tint-slash', start: 0, end: 30 },
        { name: 'Normal', color: 'green', icon: 'fa-check-circle', start: 30, end: 70 },
        { name: 'Humid', color: 'yellow', icon: 'fa-tint', start: 70, end: 100 },
      ],
      seq,
    ),
  battery: (seq) =>
    analog(
      'battery',
      'Battery',
      '%',
      0,
      [
        { name: 'Low', color: 'red', icon: 'fa-battery-empty', start: 0, end: 20, event: 'Low battery' },
        { name: 'Fair', color: 'yellow', icon: 'fa-battery-half', start: 20, end: 40 },
        { name: 'Good', color: 'green', icon: 'fa-battery-full', start: 40, end: 100 },
      ],
      seq,
    ),
  door: (seq) => ({
    ...analog(
      'door',
      'Door',
      '',
      0,
      [
        { name: 'Closed', color: 'green', icon: 'fa-door-closed', start: 0, end: 0, value: 0 },
        { name: 'Open', color: 'orange', icon: 'fa-door-open', start: 1, end: 1, value: 1, event: 'Door open' },
      ],
      seq,
    ),
    signal: 'digital',
  }),
  power: (seq) =>
    analog(
      'power',
      'Power',
      'kW',
      1,
      [
        { name: 'Normal', color: 'green', icon: 'fa-check-circle', start: 0, end: 80 },
        { name: 'High', color: 'orange', icon: 'fa-bolt', start: 80, end: 95 },
        { name: 'Overload', color: 'red', icon: 'fa-bolt', start: 95, end: 1000 },
      ],
      seq,
    ),
  // A meter reading that counts up for the meter's life (the simulator's passes 29 million kWh), far above the default
  // spike filter of ±100,000: a counter is never negative and stays below a billion.
  energy: (seq) => ({ ...analog('energy', 'Energy', 'kWh', 1, [], seq), filter: { min: 0, max: 1_000_000_000 } }),
  voltage: (seq) => analog('voltage', 'Voltage', 'V', 1, [], seq),
};

function inputOf(device: DemoDevice): Record<string, FieldPreference> {
  return Object.fromEntries(
    device.fields.map((field, index) => [
      field,
      PREFERENCES[field]?.(index + 1) ?? { ...defaultFieldPreference(field), seq: index + 1 },
    ]),
  );
}

function dataSourceOf(device: DemoDevice): Record<string, unknown> {
  const common = { sensorType: device.kind, deviceName: device.displayName, connectionTimeoutSec: 600 };
  if (device.source === 'ttn') {
    return { type: 'ttn', deviceEUI: device.deviceId, application: device.ttnApplication, ...common };
  }
  return {
    type: 'chirpstack',
    deviceEUI: device.deviceId,
    application: device.chirpstackApplicationId,
    ...common,
    ...(device.kind === 'power-meter'
      ? { commands: [{ id: 'reset-energy', display: 'Reset energy counter', payload: { fPort: 10, data: 'AQ==' } }] }
      : {}),
  };
}

/**
 * Seeds the demo application's tree through the API's code paths: root → one node per site (with the average
 * temperature of its sensors as node data) → the demo devices, whose colour ranges make the simulator's values raise an
 * alarm and clear it within a minute. Nothing is seeded when the applications plugin's demo did not create it.
 */
export function nodesDemoSeeder(access: Pick<ApplicationAccess, 'ownerOf'>, items: NodeItems): DemoSeeder {
  return {
    id: 'nodes.demo',
    async run() {
      const appId = DEMO_APPLICATION_ID;
      if (!(await access.ownerOf(appId))) return;
      await items.tree.ensureRoot(appId);
      for (const site of DEMO_SITES) {
        const averageTemperature: FieldPreference = {
          ...defaultFieldPreference('averageTemperature'),
          displayName: 'Average Temperature',
          unit: '°C',
          decimalPlace: 1,
          nodeData: { source: 'average', expression: 'children.temperature' },
        };
        await items.crud.add(
          appId,
          {
            itemType: 'node',
            itemName: site.itemName,
            itemDisplayName: site.displayName,
            itemDescription: site.description,
            input: { averageTemperature: { ...averageTemperature } },
            dataSource: { enableHistory: false },
            geoInfo: { tags: ['demo'] },
          },
          ROOT_ITEM_NAME,
        );
      }
      for (const device of DEMO_DEVICES) {
        await items.crud.add(
          appId,
          {
            itemType: 'item',
            itemName: device.itemName,
            itemDisplayName: device.displayName,
            itemDescription: `Demo ${device.kind} sensor (${device.source === 'ttn' ? 'The Things Stack' : 'ChirpStack'})`,
            dataSource: dataSourceOf(device),
            input: inputOf(device) as unknown as Record<string, unknown>,
            geoInfo: { tags: ['demo', device.kind] },
          },
          device.site,
        );
      }
    },
  };
}
