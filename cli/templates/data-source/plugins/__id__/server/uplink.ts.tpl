import type { DeviceCommand, Uplink } from '@sensorium/core/server';
import { {{camelName}}Type } from '../common';

/** Devices (or their gateway) publish on `{{id}}/<device id>/up`; the adapter consumes every device's. */
export const UPLINK_FILTER = '{{id}}/+/up';

/** The console publishes a device's commands on `{{id}}/<device id>/down`; devices subscribe to their own. */
export const DOWNLINK_FILTER = '{{id}}/+/down';

/** An uplink as it is published: a JSON object. */
export interface {{Name}}UplinkMessage {
  /** The device's id; the topic's middle level when absent. */
  deviceId?: string;
  /** The device's frame counter: with the device id and the time it recognises a redelivered uplink. */
  counter?: number;
  /** When the device measured (ISO 8601); the time of arrival when absent or unreadable. */
  time?: string;
  /** The values by field name; they become the item's current values (outputSimple). */
  fields?: Record<string, unknown>;
}

/** A device command as it is published on `{{id}}/<device id>/down`. */
export interface {{Name}}DownlinkMessage {
  deviceId: string;
  confirmed: boolean;
  port?: number;
  /** Base64 bytes, when the command has no object. */
  data?: string;
  object?: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Maps one message of `{{id}}/<device id>/up` to an Uplink, or null when it is none (not a JSON object, no device id).
 * Pure: `now` stands in for the time of arrival.
 */
export function {{camelName}}Uplink(topic: string, payload: Buffer, now: Date = new Date()): Uplink | null {
  let message: {{Name}}UplinkMessage;
  try {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    if (!isObject(parsed)) return null;
    message = parsed as {{Name}}UplinkMessage;
  } catch {
    return null;
  }
  const named = typeof message.deviceId === 'string' ? message.deviceId.trim() : '';
  // Item device ids are kept in lower case, so the lookup ignores the case the device uses.
  const deviceId = (named || (topic.split('/')[1] ?? '')).toLowerCase();
  if (!deviceId) return null;
  const measured = typeof message.time === 'string' ? new Date(message.time) : null;
  const receivedAt = measured && !Number.isNaN(measured.getTime()) ? measured : now;
  const counter = typeof message.counter === 'number' ? message.counter : '';
  return {
    source: {{camelName}}Type,
    deviceId,
    // The same uplink published again (a QoS 1 redelivery, a retry) has the same key, and the item store drops it.
    dedupKey: `${deviceId}:${counter}:${receivedAt.toISOString()}`,
    receivedAt,
    fields: isObject(message.fields) ? message.fields : {},
    raw: message,
    meta: { counter: message.counter },
  };
}

/** The downlink topic and JSON of a device command (an item's command, or an output field set on the item page). */
export function {{camelName}}Downlink(command: DeviceCommand): { topic: string; payload: string } {
  const deviceId = command.deviceId.trim();
  if (deviceId === '' || /[/+#]/.test(deviceId)) {
    throw new Error(`"${command.deviceId}" is no {{title}} device id (dataSource.deviceEUI)`);
  }
  const body: {{Name}}DownlinkMessage = { deviceId, confirmed: command.confirmed ?? false };
  if (command.port !== undefined) body.port = command.port;
  if (command.object) body.object = command.object;
  else body.data = command.data ?? '';
  return { topic: `{{id}}/${deviceId}/down`, payload: JSON.stringify(body) };
}
