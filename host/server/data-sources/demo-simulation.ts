import type { FastifyBaseLogger } from 'fastify';
import type { MqttService } from '@sensorium/core/server';
import { DEMO_DEVICES } from '../../../plugins/nodes/common/demo-devices';
import { Simulator, simulatedDevices } from './simulator';

/** Every demo device sends an uplink about every this many seconds. */
const DEMO_PERIOD_SEC = 5;

/**
 * With the demo seeded, the server drives the demo devices itself: the simulator publishes their uplinks to the embedded
 * broker like a network server would, so values move and the alarm-cycle device raises and clears an event every minute.
 * Returns the function that stops it, or null when there is no embedded broker to publish to.
 */
export async function startDemoSimulation(mqtt: MqttService, log: FastifyBaseLogger): Promise<(() => Promise<void>) | null> {
  if (mqtt.mode !== 'embedded' || !mqtt.deviceCredentials || !mqtt.brokerUrl) return null;
  const devices = simulatedDevices(DEMO_DEVICES.length, 'both');
  const simulator = new Simulator({
    brokerUrl: mqtt.brokerUrl,
    ...mqtt.deviceCredentials,
    devices,
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
