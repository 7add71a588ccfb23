/**
 * The benchmark's devices: three fields (temperature, humidity, battery) with colour ranges whose alarm range raises an
 * event (auto cleared when the value returns), and ChirpStack v4 uplinks for them. Shared by the benchmark (item set-up)
 * and the publisher process (message bodies).
 */
import { randomUUID } from 'node:crypto';
import {
  defaultFieldPreference,
  defaultNotificationSetting,
  type FieldPreference,
  type NotificationSetting,
  type RangeEntry,
} from '../../plugins/nodes/common/field-preference';

export const BENCH_APP_ID = 'bench_ingest';
/** The ChirpStack application id in topics and deviceInfo (a UUID in real deployments). */
export const CHIRPSTACK_APP_ID = '5a7c8d5e-7c0e-4b1e-9a43-5a3f2d1c0b9e';

export function devEuiOf(index: number): string {
  return `70b3d5be${index.toString(16).padStart(8, '0')}`;
}

export function uplinkTopic(root: string, devEui: string): string {
  return `${root}application/${CHIRPSTACK_APP_ID}/device/${devEui}/event/up`;
}

function range(name: string, color: RangeEntry['color'], startNum: number, endNum: number, event: boolean): RangeEntry {
  return {
    name,
    color,
    icon: 'fa-check-circle',
    value: 0,
    startNum,
    endNum,
    eventSetting: { name: `${name} alarm`, enable: event, allowAutoClear: true },
  };
}

function field(name: string, unit: string, ranges: RangeEntry[]): FieldPreference {
  return {
    ...defaultFieldPreference(name),
    displayName: name[0]!.toUpperCase() + name.slice(1),
    unit,
    decimalPlace: 1,
    rangeEnabled: true,
    rangeSettings: { belowMinimum: { minNumber: null }, aboveMaximum: { maxNumber: null }, ranges },
  };
}

/**
 * The device's contact for the notifications variant: its own department, so the e-mails spread over 200 contacts (the
 * bench organisation's rate limit, set in bench/ingest.ts, is what keeps them all from being deferred).
 */
export function benchContactOf(index: number): { name: string; department: string; email: string } {
  return { name: `contact-${index}`, department: `d-${index}`, email: `contact-${index}@example.com` };
}

/** An e-mail to the device's contact for each event of the temperature's alarm range (1 % of uplinks at --alarm-rate 0.01). */
function benchEmail(index: number): NotificationSetting {
  return {
    ...defaultNotificationSetting(),
    emailEnabled: true,
    emailTemplate: '<p>{{ itemName }}: {{ currentOutputValue }} in {{ range }}</p><p><a href="{{ link }}">Acknowledge</a></p>',
    departments: [benchContactOf(index).department],
  };
}

/**
 * Field preferences of a benchmark item: 3 to 4 colour ranges per field, the alarm range with its event enabled; with
 * `notifyIndex`, the temperature's alarm range also e-mails that device's contact.
 */
export function benchInput(notifyIndex?: number): Record<string, FieldPreference> {
  const hot = range('hot', 'red', 30, 85, true);
  return {
    temperature: field('temperature', '°C', [
      range('cold', 'yellow', -40, 10, false),
      range('normal', 'green', 10, 30, false),
      notifyIndex === undefined ? hot : { ...hot, notificationSetting: benchEmail(notifyIndex) },
    ]),
    humidity: field('humidity', '%', [
      range('dry', 'yellow', 0, 20, false),
      range('normal', 'green', 20, 70, false),
      range('wet', 'orange', 70, 100, true),
    ]),
    battery: field('battery', '%', [
      range('empty', 'red', 0, 10, true),
      range('low', 'orange', 10, 25, false),
      range('ok', 'green', 25, 101, false),
    ]),
  };
}

/**
 * Builds uplink bodies. `alarmRate` is the share of field readings in their alarm range (an event is created, and
 * cleared by the device's next normal reading).
 */
export class UplinkFactory {
  private readonly counters: Uint32Array;

  constructor(
    private readonly devEuis: readonly string[],
    private readonly alarmRate: number,
  ) {
    this.counters = new Uint32Array(devEuis.length);
  }

  /** A ChirpStack v4 `event/up` JSON body; `time` is the publish time (the latency's start). */
  body(device: number, publishedAt: number): string {
    const devEui = this.devEuis[device]!;
    const fCnt = ++this.counters[device]!;
    const alarm = () => Math.random() < this.alarmRate;
    const round = (value: number) => Math.round(value * 10) / 10;
    return JSON.stringify({
      deduplicationId: randomUUID(),
      time: new Date(publishedAt).toISOString(),
      deviceInfo: {
        tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
        tenantName: 'ChirpStack',
        applicationId: CHIRPSTACK_APP_ID,
        applicationName: 'Benchmark',
        deviceProfileId: 'cd3bd2c6-3e7b-4c1b-9cbd-b1a8b2b1b1b1',
        deviceProfileName: 'TH sensor',
        deviceName: `th-${device}`,
        devEui,
        tags: {},
      },
      devAddr: (0x01000000 + device).toString(16).padStart(8, '0'),
      adr: true,
      dr: 5,
      fCnt,
      fPort: 2,
      confirmed: false,
      data: 'AQIDBAUGBwg=',
      object: {
        temperature: round(alarm() ? 30 + Math.random() * 20 : 18 + Math.random() * 8),
        humidity: round(alarm() ? 71 + Math.random() * 20 : 35 + Math.random() * 20),
        battery: round(alarm() ? 5 + Math.random() * 4 : 60 + Math.random() * 40),
      },
      rxInfo: [
        {
          gatewayId: '0016c001ff10a235',
          uplinkId: fCnt,
          rssi: -70 - Math.round(Math.random() * 40),
          snr: round(Math.random() * 12 - 2),
          channel: 2,
          location: {},
          context: 'EFwMtA==',
          metadata: { region_config_id: 'eu868', region_common_name: 'EU868' },
          crcStatus: 'CRC_OK',
        },
      ],
      txInfo: {
        frequency: 868500000,
        modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } },
      },
    });
  }
}
