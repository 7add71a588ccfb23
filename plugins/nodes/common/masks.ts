/**
 * Masked hex inputs of the add-item wizard (spec 5): byte pairs joined by a separator, e.g. a TTN dev EUI of 8 pairs
 * `70-B3-D5-7E-D0-05-A1-B2`, or plain hex with an empty separator (a ChirpStack DevEUI `70b3d57ed005a1b2`).
 */
export interface HexMask {
  /** Number of bytes (hex pairs). */
  pairs: number;
  /** Between pairs; '' for plain hex. */
  separator: string;
  /** Letter case of the result. */
  upper: boolean;
}

export const TTN_EUI_MASK: HexMask = { pairs: 8, separator: '-', upper: true };
export const TTN_KEY_MASK: HexMask = { pairs: 16, separator: '-', upper: true };
export const TTN_ADDRESS_MASK: HexMask = { pairs: 4, separator: '-', upper: true };
export const PLAIN_EUI_MASK: HexMask = { pairs: 8, separator: '', upper: false };
export const PLAIN_KEY_MASK: HexMask = { pairs: 16, separator: '', upper: false };
export const PLAIN_ADDRESS_MASK: HexMask = { pairs: 4, separator: '', upper: false };

/** What the user typed, reduced to hex digits (at most the mask's), grouped and cased as the mask says. */
export function applyHexMask(input: string, mask: HexMask): string {
  const digits = input.replace(/[^0-9a-fA-F]/g, '').slice(0, mask.pairs * 2);
  const cased = mask.upper ? digits.toUpperCase() : digits.toLowerCase();
  const groups = cased.match(/.{1,2}/g) ?? [];
  return groups.join(mask.separator);
}

/** Whether a value fills the mask completely (every pair present, separators in place). */
export function isCompleteHexMask(value: unknown, mask: HexMask): boolean {
  if (typeof value !== 'string') return false;
  const pair = '[0-9a-fA-F]{2}';
  const separator = mask.separator.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
  return new RegExp(`^${pair}(?:${separator}${pair}){${mask.pairs - 1}}$`).test(value);
}

/** A URL the crawler can fetch: http(s) with a host. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || !/^https?:\/\/\S+$/i.test(value.trim())) return false;
  try {
    return new URL(value.trim()).host !== '';
  } catch {
    return false;
  }
}
