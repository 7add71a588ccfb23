import { describe, expect, it } from 'vitest';
import { ABOVE_MAXIMUM, BELOW_MINIMUM, matchRange, statusOfRange } from './ranges';
import { pref, range } from './test-helpers';

const analog = pref('t', {
  rangeSettings: {
    belowMinimum: { minNumber: -20 },
    aboveMaximum: { maxNumber: 80 },
    ranges: [range('cold', 'yellow', -20, 10), range('ok', 'green', 10, 30), range('hot', 'red', 30, 80)],
  },
});

describe('matchRange (analog)', () => {
  it('uses start ≤ v < end: a shared boundary belongs to the upper range', () => {
    expect(matchRange(analog, -20)).toBe(0);
    expect(matchRange(analog, 9.999)).toBe(0);
    expect(matchRange(analog, 10)).toBe(1);
    expect(matchRange(analog, 29.9)).toBe(1);
    expect(matchRange(analog, 30)).toBe(2);
  });

  it('closes a range at the top when no range starts there', () => {
    expect(matchRange(analog, 80)).toBe(2);
    const p = pref('t', {
      rangeSettings: {
        belowMinimum: { minNumber: null },
        aboveMaximum: { maxNumber: null },
        ranges: [range('r', 'green', 0, 100)],
      },
    });
    expect(matchRange(p, 100)).toBe(0);
    expect(matchRange(p, 100.01)).toBeNull();
    expect(matchRange(p, -0.01)).toBeNull();
  });

  it('below minimum when v < minNumber, above maximum when v > maxNumber', () => {
    expect(matchRange(analog, -20.01)).toBe(BELOW_MINIMUM);
    expect(matchRange(analog, 80.01)).toBe(ABOVE_MAXIMUM);
    expect(statusOfRange(analog, BELOW_MINIMUM)).toEqual({ status: 'Below Minimum', color: 'N/A' });
    expect(statusOfRange(analog, ABOVE_MAXIMUM)).toEqual({ status: 'Above Maximum', color: 'N/A' });
  });

  it('below and above take precedence over ranges reaching past them', () => {
    const p = pref('t', {
      rangeSettings: {
        belowMinimum: { minNumber: 0 },
        aboveMaximum: { maxNumber: 50 },
        ranges: [range('wide', 'green', -100, 100)],
      },
    });
    expect(matchRange(p, -1)).toBe(BELOW_MINIMUM);
    expect(matchRange(p, 51)).toBe(ABOVE_MAXIMUM);
    expect(matchRange(p, 50)).toBe(0);
  });

  it('overlapping ranges: the first in list order wins', () => {
    const p = pref('t', {
      rangeSettings: {
        belowMinimum: { minNumber: null },
        aboveMaximum: { maxNumber: null },
        ranges: [range('a', 'green', 0, 50), range('b', 'red', 25, 75)],
      },
    });
    expect(matchRange(p, 30)).toBe(0);
    expect(matchRange(p, 50)).toBe(1);
  });

  it('a value in a gap or with no ranges has no range; swapped bounds still match', () => {
    const p = pref('t', {
      rangeSettings: {
        belowMinimum: { minNumber: null },
        aboveMaximum: { maxNumber: null },
        ranges: [range('a', 'green', 0, 10), range('b', 'red', 40, 20)],
      },
    });
    expect(matchRange(p, 15)).toBeNull();
    expect(matchRange(p, 30)).toBe(1);
    expect(statusOfRange(p, null)).toBeUndefined();
    expect(matchRange(pref('t'), 5)).toBeNull();
  });

  it('a range without colour shows as MARGIN', () => {
    const p = pref('t', {
      rangeSettings: { belowMinimum: { minNumber: null }, aboveMaximum: { maxNumber: null }, ranges: [range('x', 'N/A', 0, 10)] },
    });
    expect(statusOfRange(p, matchRange(p, 5))).toEqual({ status: 'MARGIN', color: 'N/A' });
  });
});

describe('matchRange (digital, string, json)', () => {
  it('digital matches by value', () => {
    const p = pref('door', {
      signal: 'digital',
      rangeSettings: {
        belowMinimum: { minNumber: null },
        aboveMaximum: { maxNumber: null },
        ranges: [range('closed', 'green', 0, 0, { value: 0 }), range('open', 'red', 0, 0, { value: '1' })],
      },
    });
    expect(matchRange(p, 0)).toBe(0);
    expect(matchRange(p, 1)).toBe(1);
  });

  it('string matches by text; below/above do not apply', () => {
    const p = pref('mode', {
      signal: 'string',
      rangeSettings: {
        belowMinimum: { minNumber: 0 },
        aboveMaximum: { maxNumber: 1 },
        ranges: [range('idle', 'green', 0, 0, { value: 'idle' }), range('fault', 'red', 0, 0, { value: 'fault' })],
      },
    });
    expect(matchRange(p, 'fault')).toBe(1);
    expect(matchRange(p, 'Fault')).toBeNull();
    expect(matchRange(p, 'other')).toBeNull();
  });

  it('json is never in a range', () => {
    const p = pref('j', {
      signal: 'json',
      rangeSettings: { belowMinimum: { minNumber: null }, aboveMaximum: { maxNumber: null }, ranges: [range('a', 'red', 0, 10)] },
    });
    expect(matchRange(p, 5)).toBeNull();
  });
});
