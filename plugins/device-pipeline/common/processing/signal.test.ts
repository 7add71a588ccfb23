import { describe, expect, it } from 'vitest';
import { inferSignal, passesSpikeFilter, simpleConvert, toAnalog, toDigital, toText } from './signal';

describe('signal conversion', () => {
  it('reads analog values from numbers, numeric strings and booleans only', () => {
    expect(toAnalog(21.5)).toBe(21.5);
    expect(toAnalog('21.5')).toBe(21.5);
    expect(toAnalog(true)).toBe(1);
    expect(toAnalog('abc')).toBeUndefined();
    expect(toAnalog('')).toBeUndefined();
    expect(toAnalog(null)).toBeUndefined();
    expect(toAnalog(NaN)).toBeUndefined();
    expect(toAnalog(Infinity)).toBeUndefined();
    expect(toAnalog({})).toBeUndefined();
  });

  it('reads digital values as 0 or 1', () => {
    expect(toDigital(true)).toBe(1);
    expect(toDigital(false)).toBe(0);
    expect(toDigital(0)).toBe(0);
    expect(toDigital(5)).toBe(1);
    expect(toDigital('1')).toBe(1);
    expect(toDigital('0')).toBe(0);
    expect(toDigital('ON')).toBe(1);
    expect(toDigital('off')).toBe(0);
    expect(toDigital('maybe')).toBeUndefined();
    expect(toDigital(null)).toBeUndefined();
  });

  it('reads text values', () => {
    expect(toText('idle')).toBe('idle');
    expect(toText(3)).toBe('3');
    expect(toText({ a: 1 })).toBe('{"a":1}');
    expect(toText(null)).toBeUndefined();
  });

  it('infers the signal of a field without preference from its JSON type', () => {
    expect(inferSignal(1)).toBe('analog');
    expect(inferSignal(true)).toBe('digital');
    expect(inferSignal('x')).toBe('string');
    expect(inferSignal({ a: 1 })).toBe('json');
    expect(inferSignal([1])).toBe('json');
  });
});

describe('spike filter', () => {
  it('keeps values within the bounds, both inclusive', () => {
    const f = { min: -10, max: 10 };
    expect(passesSpikeFilter(-10, f)).toBe(true);
    expect(passesSpikeFilter(10, f)).toBe(true);
    expect(passesSpikeFilter(10.0001, f)).toBe(false);
    expect(passesSpikeFilter(-10.0001, f)).toBe(false);
  });

  it('ignores a missing bound', () => {
    expect(passesSpikeFilter(1e9, { min: 0 })).toBe(true);
    expect(passesSpikeFilter(-1e9, undefined)).toBe(true);
  });
});

describe('simple convert', () => {
  const c = { inputRangeMin: 0, inputRangeMax: 100, inputResolution: 255, outputRangeMin: 0, outputRangeMax: 255 };
  it('scales linearly from the input range to the output range', () => {
    expect(simpleConvert(0, c)).toBe(0);
    expect(simpleConvert(100, c)).toBe(255);
    expect(simpleConvert(50, c)).toBe(127.5);
  });

  it('handles offsets and inverted output ranges', () => {
    expect(simpleConvert(12, { inputRangeMin: 4, inputRangeMax: 20, outputRangeMin: -50, outputRangeMax: 150 })).toBe(50);
    expect(simpleConvert(25, { inputRangeMin: 0, inputRangeMax: 100, outputRangeMin: 10, outputRangeMax: 0 })).toBe(7.5);
  });

  it('extrapolates outside the input range (no clamping)', () => {
    expect(simpleConvert(200, c)).toBe(510);
    expect(simpleConvert(-10, c)).toBe(-25.5);
  });

  it('passes the value unchanged when the input range is empty', () => {
    expect(simpleConvert(42, { ...c, inputRangeMax: 0 })).toBe(42);
  });
});
