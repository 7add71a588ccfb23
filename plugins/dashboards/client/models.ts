import { types, type Instance, type SnapshotIn } from 'mobx-state-tree';
import type { NodeValuesPush } from '@sensorium/nodes/common';
import { WIDGET_TYPES } from '../common';

export const PositionModel = types.model('WidgetPosition', { x: 0, y: 0, w: 3, h: 2 });
export const BindingModel = types.model('WidgetBinding', { itemUuid: types.string, field: '' });
export const OptionsModel = types.model('WidgetOptions', {
  min: types.maybe(types.number),
  max: types.maybe(types.number),
  rangeHours: types.maybe(types.number),
  floorPlanId: types.maybe(types.string),
  command: types.maybe(types.string),
  control: types.maybe(types.enumeration(['button', 'switch'])),
});

export const WidgetModel = types.model('Widget', {
  id: types.identifier,
  type: types.enumeration([...WIDGET_TYPES]),
  title: '',
  position: types.optional(PositionModel, {}),
  bindings: types.array(BindingModel),
  options: types.optional(OptionsModel, {}),
});
export type WidgetInstance = Instance<typeof WidgetModel>;
export type WidgetSnapshot = SnapshotIn<typeof WidgetModel>;

export const DashboardModel = types.model('Dashboard', {
  id: types.string,
  appId: types.string,
  name: types.string,
  isMain: false,
  themeId: types.maybeNull(types.string),
  widgets: types.array(WidgetModel),
  updatedAt: '',
});
export type DashboardInstance = Instance<typeof DashboardModel>;

export const SummaryModel = types.model('DashboardSummary', {
  id: types.identifier,
  name: types.string,
  isMain: false,
  widgetCount: 0,
  updatedAt: '',
});

export const RangeModel = types.model('DashboardRange', {
  name: types.string,
  color: types.string,
  startNum: types.number,
  endNum: types.number,
});

export const FieldModel = types.model('DashboardField', {
  field: types.string,
  label: types.string,
  unit: '',
  decimalPlace: 0,
  signal: 'analog',
  ranges: types.array(RangeModel),
});
export type FieldInstance = Instance<typeof FieldModel>;

export const FieldStatusModel = types.model('FieldStatus', { status: '', color: '' });

/** A bound item, kept live by the `node-values` pushes. */
export const LiveItemModel = types
  .model('DashboardItem', {
    uuid: types.identifier,
    itemName: types.string,
    displayName: types.string,
    fields: types.array(FieldModel),
    // The device's values are whatever its fields carry (numbers, text, JSON): frozen, replaced whole by each push.
    outputSimple: types.frozen<Record<string, unknown>>({}),
    fieldStatus: types.map(FieldStatusModel),
    severity: 0,
    connection: false,
    lastReceiveDate: types.maybeNull(types.string),
    point: types.maybeNull(types.model('Point', { lat: types.number, lng: types.number })),
    commands: types.array(types.model('ItemCommand', { id: types.string, display: types.string })),
  })
  .views((self) => ({
    field(name: string): FieldInstance | undefined {
      return self.fields.find((field) => field.field === name);
    },
  }))
  .actions((self) => ({
    applyLive(live: NodeValuesPush['items'][number]) {
      self.outputSimple = live.outputSimple ?? {};
      self.fieldStatus.replace(live.status?.fieldStatus ?? {});
      self.severity = live.status?.severity ?? 0;
      self.connection = live.connection;
      self.lastReceiveDate = live.lastReceiveDate;
    },
  }));
export type LiveItemInstance = Instance<typeof LiveItemModel>;

export const ShareLinkModel = types.model('ShareLink', {
  id: types.identifier,
  createdAt: types.string,
  expiresAt: types.string,
  createdBy: types.maybeNull(types.string),
});
