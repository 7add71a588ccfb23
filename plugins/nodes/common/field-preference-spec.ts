import {
  defaultFieldPreference,
  defaultTaskSetting,
  type FieldPreference,
  type RangeColor,
  type RangeEntry,
  type SignalType,
} from './field-preference';

/** One colour range in a few words: the demo seeder's and the project templates' way of writing ranges. */
export interface RangeSpec {
  name: string;
  color: RangeColor;
  icon: string;
  start: number;
  end: number;
  /** The value a digital range stands for. */
  value?: number;
  /** An enabled event of this name, auto-cleared when the value leaves the range. */
  event?: string;
}

/** A field's display settings and ranges in a few words; the rest is the default preference. */
export interface FieldPreferenceSpec {
  field: string;
  displayName: string;
  unit: string;
  decimalPlace: number;
  /** The field's place among the item's fields (1 first). */
  seq: number;
  ranges?: readonly RangeSpec[];
  signal?: SignalType;
  /** A spike filter other than the default (a counter that passes ±100,000). */
  filter?: { min: number; max: number };
}

export function rangeEntryOf(spec: RangeSpec): RangeEntry {
  return {
    name: spec.name,
    color: spec.color,
    icon: spec.icon,
    value: spec.value ?? 0,
    startNum: spec.start,
    endNum: spec.end,
    eventSetting: {
      name: spec.event ?? `${spec.name} event`,
      enable: spec.event !== undefined,
      allowAutoClear: spec.event !== undefined,
      task: defaultTaskSetting(),
    },
  };
}

/** The full field preference a spec stands for: ranges switched on when it has any. */
export function fieldPreferenceOf(spec: FieldPreferenceSpec): FieldPreference {
  const ranges = spec.ranges ?? [];
  const preference: FieldPreference = {
    ...defaultFieldPreference(spec.field),
    displayName: spec.displayName,
    unit: spec.unit,
    decimalPlace: spec.decimalPlace,
    seq: spec.seq,
    rangeEnabled: ranges.length > 0,
    ...(spec.signal ? { signal: spec.signal } : {}),
    ...(spec.filter ? { filter: { ...spec.filter } } : {}),
  };
  preference.rangeSettings.ranges = ranges.map(rangeEntryOf);
  return preference;
}
