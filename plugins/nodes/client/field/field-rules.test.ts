import { describe, expect, it } from 'vitest';
import {
  defaultFieldPreference,
  defaultFirstRange,
  defaultRangeSettings,
  type RangeSettings,
  type SignalType,
} from '../../common/field-preference';
import type { FieldSettingSection } from '../../common/extension-points';
import type { ItemType } from '../../common/types';
import { formatDateTime, relativeTime } from '../format';
import {
  addRange,
  autoResetFieldsDisabled,
  canAddRange,
  canRemoveRange,
  openRangesTab,
  overrideDisabled,
  overrideOptions,
  parseOverrideValue,
  removeLastRange,
  visibleSections,
  withColor,
} from './field-rules';

const addOne = (settings: RangeSettings) => addRange(settings);
const times = (settings: RangeSettings, n: number) => {
  let out = settings;
  for (let i = 0; i < n; i++) out = addRange(out);
  return out;
};

describe('range editor rules', () => {
  it('opens the ranges tab with the default first range, then adds purple ranges starting at the previous end', () => {
    const opened = openRangesTab(defaultFieldPreference('t'));
    expect(opened.rangeEnabled).toBe(true);
    const one = opened.rangeSettings;
    expect(one.ranges).toEqual([defaultFirstRange()]);
    expect(openRangesTab({ ...opened, rangeSettings: addOne(one) }).rangeSettings.ranges).toHaveLength(2);
    expect(one.ranges[0]).toMatchObject({ name: 'range1', color: 'green', icon: 'fa-check-circle', startNum: 0, endNum: 100 });
    const edited = { ...one, ranges: [{ ...one.ranges[0]!, endNum: 40 }] };
    const two = addRange(edited);
    expect(two.ranges[1]).toMatchObject({ color: 'purple', startNum: 40, endNum: 100 });
    expect(two.ranges[1]!.eventSetting.allowAutoClear).toBe(true);
  });

  it('starts a first added range at the below-minimum number when there is no range', () => {
    const settings = { ...defaultRangeSettings(), belowMinimum: { minNumber: -20 }, ranges: [] };
    expect(addRange(settings).ranges[0]!.startNum).toBe(-20);
  });

  it('adds while there are 15 or fewer ranges (16 at most)', () => {
    const fifteen = times(defaultRangeSettings(), 15);
    expect(canAddRange(fifteen.ranges)).toBe(true);
    const sixteen = addRange(fifteen);
    expect(sixteen.ranges).toHaveLength(16);
    expect(canAddRange(sixteen.ranges)).toBe(false);
    expect(addRange(sixteen).ranges).toHaveLength(16);
  });

  it('removes only the last range', () => {
    const three = times(defaultRangeSettings(), 3);
    expect(canRemoveRange(three.ranges, 0)).toBe(false);
    expect(canRemoveRange(three.ranges, 2)).toBe(true);
    expect(removeLastRange(three).ranges.map((r) => r.name)).toEqual(['range1', 'range2']);
  });

  it('renames a range MARGIN when no colour is chosen', () => {
    expect(withColor(defaultFirstRange(), 'N/A')).toMatchObject({ color: 'N/A', name: 'MARGIN' });
    expect(withColor(defaultFirstRange(), 'red')).toMatchObject({ color: 'red', name: 'range1' });
  });
});

describe('field settings visibility by signal', () => {
  const section = (id: string, order: number, extra: Partial<FieldSettingSection> = {}): FieldSettingSection => ({
    id,
    titleKey: id,
    order,
    component: () => null,
    ...extra,
  });
  const sections = [
    section('storage', 120),
    section('analog', 70, { signals: ['analog'] }),
    section('logic', 80, { signals: ['digital'] }),
    section('debounce', 90, { signals: ['analog', 'digital'] }),
    section('auto-reset', 130, { signals: ['digital', 'string'] }),
    section('node-data', 50, { itemTypes: ['node'] }),
  ];
  const ids = (signal: SignalType, itemType: ItemType = 'item') => visibleSections(sections, signal, itemType).map((s) => s.id);

  it('shows a section only for its signals and item types, by order', () => {
    expect(ids('analog')).toEqual(['analog', 'debounce', 'storage']);
    expect(ids('digital')).toEqual(['logic', 'debounce', 'storage', 'auto-reset']);
    expect(ids('string')).toEqual(['storage', 'auto-reset']);
    expect(ids('json')).toEqual(['storage']);
    expect(ids('json', 'node')).toEqual(['node-data', 'storage']);
  });

  it('disables the auto-reset fields unless reset is enabled', () => {
    const preference = defaultFieldPreference('door');
    expect(autoResetFieldsDisabled(preference)).toBe(true);
    expect(autoResetFieldsDisabled({ resetSetting: { ...preference.resetSetting, enable: true } })).toBe(false);
  });
});

describe('overrides', () => {
  const analog = { ...defaultFieldPreference('t'), unit: '°C', decimalPlace: 1 };
  it('disables the override of digital fields without ranges and lists range options', () => {
    const digital = { ...defaultFieldPreference('door'), signal: 'digital' as const };
    expect(overrideDisabled(digital)).toBe(true);
    expect(overrideDisabled(analog)).toBe(false);
    const ranged = { ...digital, rangeSettings: addRange(addRange(defaultRangeSettings())) };
    expect(overrideDisabled(ranged)).toBe(false);
    const options = overrideOptions({
      rangeSettings: {
        ...ranged.rangeSettings,
        ranges: [withColor(ranged.rangeSettings.ranges[0]!, 'N/A'), ranged.rangeSettings.ranges[1]!],
      },
    });
    expect(options).toEqual([
      { name: 'MARGIN', value: 0 },
      { name: 'range2', value: 1 },
    ]);
  });

  it('parses override input by signal', () => {
    expect(parseOverrideValue('analog', '12.5')).toBe(12.5);
    expect(parseOverrideValue('analog', 'x')).toBeNull();
    expect(parseOverrideValue('digital', '1')).toBe(1);
    expect(parseOverrideValue('string', 'hello')).toBe('hello');
  });

  it('formats item times as dd/MM/yyyy HH:mm:ss and relative time', () => {
    const at = new Date(2026, 0, 5, 7, 8, 9, 45);
    expect(formatDateTime(at)).toBe('05/01/2026 07:08:09');
    expect(formatDateTime(at, true)).toBe('05/01/2026 07:08:09.045');
    expect(relativeTime(at, 'en', at.getTime() + 3 * 60_000)).toBe('3 minutes ago');
    expect(relativeTime(at, 'cn', at.getTime() + 2 * 3600_000)).toBe('2小时前');
    // A pushed time newer than the page's clock (which ticks every 10 s) is "now", never "in 4 seconds".
    expect(relativeTime(at, 'en', at.getTime() - 4000)).toBe('now');
    expect(relativeTime(at, 'hk', at.getTime() - 9000)).toBe(relativeTime(at, 'hk', at.getTime()));
  });
});
