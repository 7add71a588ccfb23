/** SQLSTATE classes of failures caused by the data itself: 22 data exception, 54 program limit exceeded. */
const DATA_ERROR_CLASSES = ['22', '54'];

function sqlState(error: unknown): string | null {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Whether writing an uplink failed because of the uplink (sending it again would fail again): a data error of the
 * database (text it cannot hold, a value out of range, nesting past its stack) or a RangeError while preparing it
 * (a value too deep or too large for JavaScript). Anything else, such as a lost connection, may pass.
 */
export function isPermanentFailure(error: unknown): boolean {
  if (error instanceof RangeError) return true;
  const state = sqlState(error);
  return state !== null && DATA_ERROR_CLASSES.includes(state.slice(0, 2));
}
