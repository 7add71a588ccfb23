import type { Command, FieldPreference, SignalType } from './field-preference';
import type { SourceError } from './source-errors';

/** Spec 3.1: a node groups other nodes and items; an item is a device or sensor. */
export type ItemType = 'node' | 'item';
export const ITEM_TYPES: readonly ItemType[] = ['node', 'item'];

/** The name of every application's one root node, at the top of its tree. */
export const ROOT_ITEM_NAME = 'root';

/**
 * Levels of the tree (the nestable tree's maxDepth): the root is at depth 1, its children at depth 2 and so on;
 * nothing may sit deeper than 7.
 */
export const MAX_TREE_DEPTH = 7;

/** Item names: letters, digits, hyphen and underscore (spec 5). */
export const ITEM_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ITEM_NAME_MAX_LENGTH = 64;

/** Data-source types (spec 1 and 3.2); an item's dataSource.type selects the adapter. */
export const DATA_SOURCE_TYPES = [
  'chirpstack',
  'ttn',
  'trackcentral',
  'prtg',
  'robot',
  'lift',
  'rgtnbiot',
  'rec-plc-adaptor',
  'crawler',
  'api',
] as const;

/** The only source whose device EUI an operator may edit on the Basic tab (spec 2.2). */
export const EDITABLE_DEVICE_EUI_SOURCES: readonly string[] = ['rec-plc-adaptor'];

export interface FieldStatus {
  /** The name of the range the value is in ('' when none). */
  status: string;
  color: string;
}

/** Why the device pipeline discarded a reading: outside the field's spike filter, or not readable as its signal. */
export type DiscardReason = 'spikeFilter' | 'unreadable';

/** A field's discarded readings: how many, and the last one with its reason, so a filter is told from a broken sensor. */
export interface FieldDiscards {
  count: number;
  /** The last discarded reading as received, as text (its beginning when long). */
  value: string;
  reason: DiscardReason;
  /** The uplink's time of the last one (ISO). */
  at: string;
  /** spikeFilter: the filter's bounds it was outside of (null: no bound). */
  min?: number | null;
  max?: number | null;
  /** unreadable: the signal it could not be read as. */
  signal?: SignalType;
}

export interface NodeStatus {
  severity: number;
  eventSeverity: number;
  fieldStatus: Record<string, FieldStatus>;
  /** Fields with discarded readings (absent while none was discarded). */
  discarded?: Record<string, FieldDiscards>;
}

/** Spec 3.1 / 3.2; each source type adds its own wizard fields. */
export interface ItemDataSource {
  type?: string;
  /** ChirpStack DevEUI (hex), TTS device id, IMEI…: the device's id in its source. */
  deviceEUI?: string;
  sn?: string;
  /** 0 = no connection checking. */
  connectionTimeoutSec?: number;
  enableHistory?: boolean;
  commands?: Command[];
  sensorType?: string;
  componentChildName?: string;
  [key: string]: unknown;
}

export interface FloorPlanPin {
  itemName: string;
  x: number;
  y: number;
}

export interface GeoInfo {
  tags: string[];
  site?: { address?: string; image?: string; geoCoordinates?: [number, number] };
  floorPlan?: { origin: { image: string; imageEnable: boolean }; pins?: FloorPlanPin[] };
  point?: { lat: number; lng: number };
}

/** A node or item as the API returns it (spec 3.1). */
export interface Item {
  uuid: string;
  itemName: string;
  itemDisplayName: string;
  itemDescription: string;
  itemType: ItemType;
  /** The parent's item name; null for the root. */
  parentName: string | null;
  position: number;
  enable: boolean;
  connection: boolean;
  /** ISO date-times. */
  updatedAt: string;
  lastReceiveDate: string | null;
  lastValidDate: string | null;
  input: Record<string, FieldPreference>;
  outputSimple: Record<string, unknown>;
  status: NodeStatus;
  dataSource: ItemDataSource;
  geoInfo: GeoInfo;
  /** Effective store-history flag: dataSource.enableHistory, else false for a node and true for an item. */
  storeHistory: boolean;
  /** The last failure of the item's source to give data (a polled URL…); absent once it answered again. */
  sourceError?: SourceError;
}

/** One row of GET /node-structure-item/{appId}/tree, in tree order (parents before children, siblings by position). */
export interface TreeRow {
  uuid: string;
  itemName: string;
  itemDisplayName: string;
  itemType: ItemType;
  parentName: string | null;
  position: number;
  /** 1 for the root. */
  depth: number;
  enable: boolean;
  connection: boolean;
  severity: number;
  eventSeverity: number;
  dataSourceType: string | null;
  tags: string[];
  hasGps: boolean;
  hasFloorPlan: boolean;
  hasPin: boolean;
}

export interface TreeResponse {
  items: TreeRow[];
}

/** PUT /structure: the tree as the nestable list sends it. */
export interface StructureNode {
  itemName: string;
  children?: StructureNode[];
}

/** A node or sensor in GET /geo-info/{uuid}. */
export interface GeoItemSummary {
  uuid: string;
  itemName: string;
  itemDisplayName: string;
  itemType: ItemType;
  parentName: string | null;
  enable: boolean;
  connection: boolean;
  status: NodeStatus;
  outputSimple: Record<string, unknown>;
  dataSourceType: string | null;
  geoInfo: GeoInfo;
}

export interface GeoInfoResponse {
  /** `children`: one page of everything below the parent, in tree order; `total`: how many there are in all. */
  data: { parent: GeoItemSummary; children: GeoItemSummary[]; total: number };
}
