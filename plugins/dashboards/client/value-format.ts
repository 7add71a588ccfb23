import type { FieldInstance, LiveItemInstance } from './models';

/** The colours of nodes' range colours on a dashboard. */
const RANGE_COLOURS: Record<string, string> = {
  red: '#d13438',
  purple: '#8764b8',
  orange: '#f7630c',
  yellow: '#eaa300',
  green: '#107c10',
};
export const rangeColour = (color: string | undefined): string | undefined =>
  color ? (RANGE_COLOURS[color] ?? undefined) : undefined;

/** A field's latest value as shown: decimals and unit as the item's settings say; null before the first value. */
export function fieldText(item: LiveItemInstance, field: string): string | null {
  const value = item.outputSimple[field];
  if (value === undefined || value === null) return null;
  const settings: FieldInstance | undefined = item.field(field);
  const unit = settings?.unit ? ` ${settings.unit}` : '';
  if (typeof value === 'number') return `${value.toFixed(settings?.decimalPlace ?? 2)}${unit}`;
  if (typeof value === 'boolean' || typeof value === 'string') return `${String(value)}${unit}`;
  return JSON.stringify(value);
}

export const numericValue = (item: LiveItemInstance, field: string): number | null => {
  const value = item.outputSimple[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};
