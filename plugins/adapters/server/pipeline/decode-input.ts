import { isPlainRecord } from '../sandbox/sanitize';

/** What decode(input) receives (docs/adapters.md, common/script-api.ts's DecodeInput). */
export interface DecodeInput {
  source: string;
  deviceId: string;
  receivedAt: string;
  fPort: number | null;
  /** The frame's payload as base64, as the device server sent it; null when the message has none. */
  data: string | null;
  /** The same payload as bytes (0–255). */
  bytes: number[];
  /** The fields the device server decoded already (ChirpStack's `object`, TTS's `decoded_payload`), or the JSON's own. */
  fields: Record<string, unknown>;
  /** The whole message as received. */
  raw: unknown;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The payload and port of a ChirpStack (`data`, `fPort`) or The Things Stack (`uplink_message.frm_payload`) uplink. */
function frame(raw: unknown): { data: string | null; fPort: number | null } {
  if (!isPlainRecord(raw)) return { data: null, fPort: null };
  const tts = isPlainRecord(raw.uplink_message) ? raw.uplink_message : null;
  const data = tts ? tts.frm_payload : raw.data;
  const fPort = tts ? tts.f_port : (raw.fPort ?? raw.f_port);
  return {
    data: typeof data === 'string' && BASE64.test(data) ? data : null,
    fPort: typeof fPort === 'number' ? fPort : null,
  };
}

export function decodeInput(uplink: {
  source: string;
  deviceId: string;
  at: Date;
  fields: Readonly<Record<string, unknown>>;
  raw: unknown;
}): DecodeInput {
  const { data, fPort } = frame(uplink.raw);
  return {
    source: uplink.source,
    deviceId: uplink.deviceId,
    receivedAt: uplink.at.toISOString(),
    fPort,
    data,
    bytes: data ? [...Buffer.from(data, 'base64')] : [],
    fields: { ...uplink.fields },
    raw: uplink.raw,
  };
}
