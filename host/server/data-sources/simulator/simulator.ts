import { connect, type MqttClient } from 'mqtt';
import type { SimulatorEncoding } from '@sensorium/core/server';
import { deviceValues, type SimulatedDevice } from './devices';

export interface SimulatorOptions {
  brokerUrl: string;
  username?: string;
  password?: string;
  devices: SimulatedDevice[];
  /** How each device's source formats its uplinks (the data-source plugins' simulator encodings). */
  encodings: readonly SimulatorEncoding[];
  /** Uplinks per second over all devices. */
  rate: number;
  /** Stop after this many seconds; 0 or undefined runs until stop(). */
  durationSec?: number;
  /** Prepended to every topic (a broker shared by several consoles). */
  topicPrefix?: string;
  clientId?: string;
  /** At most this many uplinks waiting for their PUBACK; the simulator slows down instead of queueing more. */
  maxInFlight?: number;
}

export interface SimulatorStats {
  sent: number;
  acknowledged: number;
  failed: number;
}

/**
 * Publishes uplinks of the devices round-robin at `rate` per second, as their network servers would (QoS 1),
 * each device with its own frame counter. `done` resolves when the duration is over (or stop() was called) and every
 * published uplink is acknowledged.
 */
export class Simulator {
  readonly stats: SimulatorStats = { sent: 0, acknowledged: 0, failed: 0 };
  private client: MqttClient | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly counters = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();
  private readonly encodings: ReadonlyMap<string, SimulatorEncoding>;
  private devices: SimulatedDevice[];
  private rate: number;
  /** The pace is counted from here: the start, or the last change of the devices. */
  private paceFrom = { at: 0, sent: 0 };
  private finish!: () => void;
  readonly done = new Promise<void>((resolve) => (this.finish = resolve));

  constructor(private readonly options: SimulatorOptions) {
    this.encodings = new Map(options.encodings.map((encoding) => [encoding.source, encoding]));
    this.assertEncoded(options.devices);
    this.devices = options.devices;
    this.rate = options.rate;
  }

  private assertEncoded(devices: readonly SimulatedDevice[]): void {
    const unknown = devices.find((device) => !this.encodings.has(device.source));
    if (unknown) throw new Error(`no simulator encoding for the data source "${unknown.source}" of device ${unknown.deviceId}`);
  }

  /**
   * Drives these devices from now on at `rate` uplinks per second (the demo's list grows as projects are created); frame
   * counters of devices that stay go on.
   */
  setDevices(devices: SimulatedDevice[], rate: number): void {
    this.assertEncoded(devices);
    this.devices = devices;
    this.rate = rate;
    this.paceFrom = { at: Date.now(), sent: this.stats.sent };
  }

  async start(): Promise<void> {
    const { brokerUrl, username, password, clientId } = this.options;
    const client = connect(brokerUrl, {
      clientId: clientId ?? `sensorium-simulator-${process.pid}-${Date.now().toString(36)}`,
      username,
      password,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      clean: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`cannot reach the MQTT broker at ${brokerUrl}`)), 10_000);
        client.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
        client.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      });
    } catch (error) {
      await client.endAsync(true);
      throw error;
    }
    this.client = client;
    const startedAt = Date.now();
    this.paceFrom = { at: startedAt, sent: 0 };
    const tickMs = 50;
    const maxInFlight = this.options.maxInFlight ?? 5000;
    let next = 0;
    this.timer = setInterval(() => {
      const now = Date.now();
      const duration = this.options.durationSec ?? 0;
      if (this.stopped || (duration > 0 && (now - startedAt) / 1000 >= duration)) {
        void this.stop();
        return;
      }
      const due = Math.floor(((now - this.paceFrom.at) / 1000) * this.rate) - (this.stats.sent - this.paceFrom.sent);
      for (let i = 0; i < due && this.pending.size < maxInFlight; i++) {
        const device = this.devices[next++ % this.devices.length];
        if (device) this.publish(device);
      }
    }, tickMs);
  }

  private publish(device: SimulatedDevice): void {
    const client = this.client;
    if (!client) return;
    const fCnt = (this.counters.get(device.deviceId) ?? 0) + 1;
    this.counters.set(device.deviceId, fCnt);
    const at = new Date();
    const encoding = this.encodings.get(device.source)!;
    const topic = encoding.topic(device);
    const payload = encoding.payload(device, deviceValues(device, at, fCnt), at, fCnt);
    this.stats.sent++;
    const sending: Promise<void> = client
      .publishAsync((this.options.topicPrefix ?? '') + topic, payload, { qos: 1 })
      .then(
        () => void this.stats.acknowledged++,
        () => void this.stats.failed++,
      )
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.stopped && !this.client) return;
    this.stopped = true;
    await Promise.all([...this.pending]);
    const client = this.client;
    this.client = null;
    await client?.endAsync();
    this.finish();
  }
}
