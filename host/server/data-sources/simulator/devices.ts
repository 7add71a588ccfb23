import { randomUUID } from 'node:crypto';
import {
  DEMO_CHIRPSTACK_APPLICATION_ID,
  DEMO_DEVICES,
  DEMO_TTN_APPLICATION,
  type DemoBehaviour,
  type DemoDeviceKind,
} from '../../../../plugins/nodes/common/demo-devices';

export type SimulatedSource = 'chirpstack' | 'ttn';

export interface SimulatedDevice {
  source: SimulatedSource;
  /** ChirpStack: DevEUI (16 lower-case hex digits); TTS: device id. */
  deviceId: string;
  /** ChirpStack application id, or TTS `application@tenant`. */
  application: string;
  kind: DemoDeviceKind;
  behaviour: DemoBehaviour;
}

const KINDS: DemoDeviceKind[] = ['temperature-humidity', 'door', 'power-meter', 'battery'];
const BEHAVIOUR: Record<DemoDeviceKind, DemoBehaviour> = {
  'temperature-humidity': 'steady',
  door: 'toggle',
  'power-meter': 'steady',
  battery: 'steady',
};

/**
 * `count` devices of the chosen sources: the demo devices first (the demo application has items for them), then generated
 * ones (DevEUIs a8404100 02xxxxxx, TTS ids sim-device-N) of every kind in turn.
 */
export function simulatedDevices(count: number, source: SimulatedSource | 'both'): SimulatedDevice[] {
  const wanted = (candidate: SimulatedSource) => source === 'both' || source === candidate;
  const devices: SimulatedDevice[] = DEMO_DEVICES.filter((device) => wanted(device.source)).map((device) => ({
    source: device.source,
    deviceId: device.deviceId,
    application: (device.source === 'chirpstack' ? device.chirpstackApplicationId : device.ttnApplication) ?? '',
    kind: device.kind,
    behaviour: device.behaviour,
  }));
  for (let index = 0; devices.length < count; index++) {
    const deviceSource: SimulatedSource = source === 'both' ? (index % 2 === 0 ? 'chirpstack' : 'ttn') : source;
    const kind = KINDS[index % KINDS.length] ?? 'battery';
    devices.push({
      source: deviceSource,
      deviceId: deviceSource === 'chirpstack' ? `a840410002${index.toString(16).padStart(6, '0')}` : `sim-device-${index}`,
      application: deviceSource === 'chirpstack' ? DEMO_CHIRPSTACK_APPLICATION_ID : DEMO_TTN_APPLICATION,
      kind,
      behaviour: BEHAVIOUR[kind],
    });
  }
  return devices.slice(0, count);
}

/** A stable 0..1 number per device, so devices of one kind do not move in lockstep. */
function phaseOf(deviceId: string): number {
  let hash = 0;
  for (const char of deviceId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (hash % 1000) / 1000;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const noise = (size: number) => (Math.random() - 0.5) * size;

/**
 * Decoded field values of a device at `at`. `alarm-cycle` temperature is above 30 °C (the demo's red range) from second 15
 * to 35 of every minute and back near 24 °C otherwise, so an event is raised and auto-cleared within a minute.
 */
export function deviceValues(device: SimulatedDevice, at: Date, sent: number): Record<string, number> {
  const seconds = at.getTime() / 1000;
  const phase = phaseOf(device.deviceId);
  const wave = Math.sin((seconds / 600 + phase) * 2 * Math.PI);
  const battery = round(Math.max(41, 96 - phase * 30 - sent / 5000), 0);
  switch (device.kind) {
    case 'temperature-humidity': {
      const inAlarm = device.behaviour === 'alarm-cycle' && at.getUTCSeconds() >= 15 && at.getUTCSeconds() < 35;
      const temperature = inAlarm ? 32.5 + noise(1) : 23 + 2 * wave + noise(0.4);
      return { temperature: round(temperature, 1), humidity: round(50 + 8 * wave + noise(2), 0), battery };
    }
    case 'door':
      return { door: Math.floor(seconds / 30 + phase * 2) % 2, battery };
    case 'power-meter': {
      const power = 55 + 12 * wave + noise(4);
      return { power: round(power, 1), energy: round(10_000 * phase + seconds / 60, 1), voltage: round(230 + noise(3), 1) };
    }
    case 'battery':
      return { battery, voltage: round(3.3 + battery / 500, 2) };
  }
}

/** The MQTT topic and JSON a network server would publish for this uplink (ChirpStack v4 or TTS v3 format). */
export function uplinkMessage(
  device: SimulatedDevice,
  fields: Record<string, number>,
  fCnt: number,
  at: Date,
): { topic: string; payload: string } {
  const rssi = -70 - Math.round(phaseOf(device.deviceId) * 40);
  const snr = round(9 - phaseOf(device.deviceId) * 12, 1);
  if (device.source === 'chirpstack') {
    return {
      topic: `application/${device.application}/device/${device.deviceId}/event/up`,
      payload: JSON.stringify({
        deduplicationId: randomUUID(),
        time: at.toISOString(),
        deviceInfo: {
          tenantId: '52f14cd4-c6f1-4fbd-8f87-4025e1d49242',
          tenantName: 'Sensorium',
          applicationId: device.application,
          applicationName: 'Sensorium demo',
          deviceProfileId: 'e1f5c8a6-1e8b-4b7a-9d2d-0a6f3c9b8e21',
          deviceProfileName: device.kind,
          deviceName: device.deviceId,
          devEui: device.deviceId,
          tags: {},
        },
        devAddr: device.deviceId.slice(-8),
        adr: true,
        dr: 5,
        fCnt,
        fPort: 2,
        confirmed: false,
        data: Buffer.from(JSON.stringify(fields)).toString('base64'),
        object: fields,
        rxInfo: [{ gatewayId: '0016c001ff10a235', uplinkId: fCnt % 65536, rssi, snr, context: 'AAAAAA==', metadata: {} }],
        txInfo: { frequency: 868100000, modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } } },
      }),
    };
  }
  const [applicationId] = device.application.split('@');
  return {
    topic: `v3/${device.application}/devices/${device.deviceId}/up`,
    payload: JSON.stringify({
      end_device_ids: {
        device_id: device.deviceId,
        application_ids: { application_id: applicationId },
        dev_eui: `70B3D57ED0${phaseOf(device.deviceId).toFixed(3).slice(2).padStart(6, '0')}`,
        dev_addr: '260B1234',
      },
      received_at: at.toISOString(),
      uplink_message: {
        f_cnt: fCnt,
        f_port: 1,
        frm_payload: Buffer.from(JSON.stringify(fields)).toString('base64'),
        decoded_payload: fields,
        rx_metadata: [
          { gateway_ids: { gateway_id: 'sensorium-gateway', eui: 'B827EBFFFE000001' }, rssi, channel_rssi: rssi, snr },
        ],
        settings: { data_rate: { lora: { bandwidth: 125000, spreading_factor: 7 } }, frequency: '868100000' },
        received_at: at.toISOString(),
      },
    }),
  };
}
