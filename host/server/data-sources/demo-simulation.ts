import type { FastifyBaseLogger } from 'fastify';
import type { ExtensionRegistry, LicenceSet } from '@sensorium/core/common';
import { simulatorEncodings, type MqttService } from '@sensorium/core/server';
import { DEMO_DEVICES } from '@sensorium/nodes/common';
import { licensedValues } from '../plugin-host/wire-plugins';
import { Simulator, simulatedDevices } from './simulator';

/** Every demo device sends an uplink about every this many seconds. */
const DEMO_PERIOD_SEC = 5;

/**
 * With the demo seeded, the server drives the demo devices itself: the simulator publishes their uplinks to the embedded
 * broker like their network servers would (in the encodings the running data-source plugins contribute), so values move
 * and the alarm-cycle device raises and clears an event every minute.
 * Returns the function that stops it, or null when there is no embedded broker to publish to or no demo device to drive.
 */
export async function startDemoSimulation(
  mqtt: MqttService,
  log: FastifyBaseLogger,
  registry: ExtensionRegistry,
  licences: LicenceSet,
): Promise<(() => Promise<void>) | null> {
  if (mqtt.mode !== 'embedded' || !mqtt.deviceCredentials || !mqtt.brokerUrl) return null;
  const encodings = licensedValues(registry, licences, simulatorEncodings);
  const sources = new Set(encodings.map((encoding) => encoding.source));
  const count = DEMO_DEVICES.filter((device) => sources.has(device.source)).length;
  if (count === 0) return null;
  const devices = simulatedDevices(count, encodings);
  const simulator = new Simulator({
    brokerUrl: mqtt.brokerUrl,
    ...mqtt.deviceCredentials,
    devices,
    encodings,
    rate: devices.length / DEMO_PERIOD_SEC,
    clientId: 'sensorium-demo-simulator',
  });
  try {
    await simulator.start();
  } catch (error) {
    log.warn({ err: error }, 'demo devices not simulated');
    return null;
  }
  log.info({ devices: devices.length }, 'demo devices simulated on the embedded MQTT broker');
  return () => simulator.stop();
}
