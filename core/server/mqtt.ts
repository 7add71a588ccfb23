import { createToken } from '@sensorium/core/common';
import type { DataSourceSink, RejectedMessage, Uplink } from './data-sources';

/** One MQTT message as a data-source adapter receives it (the topic without the host's topic prefix). */
export interface MqttMessage {
  topic: string;
  payload: Buffer;
  /**
   * Set when the message was larger than the maximum uplink size (SENSORIUM_MAX_UPLINK_BYTES): its size in bytes. The
   * payload then holds only its beginning; the message is acknowledged and goes to the dead letters, never to the data.
   */
  oversized?: number;
}

/**
 * Handles a batch of messages; resolves once what they carry is committed. Only then are they acknowledged to their
 * publishers (QoS 1 PUBACK); a rejection leaves them unacknowledged, so the publisher (or the broker) delivers them again.
 */
export type MqttBatchHandler = (messages: MqttMessage[]) => Promise<void>;

export interface MqttConsumeOptions {
  /** The filter of the source's downlink topics (what the console publishes to its devices), e.g. `…/command/down`. */
  downlinks?: string;
  /**
   * Where the source's uplink and downlink topics name their device. With it, an organisation's device credentials on the
   * embedded broker reach the devices bound to that organisation's items; without it, none of the source's topics.
   */
  devices?: MqttDeviceTopics;
}

/** Where a source's topics name the device (topic levels counted from 0, after the topic prefix). */
export interface MqttDeviceTopics {
  /** The items' data-source type (`dataSource.type`) the topics feed. */
  source: string;
  /** The level holding the device id: ChirpStack's DevEUI, a TTS device id. */
  deviceLevel: number;
  /** The level holding the device server's application, when the topics carry one (ChirpStack and TTS topics do). */
  applicationLevel?: number;
}

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
   * On the embedded broker, device credentials may publish only to consumed filters and subscribe only to the
   * consumers' `downlinks` filters; an organisation's credentials, only for the devices of its items (`devices`).
   */
  consume(id: string, filter: string, handler: MqttBatchHandler, options?: MqttConsumeOptions): Promise<() => Promise<void>>;
  /** Publishes a message (downlinks); resolves when the broker has it (QoS 1: PUBACK). */
  publish(topic: string, payload: string | Buffer, options?: MqttPublishOptions): Promise<void>;
}

export const MqttToken = createToken<MqttService>('core.mqtt');

/** One reading of which organisation owns each device binding; answers synchronously (a broker's forward cannot wait). */
export interface DeviceOwnerSnapshot {
  /**
   * The organisation owning the item that a message of this device reaches, routed as the pipeline routes uplinks:
   * `application` is the device server's application as the topic names it (null when it names none). Null for the
   * operator's own applications; undefined when no item takes the device.
   */
  ownerOf(source: string, deviceId: string, application: string | null): string | null | undefined;
}

/**
 * Which organisation's items the devices are bound to, provided by the plugin that keeps the bindings (nodes). The
 * embedded broker holds each organisation's device credentials to its own devices with it.
 */
export interface DeviceOwners {
  snapshot(): Promise<DeviceOwnerSnapshot>;
}
export const DeviceOwnersToken = createToken<DeviceOwners>('core.device-owners');

/** Why a message the source's parser refused is no uplink: not JSON at all, or JSON without what an uplink needs. */
function parseFailure(payload: Buffer): Pick<RejectedMessage, 'reason' | 'detail'> {
  try {
    JSON.parse(payload.toString('utf8'));
    return { reason: 'not-an-uplink' };
  } catch (error) {
    return { reason: 'invalid-json', detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The batch handler of a data source's uplink topic: `parse` turns each message into an uplink (null when it is none);
 * uplinks go to the sink's ingest and everything else (oversized, not JSON, missing fields) to its dead letters. The
 * batch resolves once both are committed, so every message is acknowledged: none is sent again forever.
 */
export function uplinkBatchHandler(
  source: string,
  sink: DataSourceSink,
  parse: (topic: string, payload: Buffer) => Uplink | null,
): MqttBatchHandler {
  return async (messages) => {
    const uplinks: Uplink[] = [];
    const rejected: RejectedMessage[] = [];
    for (const { topic, payload, oversized } of messages) {
      if (oversized !== undefined) {
        rejected.push({ source, origin: topic, payload, bytes: oversized, reason: 'too-large', detail: `${oversized} bytes` });
        continue;
      }
      const uplink = parse(topic, payload);
      if (uplink) uplinks.push(uplink);
      else rejected.push({ source, origin: topic, payload, ...parseFailure(payload) });
    }
    await Promise.all([uplinks.length > 0 ? sink.ingest(uplinks) : null, rejected.length > 0 ? sink.reject(rejected) : null]);
  };
}
