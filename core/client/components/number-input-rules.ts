/** What a LimitedNumberInput lets in (spec 5 of the node console): digits only, digits with minus and dot, or any number. */
export type NumberInputLimit = 'digits' | 'signed' | 'any';

const NAVIGATION_KEYS = new Set(['Backspace', 'Delete', 'Tab', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter']);

/** Digits only (e.g. display sequence, decimal places). */
export function allowDigitKey(key: string): boolean {
  return NAVIGATION_KEYS.has(key) || /^[0-9]$/.test(key);
}

/** Digits, minus and dot (e.g. simple-convert outputs). */
export function allowSignedDecimalKey(key: string): boolean {
  return NAVIGATION_KEYS.has(key) || /^[0-9.-]$/.test(key);
}

/** Pasted or typed text reduced to what the key-press limit allows. */
export function keepDigits(text: string): string {
  return text.replace(/[^0-9]/g, '');
}

export function keepSignedDecimal(text: string): string {
  return text.replace(/[^0-9.-]/g, '');
}

/** A number from a limited input; empty or invalid text becomes the fallback. */
export function toNumber(text: string, fallback = 0): number {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? fallback : value;
}

export function allowKeyFor(limit: NumberInputLimit): (key: string) => boolean {
  return limit === 'digits' ? allowDigitKey : limit === 'signed' ? allowSignedDecimalKey : () => true;
}

export function keepTextFor(limit: NumberInputLimit): (text: string) => string {
  return limit === 'digits' ? keepDigits : limit === 'signed' ? keepSignedDecimal : (text) => text;
}

/**
 * What a limited input does with typed text: the text it keeps on screen, and the number it reports (none while the
 * text is not a number, or NaN with `reportInvalid` so the form knows the screen holds no number).
 */
export function readTyped(typed: string, limit: NumberInputLimit, reportInvalid: boolean): { text: string; report?: number } {
  const text = keepTextFor(limit)(typed);
  const parsed = toNumber(text, NaN);
  if (Number.isFinite(parsed)) return { text, report: parsed };
  return reportInvalid ? { text, report: NaN } : { text };
}
