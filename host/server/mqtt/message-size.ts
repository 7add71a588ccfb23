import type { MqttMessage } from '@sensorium/core/server';

/** How much of an oversized payload is kept for its dead letter. */
const KEPT_BYTES = 4096;

/** The message as consumers get it: above `maxBytes`, only its beginning, marked with its full size. */
export function oversizedMessage(topic: string, payload: Buffer, maxBytes: number): MqttMessage {
  if (payload.length <= maxBytes) return { topic, payload };
  return { topic, payload: payload.subarray(0, Math.min(KEPT_BYTES, maxBytes)), oversized: payload.length };
}
