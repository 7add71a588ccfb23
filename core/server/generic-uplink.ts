import type { Uplink } from './data-sources';

/**
 * The generic JSON uplink (docs/data-sources.md), for sources whose devices send no vendor format of their own:
 * `{ "deviceId"?, "counter"?, "time"?, "fields": { … } }`.
 */
export interface GenericUplinkMessage {
  /** The device's id; where the path or topic names the device, it may be left out but never differ. */
  deviceId?: string;
  /** The device's message counter: with the device id and the time it recognises a redelivered uplink. */
  counter?: number;
  /** When the device measured (ISO 8601); the time of arrival when absent or unreadable. */
  time?: string;
  /** The values by field name: they become the item's current values. */
  fields: Record<string, unknown>;
}

/** A JSON object (not an array, not null): what field values and uplink messages must be. */
export function isFieldObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a generic JSON uplink of `source`; null when it is none (no object, no `fields` object, no device id, or a
 * `deviceId` other than the one `addressed` names: the topic or path is what the broker's device ACL checked, so the
 * body may not speak for another device). Device ids are lower case, as the item store matches them.
 */
export function genericUplink(source: string, body: unknown, addressed: string | null, now: Date = new Date()): Uplink | null {
  if (!isFieldObject(body) || !isFieldObject(body.fields)) return null;
  const named = typeof body.deviceId === 'string' ? body.deviceId.trim().toLowerCase() : '';
  const topicId = addressed?.trim().toLowerCase() ?? '';
  if (named && topicId && named !== topicId) return null;
  const deviceId = topicId || named;
  if (!deviceId) return null;
  const measured = typeof body.time === 'string' ? new Date(body.time) : null;
  const receivedAt = measured && !Number.isNaN(measured.getTime()) ? measured : now;
  const counter = typeof body.counter === 'number' && Number.isFinite(body.counter) ? body.counter : '';
  return {
    source,
    deviceId,
    // The same uplink sent again (a QoS 1 redelivery, a retry) has the same key, and the item store drops it.
    dedupKey: `${deviceId}:${counter}:${receivedAt.toISOString()}`,
    receivedAt,
    fields: body.fields,
    raw: body,
    ...(counter === '' ? {} : { meta: { counter } }),
  };
}

/** Where a generic source's devices publish (`sensorium/<type>/<device id>/up`) and receive commands (`…/down`). */
export const genericTopics = (type: string) => ({
  uplinks: `sensorium/${type}/+/up`,
  downlinks: `sensorium/${type}/+/down`,
  up: (deviceId: string) => `sensorium/${type}/${deviceId}/up`,
  down: (deviceId: string) => `sensorium/${type}/${deviceId}/down`,
  /** The topic level naming the device. */
  deviceLevel: 2,
});

/** An MQTT message of `sensorium/<type>/<device id>/up` as an uplink, or null (not JSON, not a generic uplink). */
export function genericMqttUplink(type: string, topic: string, payload: Buffer, now: Date = new Date()): Uplink | null {
  const levels = topic.split('/');
  if (levels.length !== 4 || levels[0] !== 'sensorium' || levels[1] !== type || levels[3] !== 'up') return null;
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  return genericUplink(type, body, levels[2] ?? null, now);
}
