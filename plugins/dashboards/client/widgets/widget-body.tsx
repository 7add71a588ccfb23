import type { ComponentType } from 'react';
import type { WidgetType } from '../../common';
import { AlarmList } from './alarm-list';
import { CommandWidget } from './command';
import { FloorPlan } from './floor-plan';
import { Gauge } from './gauge';
import { ItemTable } from './item-table';
import { MapWidget } from './map-widget';
import { TimeSeries } from './time-series';
import { ValueCard } from './value-card';
import type { WidgetProps } from './widget-props';

/** The component that draws each widget type. */
export const WIDGET_BODIES: Record<WidgetType, ComponentType<WidgetProps>> = {
  'value-card': ValueCard,
  gauge: Gauge,
  'time-series': TimeSeries,
  map: MapWidget,
  'floor-plan': FloorPlan,
  'alarm-list': AlarmList,
  'item-table': ItemTable,
  command: CommandWidget,
};
