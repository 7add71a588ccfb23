import { createToken } from '@sensorium/core/common';

/** One MQTT message as a data-source adapter receives it (the topic without the host's topic prefix). */
export interface MqttMessage {
  topic: string;
  payload: Buffer;
}

/**
 * Handles a batch of messages; resolves once what they carry is committed. Only then are they acknowledged to their
 * publishers (QoS 1 PUBACK); a rejection leaves them unacknowledged, so the publisher (or the broker) delivers them again.
 */
export type MqttBatchHandler = (messages: MqttMessage[]) => Promise<void>;

export interface MqttPublishOptions {
  qos?: 0 | 1;
  retain?: boolean;
}

/**
 * The host's MQTT connection: the embedded broker (aedes) or an external one (MQTT_URL). Data-source plugins consume
 * uplink topics and publish downlinks through it; the host batches messages and acknowledges them after commit.
 */
export interface MqttService {
  /** 'embedded' or 'external'. */
  readonly mode: 'embedded' | 'external';
  /** Where devices and network servers publish (mqtt://host:port), with the device credentials of the embedded broker. */
  readonly brokerUrl: string;
  readonly deviceCredentials: { username: string; password: string } | null;
  /**
   * Receives every message matching `filter` (MQTT wildcards + and #) in batches. `id` names the consumer (it becomes
   * part of the persistent client id on an external broker). Returns a function that stops consuming.
   */
  consume(id: string, filter: string, handler: MqttBatchHandler): Promise<() => Promise<void>>;
  /** Publishes a message (downlinks); resolves when the broker has it (QoS 1: PUBACK). */
  publish(topic: string, payload: string | Buffer, options?: MqttPublishOptions): Promise<void>;
}

export const MqttToken = createToken<MqttService>('core.mqtt');
