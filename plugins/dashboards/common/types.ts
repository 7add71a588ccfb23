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

/** A dashboard theme's look (shell §2.9) as a share link's view applies it. */
export interface SharedTheme {
  panelColor: string;
  fontColor: string;
  /** Whether it has a background image (GET /api/dashboard-share/theme/background). */
  hasBackground: boolean;
}

/** What a share link opens: the dashboard, its bound items and its theme, read-only. */
export interface SharedDashboard {
  dashboard: Dashboard;
  items: DashboardItem[];
  theme: SharedTheme | null;
  expiresAt: string;
}

/** An open event as the alarm-list widget shows it (through a share link: only these fields). */
export interface DashboardAlarm {
  id: string;
  itemName: string;
  displayName: string;
  rangeName: string;
  value: string | null;
  severity: number;
  isAcknowledged: boolean;
  /** ISO date-time. */
  generatedAt: string;
}

/** A time-series widget's history through a share link: per binding, in the widget's order. */
export interface SharedChart {
  series: { itemUuid: string; field: string; points: [number, number | string | null][] }[];
}

/** A floor-plan widget's plan through a share link: the pins of its bound items (x, y as fractions of the image). */
export interface SharedFloorPlan {
  pins: { itemUuid: string; x: number; y: number }[];
}
