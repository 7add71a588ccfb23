/** Keys never copied from a script's answer: on the host they could change an object's prototype or its constructor. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A script's JSON answer as host values. JSON.parse makes own properties only, but a later spread or merge of a
 * `__proto__` key would set a prototype, so such keys are dropped while parsing.
 */
export function parseScriptJson(json: string): unknown {
  return JSON.parse(json, (key, value: unknown) => (FORBIDDEN_KEYS.has(key) ? undefined : value));
}

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
