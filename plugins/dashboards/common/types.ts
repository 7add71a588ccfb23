import type { RangeColor } from '@sensorium/nodes/common';
import type { DashboardDefinition } from './dashboard-definition';

/** A dashboard as the API answers it. */
export interface Dashboard extends DashboardDefinition {
  id: string;
  appId: string;
  /** ISO date-time. */
  updatedAt: string;
}

/** A row of an application's dashboard list (the switcher). */
export interface DashboardSummary {
  id: string;
  name: string;
  isMain: boolean;
  widgetCount: number;
  updatedAt: string;
}

/** A range of a field, for colouring a value and drawing bands on a chart. */
export interface DashboardRange {
  name: string;
  color: RangeColor;
  startNum: number;
  endNum: number;
}

/** A field of a bound item as widgets show it. */
export interface DashboardField {
  field: string;
  label: string;
  unit: string;
  decimalPlace: number;
  signal: string;
  ranges: DashboardRange[];
}

/** A bound item with what its widgets need: its fields' settings, latest values, position and commands. */
export interface DashboardItem {
  uuid: string;
  itemName: string;
  displayName: string;
  fields: DashboardField[];
  outputSimple: Record<string, unknown>;
  /** Per field, the name and colour of the range its value is in. */
  fieldStatus: Record<string, { status: string; color: string }>;
  severity: number;
  connection: boolean;
  lastReceiveDate: string | null;
  point: { lat: number; lng: number } | null;
  commands: { id: string; display: string }[];
}

/** A share link of a dashboard as its owners see it (the token is shown once, when it is made). */
export interface ShareLink {
  id: string;
  /** ISO date-times. */
  createdAt: string;
  expiresAt: string;
  createdBy: string | null;
}

export interface NewShareLink extends ShareLink {
  /** The dashboard_token of the link; not stored, so it cannot be shown again. */
  token: string;
}

/** What a share link opens: the dashboard and its bound items, read-only. */
export interface SharedDashboard {
  dashboard: Dashboard;
  items: DashboardItem[];
  expiresAt: string;
}

/** A chart's points: [epoch milliseconds, value] in time order. */
export interface DashboardChart {
  points: [number, number | null][];
}
