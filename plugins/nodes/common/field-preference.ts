/**
 * Field preference: how one field of an item is processed, shown and turned into events (spec 3.3).
 * Shared by the server (ingest, API) and the client (Field Settings dialog, range editor).
 */

export type SignalType = 'analog' | 'digital' | 'string' | 'json';
export const SIGNAL_TYPES: readonly SignalType[] = ['analog', 'digital', 'string', 'json'];

export type DigitalLogic = 'Normal' | 'Invert';

export type DebounceUnit = 's' | 'samples';
export const DEBOUNCE_UNITS: readonly DebounceUnit[] = ['s', 'samples'];

export type DebounceType = 'avg' | 'min' | 'max' | 'median' | 'last';
export const DEBOUNCE_TYPES: readonly DebounceType[] = ['avg', 'min', 'max', 'median', 'last'];

/** Range colours; 'N/A' is "no colour" (the range is then named 'MARGIN'). */
export type RangeColor = 'red' | 'purple' | 'orange' | 'yellow' | 'green' | 'N/A';
export const RANGE_COLORS: readonly RangeColor[] = ['red', 'purple', 'orange', 'yellow', 'green', 'N/A'];

/** Severity ranking of the colours; no colour ranks 0. */
export const SEVERITY_BY_COLOR: Readonly<Record<string, number>> = { red: 4, purple: 3, orange: 2, yellow: 1, green: 0 };

/** The name a range gets when no colour is chosen. */
export const MARGIN_RANGE_NAME = 'MARGIN';

/** At most 16 ranges per field (a range can be added while there are 15 or fewer). */
export const MAX_RANGES = 16;
/** Range and event names are shown in pills, alarms and e-mails: a short label, not a text. */
export const MAX_RANGE_NAME_LENGTH = 50;

export type WebhookMethod = 'GET' | 'POST';
export const WEBHOOK_METHODS: readonly WebhookMethod[] = ['GET', 'POST'];

export type OutputType = 'toggleSwitch' | 'button' | 'selectMenu';

export interface FieldIcon {
  name: string;
  enable: boolean;
  useStatusIcon: boolean;
}

export interface DebounceSetting {
  enable: boolean;
  /** Window length: seconds or samples depending on `unit`. */
  number: number;
  unit: DebounceUnit;
  type: DebounceType;
  waitUntilStable: boolean;
  maxDeviation: number;
  skipDebounceWhenResume: boolean;
}

export interface SpikeFilter {
  min: number;
  max: number;
}

export interface SimpleConvert {
  inputRangeMin: number;
  inputRangeMax: number;
  inputResolution: number;
  outputRangeMin: number;
  outputRangeMax: number;
}

export interface ResetSetting {
  enable: boolean;
  /** Digital: 0 or 1; string: the text the value is reset to. */
  resetValue: number | string;
  /** String signal: reset only while the value equals this base value. */
  baseValue?: string;
  resetDelaySecond: number;
}

export interface TaskAction {
  enable: boolean;
  /** Item name of the device that receives the command. */
  device: string;
  commandId: string;
}

export interface TaskSetting {
  taskCreated: TaskAction;
  taskAcked: TaskAction;
  taskCleared: TaskAction;
}

export interface EventSetting {
  name: string;
  enable: boolean;
  allowAutoClear: boolean;
  task?: TaskSetting;
}

/**
 * Telling the contacts again while the event stays unacknowledged and not cleared (the notifications plugin's
 * `notifications.escalate` rounds): every `everyMinutes`, `repeats` times; then, with `nextPriority`, the contacts of
 * the next priority, one priority after another.
 */
export interface NotificationEscalation {
  enable: boolean;
  everyMinutes: number;
  repeats: number;
  nextPriority: boolean;
}

export interface NotificationSetting {
  smsEnabled: boolean;
  smsTemplate: string;
  whatsappEnabled: boolean;
  emailEnabled: boolean;
  emailTemplate: string;
  voiceEnabled: boolean;
  voiceTemplate: string;
  /** Empty = send to all departments. */
  departments: string[];
  /** Ranges saved before escalation existed lack it: off. */
  escalation?: NotificationEscalation;
}

export interface WebhookSetting {
  enable: boolean;
  method: WebhookMethod;
  url: string;
  /** JSON text or empty. */
  headers: string;
  /** JSON text or empty. */
  body: string;
}

export interface RangeEntry {
  name: string;
  color: RangeColor;
  icon: string;
  /** Digital and string signals match a range by this value. */
  value: number | string;
  startNum: number;
  endNum: number;
  eventSetting: EventSetting;
  notificationSetting?: NotificationSetting;
  webhookSetting?: WebhookSetting;
}

export interface RangeSettings {
  belowMinimum: { minNumber: number | null };
  aboveMaximum: { maxNumber: number | null };
  ranges: RangeEntry[];
}

/** Node Data (Field Settings): a node's field computed from its children, or a custom field. */
export type NodeDataSource = 'custom' | 'average' | 'median' | 'min' | 'max' | 'count';

export interface NodeDataSetting {
  source: NodeDataSource;
  /** Path into the children, e.g. `children.temperature`. */
  expression: string;
}

export interface FieldPreference {
  frontendDisplay: boolean;
  displayName: string;
  icon: FieldIcon;
  seq: number;
  signal: SignalType;
  /** Analog: each value is added to the previous total. */
  accumulative: boolean;
  /** Analog: 'Show status text instead of value'. */
  analogShowStatus: boolean;
  unit: string;
  decimalPlace: number;
  logic: DigitalLogic;
  debounce: DebounceSetting;
  filter: SpikeFilter;
  simpleConvertEnabled: boolean;
  simpleConvert: SimpleConvert;
  resetSetting: ResetSetting;
  rangeEnabled: boolean;
  overrideValueEnabled: boolean;
  overrideValue: number | string | boolean | null;
  rangeSettings: RangeSettings;
  /** 'output' marks the field controllable. */
  io?: 'input' | 'output';
  outputType?: OutputType;
  menuName?: string;
  /** Field Settings 'Storage': 'Store' (default) or 'Display Only'. */
  storage?: 'store' | 'display';
  /** Field Settings 'Node Data' (nodes only). */
  nodeData?: NodeDataSetting;
}

export interface Contact {
  name: string;
  smsNum: string;
  phone: string;
  email: string;
  department: string;
  post: string;
  smsEnable: boolean;
  phoneEnable: boolean;
  emailEnable: boolean;
}

export interface Command {
  id: string;
  display: string;
  payload?: unknown;
}

/** Always prepended to an item's command list. */
export const NO_COMMAND: Command = { id: '', display: 'No command selected' };

export function defaultTaskSetting(): TaskSetting {
  const off = (): TaskAction => ({ enable: false, device: '', commandId: '' });
  return { taskCreated: off(), taskAcked: off(), taskCleared: off() };
}

export function defaultEscalation(): NotificationEscalation {
  return { enable: false, everyMinutes: 10, repeats: 3, nextPriority: false };
}

export function defaultNotificationSetting(): NotificationSetting {
  return {
    smsEnabled: false,
    smsTemplate: '',
    whatsappEnabled: false,
    emailEnabled: false,
    emailTemplate: '',
    voiceEnabled: false,
    voiceTemplate: '',
    departments: [],
    escalation: defaultEscalation(),
  };
}

export function defaultWebhookSetting(): WebhookSetting {
  return { enable: true, method: 'GET', url: '', headers: '', body: '' };
}

export function defaultDebounce(): DebounceSetting {
  return {
    enable: false,
    number: 0,
    unit: 's',
    type: 'avg',
    waitUntilStable: false,
    maxDeviation: 1,
    skipDebounceWhenResume: false,
  };
}

/** Default first range: range1, green, fa-check-circle, value 0, 0 to 100, event1 disabled without auto clear. */
export function defaultFirstRange(): RangeEntry {
  return {
    name: 'range1',
    color: 'green',
    icon: 'fa-check-circle',
    value: 0,
    startNum: 0,
    endNum: 100,
    eventSetting: { name: 'event1', enable: false, allowAutoClear: false, task: defaultTaskSetting() },
  };
}

/**
 * The range added by 'add range': purple, starting at the previous range's end (else the below-minimum number,
 * else 0), ending at 100, auto clear on. Returns null when MAX_RANGES are there already.
 */
export function nextRange(
  previous: readonly RangeEntry[],
  belowMinimum?: { minNumber: number | null } | null,
): RangeEntry | null {
  if (previous.length >= MAX_RANGES) return null;
  const n = previous.length + 1;
  const last = previous[previous.length - 1];
  const below = belowMinimum?.minNumber;
  const start = last ? last.endNum : typeof below === 'number' && Number.isFinite(below) ? below : 0;
  return {
    name: `range${n}`,
    color: 'purple',
    icon: 'fa-check-circle',
    value: n - 1,
    startNum: start,
    endNum: 100,
    eventSetting: { name: `event${n}`, enable: false, allowAutoClear: true, task: defaultTaskSetting() },
  };
}

/** The name a range shows: 'MARGIN' when it has no colour. */
export function rangeDisplayName(range: Pick<RangeEntry, 'name' | 'color'>): string {
  return range.color === 'N/A' ? MARGIN_RANGE_NAME : range.name;
}

export function severityOfColor(color: string | null | undefined): number {
  return (color && SEVERITY_BY_COLOR[color]) || 0;
}

export function defaultRangeSettings(): RangeSettings {
  return { belowMinimum: { minNumber: null }, aboveMaximum: { maxNumber: null }, ranges: [] };
}

/** Defaults of spec 3.3 / 9 for a new field. */
export function defaultFieldPreference(field: string): FieldPreference {
  return {
    frontendDisplay: true,
    displayName: field,
    icon: { name: '', enable: false, useStatusIcon: false },
    seq: 0,
    signal: 'analog',
    accumulative: false,
    analogShowStatus: false,
    unit: '',
    decimalPlace: 2,
    logic: 'Normal',
    debounce: defaultDebounce(),
    filter: { min: -100000, max: 100000 },
    simpleConvertEnabled: false,
    simpleConvert: { inputRangeMin: 0, inputRangeMax: 100, inputResolution: 255, outputRangeMin: 0, outputRangeMax: 255 },
    resetSetting: { enable: false, resetValue: 0, baseValue: '', resetDelaySecond: 5 },
    rangeEnabled: false,
    overrideValueEnabled: false,
    overrideValue: null,
    rangeSettings: defaultRangeSettings(),
    io: 'input',
    storage: 'store',
  };
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> | T[K] : T[K] };

/**
 * A complete preference from a stored (possibly partial, possibly older) one: missing keys take the defaults.
 * Nested objects are merged one level deep; arrays are taken as stored.
 */
export function normalizeFieldPreference(
  field: string,
  stored: DeepPartial<FieldPreference> | null | undefined,
): FieldPreference {
  const d = defaultFieldPreference(field);
  if (!stored || typeof stored !== 'object') return d;
  const s = stored as Partial<FieldPreference>;
  const obj = <T extends object>(def: T, value: unknown): T =>
    value && typeof value === 'object' && !Array.isArray(value) ? { ...def, ...(value as Partial<T>) } : def;
  const rs = obj(d.rangeSettings, s.rangeSettings);
  return {
    ...d,
    ...s,
    icon: obj(d.icon, s.icon),
    debounce: obj(d.debounce, s.debounce),
    filter: obj(d.filter, s.filter),
    simpleConvert: obj(d.simpleConvert, s.simpleConvert),
    resetSetting: obj(d.resetSetting, s.resetSetting),
    rangeSettings: {
      belowMinimum: obj(d.rangeSettings.belowMinimum, rs.belowMinimum),
      aboveMaximum: obj(d.rangeSettings.aboveMaximum, rs.aboveMaximum),
      ranges: Array.isArray(rs.ranges) ? rs.ranges : [],
    },
  };
}
