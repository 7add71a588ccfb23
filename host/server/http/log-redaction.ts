/**
 * The push socket and image links carry the access token in the query, public alert links their token in the query
 * (`payload`) or the page's path, and a generic SMS gateway's callback URL its delivery's signature (`sig`, which
 * anyone reading it could use to forge that delivery's status reports): keep them out of the logs.
 */
export function redactTokens(url: string): string {
  return url
    .replace(/([?&](?:token|dashboard_token|payload|sig)=)[^&]*/g, '$1[redacted]')
    .replace(/^(\/public\/event\/)[^/?#]+/, '$1[redacted]');
}

const REDACTED = '[redacted]';
/** Error properties through which database drivers hand back the values a query was sent with. */
const VALUE_KEYS = ['params', 'parameters', 'queryOptions'] as const;

/** Every query parameter along an error's cause chain, as the text a driver would print it. */
function parameterTexts(error: unknown, seen = new Set<unknown>()): string[] {
  if (typeof error !== 'object' || error === null || seen.has(error)) return [];
  seen.add(error);
  const record = error as Record<string, unknown>;
  const values = VALUE_KEYS.flatMap((key) => (Array.isArray(record[key]) ? (record[key] as unknown[]) : []));
  const texts = values
    .flatMap((value) =>
      value === null || value === undefined ? [] : [typeof value === 'object' ? JSON.stringify(value) : String(value)],
    )
    .filter((text) => text.length >= 3);
  return [...texts, ...parameterTexts(record.cause, seen)];
}

function redactText(text: string, values: string[]): string {
  let redacted = text
    // Drizzle's "Failed query: ...\nparams: a,b" and PostgreSQL's "Key (email)=(a@b.example)" details.
    .replace(/^(\s*params: ).*$/gm, `$1${REDACTED}`)
    .replace(/\)=\((.*?)\)/g, `)=(${REDACTED})`);
  for (const value of [...values].sort((a, b) => b.length - a.length)) redacted = redacted.split(value).join(REDACTED);
  return redacted;
}

/**
 * pino's error serializer without the values of database queries: drivers attach a failed query's parameters to the error
 * (and PostgreSQL echoes some in its message and detail), which would put passwords, tokens and personal data in the logs.
 */
export function serializeErrorForLog(error: Error): SerializedError {
  // Loggers may be handed anything under `err`; only errors carry query values.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  return serializeError(error, parameterTexts(error), new Set());
}

/**
 * An instance of a class other than the data types (a database client, a socket, a stream): a driver may hang one on its
 * error (node-postgres gives a connection error its `client`), and dumped it is kilobytes of internals on one line.
 */
function isLiveObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype !== null && prototype !== Object.prototype;
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Like pino's own: type, message, stack and the error's own fields, with each cause serialized beneath it. */
function serializeError(error: Error, values: string[], seen: Set<unknown>): SerializedError {
  seen.add(error);
  const serialized: SerializedError = { type: error.constructor?.name ?? error.name, message: '', stack: '' };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause') continue;
    serialized[key] = (VALUE_KEYS as readonly string[]).includes(key)
      ? REDACTED
      : typeof value === 'string'
        ? redactText(value, values)
        : value instanceof Error
          ? seen.has(value)
            ? '[circular]'
            : serializeError(value, values, seen)
          : isLiveObject(value)
            ? `[${(value as { constructor?: { name?: string } }).constructor?.name ?? 'object'}]`
            : value;
  }
  serialized.message = redactText(error.message, values);
  serialized.stack = redactText(error.stack ?? '', values);
  if (error.cause instanceof Error && !seen.has(error.cause)) serialized.cause = serializeError(error.cause, values, seen);
  else if (error.cause !== undefined && !(error.cause instanceof Error)) serialized.cause = error.cause;
  return serialized;
}
