import type { RangeEntry } from './field-preference';

// A range action keeps its setting at a key of the range: a dotted path such as 'notificationSetting' or
// 'eventSetting.task'. The range editor reads and writes it there; the server checks it with the key's validators.

type Loose = Record<string, unknown>;

/** The setting at `key` of a range (undefined when the range has none yet). */
export function rangeActionValue(range: RangeEntry, key: string): unknown {
  let value: unknown = range;
  for (const part of key.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Loose)[part];
  }
  return value;
}

/** A copy of the range with `value` at `key`; the objects on the way are copied, the rest is shared. */
export function withRangeActionValue(range: RangeEntry, key: string, value: unknown): RangeEntry {
  const put = (target: unknown, parts: readonly string[]): unknown => {
    const [first, ...rest] = parts;
    const copy: Loose = typeof target === 'object' && target !== null ? { ...(target as Loose) } : {};
    copy[first!] = rest.length === 0 ? value : put(copy[first!], rest);
    return copy;
  };
  return put(range, key.split('.')) as RangeEntry;
}
