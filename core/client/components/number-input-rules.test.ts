import { describe, expect, it } from 'vitest';
import { allowDigitKey, allowSignedDecimalKey, keepDigits, keepSignedDecimal, readTyped, toNumber } from './number-input-rules';

describe('key-press limits', () => {
  it('lets digits only into a digits input', () => {
    expect(['1', '0', 'Backspace', 'Tab'].every(allowDigitKey)).toBe(true);
    expect(['-', '.', 'e', 'a', ' '].some(allowDigitKey)).toBe(false);
    expect(keepDigits('-12.5e3')).toBe('1253');
  });

  it('lets digits, minus and dot into a signed input', () => {
    expect(['-', '.', '7'].every(allowSignedDecimalKey)).toBe(true);
    expect(['e', '+', ','].some(allowSignedDecimalKey)).toBe(false);
    expect(keepSignedDecimal('-1,5.2x')).toBe('-15.2');
  });

  it('reads empty or unfinished text as the fallback', () => {
    expect(toNumber('12')).toBe(12);
    expect(toNumber('', 5)).toBe(5);
    expect(toNumber('-', NaN)).toBeNaN();
  });
});

describe('typed text', () => {
  it('keeps text that is not a number on screen and, when asked, reports it as NaN instead of keeping the last number', () => {
    expect(readTyped('-12.5', 'signed', true)).toEqual({ text: '-12.5', report: -12.5 });
    expect(readTyped('abc', 'any', true)).toEqual({ text: 'abc', report: NaN });
    expect(readTyped('-', 'signed', true)).toEqual({ text: '-', report: NaN });
    expect(readTyped('', 'signed', true)).toEqual({ text: '', report: NaN });
    expect(readTyped('abc', 'any', false)).toEqual({ text: 'abc' });
  });
});
