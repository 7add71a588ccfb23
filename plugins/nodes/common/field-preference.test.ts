import { describe, expect, it } from 'vitest';
import {
  defaultFieldPreference,
  defaultFirstRange,
  MAX_RANGES,
  nextRange,
  normalizeFieldPreference,
  rangeDisplayName,
  SEVERITY_BY_COLOR,
  severityOfColor,
  type RangeEntry,
} from './field-preference';

describe('field preference defaults (spec 3.3 / 9)', () => {
  it('has the documented defaults', () => {
    const p = defaultFieldPreference('temperature');
    expect(p.frontendDisplay).toBe(true);
    expect(p.displayName).toBe('temperature');
    expect(p.debounce).toEqual({
      enable: false,
      number: 0,
      unit: 's',
      type: 'avg',
      waitUntilStable: false,
      maxDeviation: 1,
      skipDebounceWhenResume: false,
    });
    expect(p.filter).toEqual({ min: -100000, max: 100000 });
    expect(p.simpleConvertEnabled).toBe(false);
    expect(p.simpleConvert).toEqual({
      inputRangeMin: 0,
      inputRangeMax: 100,
      inputResolution: 255,
      outputRangeMin: 0,
      outputRangeMax: 255,
    });
    expect(p.resetSetting).toMatchObject({ enable: false, resetValue: 0, resetDelaySecond: 5 });
    expect(p.logic).toBe('Normal');
  });

  it('default first range: range1, green, fa-check-circle, value 0, 0 to 100, event1 disabled without auto clear', () => {
    expect(defaultFirstRange()).toMatchObject({
      name: 'range1',
      color: 'green',
      icon: 'fa-check-circle',
      value: 0,
      startNum: 0,
      endNum: 100,
      eventSetting: { name: 'event1', enable: false, allowAutoClear: false },
    });
  });

  it('new range: purple, starts at the previous end, else below minimum, else 0; ends at 100; auto clear on', () => {
    const first = { ...defaultFirstRange(), endNum: 40 };
    expect(nextRange([first], { minNumber: -5 })).toMatchObject({ color: 'purple', startNum: 40, endNum: 100, name: 'range2' });
    expect(nextRange([first])?.eventSetting.allowAutoClear).toBe(true);
    expect(nextRange([], { minNumber: -5 })?.startNum).toBe(-5);
    expect(nextRange([], { minNumber: null })?.startNum).toBe(0);
    expect(nextRange([])?.startNum).toBe(0);
  });

  it('allows at most 16 ranges', () => {
    const ranges: RangeEntry[] = [];
    for (let i = 0; i < 20; i++) {
      const r = nextRange(ranges);
      if (r) ranges.push(r);
    }
    expect(ranges).toHaveLength(MAX_RANGES);
    expect(MAX_RANGES).toBe(16);
  });

  it('ranks colours red 4, purple 3, orange 2, yellow 1, green 0, none 0; no colour is named MARGIN', () => {
    expect(SEVERITY_BY_COLOR).toEqual({ red: 4, purple: 3, orange: 2, yellow: 1, green: 0 });
    expect(severityOfColor('N/A')).toBe(0);
    expect(severityOfColor(undefined)).toBe(0);
    expect(rangeDisplayName({ name: 'hot', color: 'N/A' })).toBe('MARGIN');
    expect(rangeDisplayName({ name: 'hot', color: 'red' })).toBe('hot');
  });

  it('normalizes a partial stored preference with the defaults', () => {
    const p = normalizeFieldPreference('t', { signal: 'digital', debounce: { enable: true } as never });
    expect(p.signal).toBe('digital');
    expect(p.debounce.enable).toBe(true);
    expect(p.debounce.maxDeviation).toBe(1);
    expect(p.filter.max).toBe(100000);
    expect(p.rangeSettings.ranges).toEqual([]);
    expect(normalizeFieldPreference('t', null).signal).toBe('analog');
  });
});
