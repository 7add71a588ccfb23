import { getSnapshot, types, type Instance, type SnapshotIn } from 'mobx-state-tree';
import {
  DEBOUNCE_TYPES,
  DEBOUNCE_UNITS,
  normalizeFieldPreference,
  RANGE_COLORS,
  SIGNAL_TYPES,
  WEBHOOK_METHODS,
  type DebounceType,
  type DebounceUnit,
  type DigitalLogic,
  type FieldPreference,
  type NodeDataSource,
  type NotificationEscalation,
  type OutputType,
  type RangeColor,
  type SignalType,
  type WebhookMethod,
} from '../../common/field-preference';
import { NODE_DATA_SOURCES } from '../../common/node-data';
import { ITEM_TYPES, type DiscardReason, type Item, type ItemType } from '../../common/types';

// Typed MST models of what GET /items/{uuid} answers (node spec 3.1, 3.3). Every property has a default, so older
// stored preferences missing a key still load.

/**
 * A field value as the device sent it: a number, text or flag, or any JSON for a json signal. There is no narrower
 * type for it, so the value is kept frozen (never edited, only shown).
 */
const FieldValue = types.frozen<unknown>();

const FieldIconModel = types.model('FieldIcon', { name: '', enable: false, useStatusIcon: false });

const DebounceModel = types.model('Debounce', {
  enable: false,
  number: 0,
  unit: types.optional(types.enumeration<DebounceUnit>('DebounceUnit', [...DEBOUNCE_UNITS]), 's'),
  type: types.optional(types.enumeration<DebounceType>('DebounceType', [...DEBOUNCE_TYPES]), 'avg'),
  waitUntilStable: false,
  maxDeviation: 1,
  skipDebounceWhenResume: false,
});

const SpikeFilterModel = types.model('SpikeFilter', { min: -100000, max: 100000 });

const SimpleConvertModel = types.model('SimpleConvert', {
  inputRangeMin: 0,
  inputRangeMax: 100,
  inputResolution: 255,
  outputRangeMin: 0,
  outputRangeMax: 255,
});

const ResetSettingModel = types.model('ResetSetting', {
  enable: false,
  resetValue: types.optional(types.union(types.number, types.string), 0),
  baseValue: types.maybe(types.string),
  resetDelaySecond: 5,
});

const TaskActionModel = types.model('TaskAction', { enable: false, device: '', commandId: '' });

const TaskSettingModel = types.model('TaskSetting', {
  taskCreated: types.optional(TaskActionModel, {}),
  taskAcked: types.optional(TaskActionModel, {}),
  taskCleared: types.optional(TaskActionModel, {}),
});

const EventSettingModel = types.model('EventSetting', {
  name: '',
  enable: false,
  allowAutoClear: false,
  task: types.maybe(TaskSettingModel),
});

const NotificationSettingModel = types.model('NotificationSetting', {
  smsEnabled: false,
  smsTemplate: '',
  whatsappEnabled: false,
  emailEnabled: false,
  emailTemplate: '',
  voiceEnabled: false,
  voiceTemplate: '',
  departments: types.array(types.string),
  /** The notifications plugin's escalation rounds, kept as saved (ranges saved before it existed lack it). */
  escalation: types.maybe(types.frozen<NotificationEscalation>()),
});

const WebhookSettingModel = types.model('WebhookSetting', {
  enable: true,
  method: types.optional(types.enumeration<WebhookMethod>('WebhookMethod', [...WEBHOOK_METHODS]), 'GET'),
  url: '',
  headers: '',
  body: '',
});

const RangeEntryModel = types.model('RangeEntry', {
  name: '',
  color: types.optional(types.enumeration<RangeColor>('RangeColor', [...RANGE_COLORS]), 'green'),
  icon: '',
  value: types.optional(types.union(types.number, types.string), 0),
  startNum: 0,
  endNum: 0,
  eventSetting: types.optional(EventSettingModel, {}),
  notificationSetting: types.maybe(NotificationSettingModel),
  webhookSetting: types.maybe(WebhookSettingModel),
});

const RangeSettingsModel = types.model('RangeSettings', {
  belowMinimum: types.optional(types.model('BelowMinimum', { minNumber: types.maybeNull(types.number) }), {}),
  aboveMaximum: types.optional(types.model('AboveMaximum', { maxNumber: types.maybeNull(types.number) }), {}),
  ranges: types.array(RangeEntryModel),
});

export const FieldPreferenceModel = types.model('FieldPreference', {
  frontendDisplay: true,
  displayName: '',
  icon: types.optional(FieldIconModel, {}),
  seq: 0,
  signal: types.optional(types.enumeration<SignalType>('SignalType', [...SIGNAL_TYPES]), 'analog'),
  accumulative: false,
  analogShowStatus: false,
  unit: '',
  decimalPlace: 2,
  logic: types.optional(types.enumeration<DigitalLogic>('DigitalLogic', ['Normal', 'Invert']), 'Normal'),
  debounce: types.optional(DebounceModel, {}),
  filter: types.optional(SpikeFilterModel, {}),
  simpleConvertEnabled: false,
  simpleConvert: types.optional(SimpleConvertModel, {}),
  resetSetting: types.optional(ResetSettingModel, {}),
  rangeEnabled: false,
  overrideValueEnabled: false,
  overrideValue: types.maybeNull(types.union(types.number, types.string, types.boolean)),
  rangeSettings: types.optional(RangeSettingsModel, {}),
  io: types.maybe(types.enumeration<'input' | 'output'>('FieldIo', ['input', 'output'])),
  outputType: types.maybe(types.enumeration<OutputType>('OutputType', ['toggleSwitch', 'button', 'selectMenu'])),
  menuName: types.maybe(types.string),
  storage: types.maybe(types.enumeration<'store' | 'display'>('FieldStorage', ['store', 'display'])),
  nodeData: types.maybe(
    types.model('NodeData', {
      source: types.optional(types.enumeration<NodeDataSource>('NodeDataSource', [...NODE_DATA_SOURCES]), 'custom'),
      expression: '',
    }),
  ),
});

export type FieldPreferenceInstance = Instance<typeof FieldPreferenceModel>;

const FieldStatusModel = types.model('FieldStatus', { status: '', color: '' });

const FieldDiscardsModel = types.model('FieldDiscards', {
  count: 0,
  value: '',
  reason: types.enumeration<DiscardReason>('DiscardReason', ['spikeFilter', 'unreadable']),
  at: '',
  min: types.maybeNull(types.number),
  max: types.maybeNull(types.number),
  signal: types.maybe(types.enumeration<SignalType>('DiscardSignal', [...SIGNAL_TYPES])),
});

const NodeStatusModel = types.model('NodeStatus', {
  severity: 0,
  eventSeverity: 0,
  fieldStatus: types.map(FieldStatusModel),
  discarded: types.map(FieldDiscardsModel),
});

const DataSourceModel = types.model('ItemDataSource', {
  type: types.maybe(types.string),
  deviceEUI: types.maybe(types.string),
  sn: types.maybe(types.string),
  connectionTimeoutSec: types.maybe(types.number),
  enableHistory: types.maybe(types.boolean),
  sensorType: types.maybe(types.string),
  componentChildName: types.maybe(types.string),
  /** The device server's application (ChirpStack, TTS) the device is bound in… */
  application: types.maybe(types.string),
  /** …taken from the item's first uplink because none was entered. */
  applicationLearnt: types.maybe(types.boolean),
});

const PinModel = types.model('FloorPlanPin', { itemName: types.string, x: types.number, y: types.number });

const GeoInfoModel = types.model('GeoInfo', {
  tags: types.array(types.string),
  site: types.maybe(
    types.model('Site', {
      address: types.maybe(types.string),
      image: types.maybe(types.string),
      /** [lng, lat]: MST has no tuple type, so the pair is one frozen value. */
      geoCoordinates: types.maybe(types.frozen<[number, number]>()),
    }),
  ),
  floorPlan: types.maybe(
    types.model('FloorPlan', {
      origin: types.model('FloorPlanOrigin', { image: types.string, imageEnable: true }),
      pins: types.array(PinModel),
    }),
  ),
  point: types.maybe(types.model('Point', { lat: types.number, lng: types.number })),
});

/** A node or item as the console shows it: the preferences of its fields are complete (normalised on the way in). */
export const ItemModel = types.model('Item', {
  uuid: types.string,
  itemName: types.string,
  itemDisplayName: '',
  itemDescription: '',
  itemType: types.enumeration<ItemType>('ItemType', [...ITEM_TYPES]),
  parentName: types.maybeNull(types.string),
  position: 0,
  enable: true,
  connection: false,
  updatedAt: '',
  lastReceiveDate: types.maybeNull(types.string),
  lastValidDate: types.maybeNull(types.string),
  input: types.map(FieldPreferenceModel),
  outputSimple: types.map(FieldValue),
  status: types.optional(NodeStatusModel, {}),
  dataSource: types.optional(DataSourceModel, {}),
  geoInfo: types.optional(GeoInfoModel, {}),
  storeHistory: false,
  sourceError: types.maybe(types.model('SourceError', { message: '', at: '' })),
});

export type ItemInstance = Instance<typeof ItemModel>;

/** The snapshot of an item from the server: every field preference completed with the defaults. */
export function itemSnapshot(item: Item): SnapshotIn<typeof ItemModel> {
  const input: Record<string, FieldPreference> = {};
  for (const [field, stored] of Object.entries(item.input ?? {})) input[field] = normalizeFieldPreference(field, stored);
  const { dataSource, ...rest } = item;
  return {
    ...rest,
    input,
    dataSource: {
      type: dataSource?.type,
      deviceEUI: dataSource?.deviceEUI,
      sn: dataSource?.sn,
      connectionTimeoutSec: dataSource?.connectionTimeoutSec,
      enableHistory: dataSource?.enableHistory,
      sensorType: dataSource?.sensorType,
      componentChildName: dataSource?.componentChildName,
      application: typeof dataSource?.application === 'string' ? dataSource.application : undefined,
      applicationLearnt: dataSource?.applicationLearnt === true ? true : undefined,
    },
  };
}

/** The item as a plain, immutable value (MST shares unchanged parts between snapshots): what contributions receive. */
export function plainItem(item: ItemInstance): Item {
  return getSnapshot(item);
}

/** A field's preference as a plain value, e.g. the Field Settings dialog's starting copy. */
export function plainPreference(preference: FieldPreferenceInstance): FieldPreference {
  return getSnapshot(preference);
}

export const CommandModel = types.model('Command', { id: types.string, display: '' });
