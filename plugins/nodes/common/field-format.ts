import type { FieldPreference } from './field-preference';

// How the console shows a field's current value and status: the Settings tab, and other plugins' device lists.

/** Display colours of the range colour names (field status, range swatches). */
export const STATUS_COLORS: Record<string, string> = {
  red: '#d13438',
  purple: '#8764b8',
  orange: '#ff8c00',
  yellow: '#c19c00',
  green: '#107c10',
};

/** The value as shown: analog numbers with the field's decimals; then the unit. Missing → null. */
export function formatFieldValue(
  value: unknown,
  preference: Pick<FieldPreference, 'signal' | 'decimalPlace' | 'unit'>,
): string | null {
  if (value === undefined || value === null || value === '') return null;
  let text: string;
  if (preference.signal === 'json' || typeof value === 'object') text = JSON.stringify(value);
  else if (preference.signal === 'analog' && typeof value === 'number')
    text = value.toFixed(Math.max(0, preference.decimalPlace));
  else if (preference.signal === 'analog' && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    text = Number(value).toFixed(Math.max(0, preference.decimalPlace));
  else text = String(value);
  return preference.unit ? `${text} ${preference.unit}` : text;
}
