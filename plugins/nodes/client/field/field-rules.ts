import {
  defaultFirstRange,
  MARGIN_RANGE_NAME,
  MAX_RANGES,
  nextRange,
  type FieldPreference,
  type RangeColor,
  type RangeEntry,
  type RangeSettings,
  type SignalType,
} from '../../common/field-preference';
import type { FieldSettingSection } from '../../common/extension-points';
import type { ItemType } from '../../common/types';

// ---- Range editor (spec 3.3, 4) ----

/**
 * Opening the Color Ranges tab sets rangeEnabled and, for a field without ranges, puts in the default first range
 * (range1, green, fa-check-circle, 0 to 100, event1 off).
 */
export function openRangesTab(preference: FieldPreference): FieldPreference {
  const { rangeSettings } = preference;
  return {
    ...preference,
    rangeEnabled: true,
    rangeSettings: rangeSettings.ranges.length > 0 ? rangeSettings : { ...rangeSettings, ranges: [defaultFirstRange()] },
  };
}

/** A range can be added only while there are 15 or fewer (at most 16). */
export function canAddRange(ranges: readonly RangeEntry[]): boolean {
  return ranges.length < MAX_RANGES;
}

/** Appends the default next range (the first one when empty); unchanged at the limit. */
export function addRange(settings: RangeSettings): RangeSettings {
  if (!canAddRange(settings.ranges)) return settings;
  const added = nextRange(settings.ranges, settings.belowMinimum);
  return added ? { ...settings, ranges: [...settings.ranges, added] } : settings;
}

/** Only the last range can be removed. */
export function canRemoveRange(ranges: readonly RangeEntry[], index: number): boolean {
  return ranges.length > 0 && index === ranges.length - 1;
}

export function removeLastRange(settings: RangeSettings): RangeSettings {
  return { ...settings, ranges: settings.ranges.slice(0, -1) };
}

/** Choosing no colour ('N/A') renames the range 'MARGIN'. */
export function withColor(range: RangeEntry, color: RangeColor): RangeEntry {
  return { ...range, color, name: color === 'N/A' ? MARGIN_RANGE_NAME : range.name };
}

export function updateRange(settings: RangeSettings, index: number, change: (range: RangeEntry) => RangeEntry): RangeSettings {
  return { ...settings, ranges: settings.ranges.map((range, i) => (i === index ? change(range) : range)) };
}

// ---- Field Settings sections by signal (spec 2.5, 4) ----

/** The contributed sections shown for a signal and item type, by order. */
export function visibleSections(
  sections: readonly FieldSettingSection[],
  signal: SignalType,
  itemType: ItemType,
): FieldSettingSection[] {
  return sections
    .filter((section) => !section.signals || section.signals.includes(signal))
    .filter((section) => !section.itemTypes || section.itemTypes.includes(itemType))
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

/** The auto-reset fields are disabled unless reset is enabled. */
export function autoResetFieldsDisabled(preference: Pick<FieldPreference, 'resetSetting'>): boolean {
  return !preference.resetSetting.enable;
}

/** The value a reset-value input turns into for the signal: digital 0/1 numbers, string text. */
export function resetValueFor(signal: SignalType, input: string): number | string {
  if (signal === 'digital') return input === '1' ? 1 : 0;
  return input;
}

// ---- Current values (Settings tab, spec 2.2) ----

export const SIGNAL_BADGE: Record<SignalType, string> = { analog: 'AI', digital: 'DI', string: 'SI', json: 'JSON' };

/** The override button is disabled for digital fields without ranges (spec 2.3). */
export function overrideDisabled(preference: Pick<FieldPreference, 'signal' | 'rangeSettings'>): boolean {
  return preference.signal === 'digital' && preference.rangeSettings.ranges.length === 0;
}

/** The pick-list options of the override dialog: the field's ranges as name and value. */
export function overrideOptions(preference: Pick<FieldPreference, 'rangeSettings'>): { name: string; value: number | string }[] {
  return preference.rangeSettings.ranges.map((range) => ({
    name: range.color === 'N/A' ? MARGIN_RANGE_NAME : range.name,
    value: range.value,
  }));
}

/** The override value typed for the signal: analog number, digital 0/1, string text. */
export function parseOverrideValue(signal: SignalType, input: string): number | string | null {
  if (signal === 'analog') {
    const value = Number(input);
    return input.trim() === '' || !Number.isFinite(value) ? null : value;
  }
  if (signal === 'digital') return input === '' ? null : Number(input) ? 1 : 0;
  return input;
}

// ---- Icon picker (spec 2.6) ----

/** Keyword search of the icon catalogue: trimmed, case-insensitive substring match; empty shows all. */
export function filterIcons(catalogue: readonly string[], keyword: string): string[] {
  const needle = keyword.trim().toLowerCase();
  return needle ? catalogue.filter((name) => name.toLowerCase().includes(needle)) : [...catalogue];
}
