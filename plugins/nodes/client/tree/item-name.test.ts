import { describe, expect, it } from 'vitest';
import { itemNameError } from './item-name';

describe('item name rules', () => {
  it('requires a name of letters, digits, hyphens and underscores', () => {
    expect(itemNameError('  ')).toBe('required');
    expect(itemNameError('floor 1')).toBe('pattern');
    expect(itemNameError('sensor.1')).toBe('pattern');
    expect(itemNameError('Floor_1-a')).toBeNull();
    expect(itemNameError('x'.repeat(65))).toBe('tooLong');
  });
});
