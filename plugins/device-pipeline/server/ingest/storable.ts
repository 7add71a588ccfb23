import type { Uplink } from '@sensorium/core/server';

/** Deeper uplinks are refused: no sensor nests so deep, and deep values overflow recursive code and PostgreSQL's parser. */
export const MAX_UPLINK_DEPTH = 64;

// A UTF-16 surrogate without its partner: not text, and PostgreSQL's json and text types refuse it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'NUL character';
  if (LONE_SURROGATE.test(text)) return 'lone UTF-16 surrogate';
  return null;
}

/**
 * Why the database could never store this uplink (NUL or a lone surrogate in any string or key, nesting deeper than
 * MAX_UPLINK_DEPTH), or null. Walks without recursion, so a 100,000-deep uplink is answered, not a stack overflow.
 */
export function unstorableReason(uplink: Uplink): string | null {
  const stack: { value: unknown; depth: number }[] = [
    { value: [uplink.source, uplink.deviceId, uplink.dedupKey, uplink.applicationId ?? ''], depth: 0 },
    { value: uplink.fields, depth: 0 },
    { value: uplink.raw, depth: 0 },
    { value: uplink.meta, depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return problem;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_UPLINK_DEPTH) return `nested deeper than ${MAX_UPLINK_DEPTH} levels`;
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) return problem;
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}
