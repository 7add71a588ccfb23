import type { FastifyBaseLogger } from 'fastify';
import type { ExtensionRegistry, LicenceSet } from '@sensorium/core/common';
import { simulatedDeviceProviders, simulatorEncodings, type MqttService } from '@sensorium/core/server';
import { DEMO_DEVICES } from '@sensorium/nodes/common';
import { licensedValues } from '../plugin-host/wire-plugins';
import { generatedDevice, Simulator, simulatedDevices, type SimulatedDevice } from './simulator';

/** Every simulated device sends an uplink about every this many seconds. */
const DEMO_PERIOD_SEC = 5;
/** How often the providers (the project wizard's projects) are asked for their devices again. */
const PROVIDED_DEVICES_REFRESH_MS = 5000;

/**
 * With the demo seeded, the server drives the demo devices itself: the simulator publishes their uplinks to the embedded
 * broker like their network servers would (in the encodings the running data-source plugins contribute), so values move
 * and the alarm-cycle device raises and clears an event every minute. It also drives the devices the plugins'
 * simulatedDeviceProviders list (those of projects made from templates), asking them again every few seconds, so a new
 * project's devices send within seconds of its creation.
 * Returns the function that stops it, or null when there is no embedded broker to publish to or nothing to drive.
 */
export async function startDemoSimulation(
  mqtt: MqttService,
  log: FastifyBaseLogger,
  registry: ExtensionRegistry,
  licences: LicenceSet,
): Promise<(() => Promise<void>) | null> {
  if (mqtt.mode !== 'embedded' || !mqtt.deviceCredentials || !mqtt.brokerUrl) return null;
  const encodings = licensedValues(registry, licences, simulatorEncodings);
  const providers = licensedValues(registry, licences, simulatedDeviceProviders);
  const sources = new Set(encodings.map((encoding) => encoding.source));
  const count = DEMO_DEVICES.filter((device) => sources.has(device.source)).length;
  if (count === 0 && (sources.size === 0 || providers.length === 0)) return null;
  const demo = count > 0 ? simulatedDevices(count, encodings) : [];
  /** The demo devices and the providers' devices of the sources that have an encoding. */
  const allDevices = async (): Promise<SimulatedDevice[]> => {
    const provided = await Promise.all(providers.map((provider) => provider.devices()));
    return [
      ...demo,
      ...provided
        .flat()
        .filter((device) => sources.has(device.source))
        .map(generatedDevice),
    ];
  };
  const devices = await allDevices();
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
  const keyOf = (list: readonly SimulatedDevice[]) => list.map((device) => `${device.source}:${device.deviceId}`).join();
  let known = keyOf(devices);
  const refresh = setInterval(() => {
    allDevices().then(
      (current) => {
        if (keyOf(current) === known) return;
        known = keyOf(current);
        simulator.setDevices(current, current.length / DEMO_PERIOD_SEC);
        log.info({ devices: current.length }, 'simulated devices changed');
      },
      (error: unknown) => log.warn({ err: error }, 'simulated devices not refreshed'),
    );
  }, PROVIDED_DEVICES_REFRESH_MS);
  return async () => {
    clearInterval(refresh);
    await simulator.stop();
  };
}
