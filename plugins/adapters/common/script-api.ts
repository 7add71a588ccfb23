/**
 * The script API as a TypeScript declaration file: the editor gives it to Monaco (addExtraLib) for completion and hover
 * help, and docs/adapters.md describes the same functions. Keep it in step with server/sandbox/bootstrap.ts and
 * server/pipeline/decode-input.ts.
 */
export const SCRIPT_API_DECLARATION = `
/** What decode(input) receives for each uplink. */
interface DecodeInput {
  /** The data source: "chirpstack", "ttn", "http"… */
  source: string;
  /** The device's id at its source (DevEUI, TTS device id), lower case. */
  deviceId: string;
  /** When the device server received the uplink (ISO 8601). */
  receivedAt: string;
  /** The LoRaWAN port, or null. */
  fPort: number | null;
  /** The frame's payload as base64 (ChirpStack "data", TTS "frm_payload"), or null. */
  data: string | null;
  /** The same payload as bytes, 0–255. */
  bytes: number[];
  /** Fields the device server decoded already (ChirpStack "object", TTS "decoded_payload"). */
  fields: Record<string, unknown>;
  /** The whole message as received. */
  raw: unknown;
}

/** What decode answers: the item's field values (numbers, texts, booleans). */
interface DecodeOutput {
  fields: Record<string, number | string | boolean | null>;
}

/**
 * Sends an e-mail for the application (through the console's outbox).
 * Counts against the application's helper calls per minute; over the limit it throws.
 * @param to an e-mail address
 * @param subject at most 200 characters
 * @param text at most 2000 characters
 */
declare function sendEmail(to: string, subject: string, text: string): void;

/**
 * Sends an SMS for the application through its SMS provider; it is listed in the Notification History, and a
 * contact who unsubscribed gets nothing. Counts against the application's helper calls per minute.
 * @param to a phone number in international form, e.g. +85291234567
 * @param text at most 480 characters
 */
declare function sendSms(to: string, text: string): void;

/**
 * Raises an event on this item (Event View, alarm bell); at most one is open per item.
 * Counts against the application's helper calls per minute.
 * @param description what happened, at most 500 characters
 * @param severity 1 (lowest) to 5; 3 when left out
 */
declare function createEvent(description: string, severity?: number): void;

/**
 * Maps a value from one range to another, linearly: transformRange(12, [4, 20], [0, 100]) is 50.
 * @param value the reading
 * @param from [min, max] of the reading (e.g. 4–20 mA)
 * @param to [min, max] of the result (e.g. 0–100 %)
 */
declare function transformRange(value: number, from: [number, number], to: [number, number]): number;

/** Lines written here show under Logs in the editor's test run (at most 100 lines of 500 characters). */
declare const console: { log(...values: unknown[]): void; info(...values: unknown[]): void; warn(...values: unknown[]): void; error(...values: unknown[]): void };
`;

/**
 * The script a new target starts with. decode and encode are the script's own functions: their JSDoc types (from the
 * declarations above) give the editor's completion on `input`.
 */
export const STARTER_SCRIPT = `/**
 * Decodes an uplink into the item's fields.
 * input.bytes holds the payload (input.data as base64), input.fields what the device server decoded.
 * @param {DecodeInput} input
 * @returns {DecodeOutput}
 */
function decode(input) {
  const bytes = input.bytes;
  return {
    fields: {
      temperature: ((bytes[0] << 8) | bytes[1]) / 10,
      humidity: bytes[2],
    },
  };
}
`;
