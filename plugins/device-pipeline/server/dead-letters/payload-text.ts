/** What a dead letter keeps of a payload: enough to recognise the sender and the fault, never megabytes. */
export const DEAD_LETTER_PAYLOAD_CHARS = 4096;

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text a text column holds: NUL shown as its escape, lone surrogates as U+FFFD, cut to `chars`. */
export function storableText(text: string, chars = DEAD_LETTER_PAYLOAD_CHARS): string {
  const cut = text.length > chars ? text.slice(0, chars) : text;
  return cut.replaceAll('\u0000', '\\u0000').replace(LONE_SURROGATES, '\uFFFD');
}

/** JSON of a value, nested levels past `depth` shown as `…`: a 100,000-deep uplink yields its first levels. */
function shallowJson(value: unknown, depth = 16): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (depth === 0) return '"…"';
  if (Array.isArray(value)) return `[${value.map((item) => shallowJson(item, depth - 1)).join(',')}]`;
  const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${shallowJson(item, depth - 1)}`);
  return `{${entries.join(',')}}`;
}

/** A received payload (bytes or text, as sent) for a dead letter, with its full size in bytes (`bytes` when it was cut). */
export function receivedPayload(payload: Buffer | string, fullBytes?: number): { text: string; bytes: number } {
  const bytes = fullBytes ?? (typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length);
  const head = typeof payload === 'string' ? payload : payload.subarray(0, DEAD_LETTER_PAYLOAD_CHARS * 4).toString('utf8');
  return { text: storableText(head), bytes };
}

/** A parsed uplink's message for a dead letter. */
export function uplinkPayload(raw: unknown): { text: string; bytes: number } {
  const text = shallowJson(raw);
  return { text: storableText(text), bytes: Buffer.byteLength(text) };
}
