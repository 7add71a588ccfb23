import { randomUUID } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import type { MqttMessage } from '@sensorium/core/server';
import { EmbeddedMqttBroker } from './embedded-broker';
import { ExternalMqttBroker } from './external-broker';
import { NO_METERS } from './mqtt-metrics';

const MOSQUITTO = process.env.SENSORIUM_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;
const DEVICE = { username: 'drain-device', password: 'drain-device-password' };
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A consumer whose commits wait until `release()`: what it was handed, by payload. */
function gatedConsumer() {
  const handled: string[] = [];
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    handled,
    release: () => open(),
    handler: async (messages: MqttMessage[]) => {
      handled.push(...messages.map((message) => message.payload.toString()));
      await gate;
    },
  };
}

/** Whether the promise settled within `ms`. */
const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => 'settled'), settle(ms).then(() => 'pending')]);

describe('draining on shutdown', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  it('embedded broker: acknowledges what it took once committed, and leaves later uplinks unacknowledged', async () => {
    const broker = new EmbeddedMqttBroker({
      host: '127.0.0.1',
      port: 0,
      ...DEVICE,
      topicPrefix: '',
      maxUplinkBytes: 64 * 1024,
      credentials: null,
      log: quiet,
      meters: NO_METERS,
    });
    cleanups.push(() => broker.close());
    const consumer = gatedConsumer();
    await broker.consume('probe', 'probe/+/up', consumer.handler);
    await broker.listen();
    const publisher = await connectAsync(broker.brokerUrl, { ...DEVICE, clientId: 'drain-publisher', reconnectPeriod: 0 });
    cleanups.push(() => publisher.endAsync(true));

    const taken = publisher.publishAsync('probe/1/up', 'taken', { qos: 1 });
    await expect.poll(() => consumer.handled).toEqual(['taken']);
    const drained = broker.drain();
    const late = publisher.publishAsync('probe/2/up', 'late', { qos: 1 });
    // The drain waits for the commit in flight.
    expect(await settledWithin(drained, 200)).toBe('pending');
    consumer.release();
    await taken;
    await drained;

    await broker.close();
    expect(consumer.handled).toEqual(['taken']);
    // Never acknowledged: mqtt.js keeps it to send again to the next server.
    expect(await settledWithin(late, 100)).toBe('pending');
    late.catch(() => undefined);
  });

  it('external broker: acknowledges what it took once committed; the broker keeps the rest for the next start', async () => {
    const unique = randomUUID().slice(0, 8);
    const options = {
      url: MOSQUITTO,
      username: null,
      password: null,
      clientId: `drain-${unique}`,
      shareGroup: `drain-${unique}`,
      topicPrefix: `drain-${unique}/`,
      connections: 1,
      maxUplinkBytes: 64 * 1024,
      log: quiet,
      meters: NO_METERS,
    };
    const first = new ExternalMqttBroker(options);
    cleanups.push(() => first.close());
    const consumer = gatedConsumer();
    await first.consume('probe', 'probe/+/up', consumer.handler);
    const device = await connectAsync(MOSQUITTO, { clientId: `drain-device-${unique}` });
    cleanups.push(() => device.endAsync(true));

    await device.publishAsync(`${options.topicPrefix}probe/1/up`, 'taken', { qos: 1 });
    await expect.poll(() => consumer.handled).toEqual(['taken']);
    const drained = first.drain();
    await device.publishAsync(`${options.topicPrefix}probe/2/up`, 'late', { qos: 1 });
    expect(await settledWithin(drained, 200)).toBe('pending');
    consumer.release();
    await drained;
    await first.close();
    expect(consumer.handled).toEqual(['taken']);

    // The same session again: only the message that was not taken comes back.
    const second = new ExternalMqttBroker(options);
    cleanups.push(() => second.close());
    const received: string[] = [];
    await second.consume('probe', 'probe/+/up', async (messages) => {
      received.push(...messages.map((message) => message.payload.toString()));
    });
    await expect.poll(() => received).toEqual(['late']);
    await settle(300);
    expect(received).toEqual(['late']);
  });
});
