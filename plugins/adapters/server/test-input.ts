import type { SampleSource } from '../common/inputs';
import { decodeInput, type DecodeInput } from './pipeline/decode-input';
import { isPlainRecord } from './sandbox/sanitize';

const text = (value: unknown, fallback: string): string => (typeof value === 'string' && value !== '' ? value : fallback);
const when = (value: unknown): Date => {
  const date = new Date(text(value, ''));
  return Number.isNaN(date.getTime()) ? new Date() : date;
};
const record = (value: unknown): Record<string, unknown> => (isPlainRecord(value) ? value : {});

/**
 * decode's input for a test run's sample, built as the pipeline builds it from that source's uplink: a ChirpStack
 * uplink's `object` and DevEUI, a TTS uplink's `decoded_payload` and device id, or a plain JSON object as the fields.
 */
export function sampleInput(source: SampleSource, payload: unknown): DecodeInput {
  const message = record(payload);
  if (source === 'chirpstack') {
    return decodeInput({
      source,
      deviceId: text(record(message.deviceInfo).devEui, 'sample').toLowerCase(),
      at: when(message.time),
      fields: record(message.object),
      raw: payload,
    });
  }
  if (source === 'ttn') {
    return decodeInput({
      source,
      deviceId: text(record(message.end_device_ids).device_id, 'sample').toLowerCase(),
      at: when(message.received_at),
      fields: record(record(message.uplink_message).decoded_payload),
      raw: payload,
    });
  }
  return decodeInput({ source: 'http', deviceId: 'sample', at: new Date(), fields: message, raw: payload });
}
