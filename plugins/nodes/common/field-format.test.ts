import { describe, expect, it } from 'vitest';
import { defaultFieldPreference } from './field-preference';
import { formatFieldValue } from './field-format';

describe('current values', () => {
  const analog = { ...defaultFieldPreference('t'), unit: '°C', decimalPlace: 1 };
  it('formats values with decimals and unit', () => {
    expect(formatFieldValue(21.456, analog)).toBe('21.5 °C');
    expect(formatFieldValue('3', { ...analog, unit: '' })).toBe('3.0');
    expect(formatFieldValue('open', { ...analog, signal: 'string', unit: '' })).toBe('open');
    expect(formatFieldValue({ a: 1 }, { ...analog, signal: 'json', unit: '' })).toBe('{"a":1}');
    expect(formatFieldValue(undefined, analog)).toBeNull();
  });
});
