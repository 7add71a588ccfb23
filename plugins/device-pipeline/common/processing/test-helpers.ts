import { defaultFieldPreference, type FieldPreference, type RangeEntry } from '@sensorium/nodes/common';
import { processUplink, tick } from './process';
import type { ItemRuntime, ProcessableItem, ProcessResult } from './types';

export function pref(field: string, patch: Partial<FieldPreference> = {}): FieldPreference {
  return { ...defaultFieldPreference(field), ...patch };
}

export function range(
  name: string,
  color: RangeEntry['color'],
  startNum: number,
  endNum: number,
  extra: Partial<RangeEntry> = {},
): RangeEntry {
  return {
    name,
    color,
    icon: 'fa-check-circle',
    value: 0,
    startNum,
    endNum,
    eventSetting: { name: `${name}-event`, enable: false, allowAutoClear: false },
    ...extra,
  };
}

export function eventRange(
  name: string,
  color: RangeEntry['color'],
  startNum: number,
  endNum: number,
  allowAutoClear = false,
): RangeEntry {
  return range(name, color, startNum, endNum, { eventSetting: { name: `${name}-event`, enable: true, allowAutoClear } });
}

export function item(input: Record<string, FieldPreference>, patch: Partial<ProcessableItem> = {}): ProcessableItem {
  return {
    uuid: '00000000-0000-4000-8000-000000000001',
    appId: 'app1',
    itemName: 'sensor-1',
    itemDisplayName: 'Sensor 1',
    input,
    outputSimple: {},
    status: { severity: 0, eventSeverity: 0, fieldStatus: {} },
    openEvents: [],
    location: 'Floor 3',
    ...patch,
  };
}

/** Feeds results back into the item, like the ingest does between uplinks. */
export class Device {
  runtime: ItemRuntime = {};
  last!: ProcessResult;
  constructor(public item: ProcessableItem) {}

  private apply(r: ProcessResult): ProcessResult {
    this.item = { ...this.item, outputSimple: r.outputSimple, status: r.status, openEvents: r.openEvents };
    this.runtime = JSON.parse(JSON.stringify(r.runtime)) as ItemRuntime; // stored as jsonb
    this.last = r;
    return r;
  }

  send(fields: Record<string, unknown>, atMs: number): ProcessResult {
    return this.apply(processUplink(this.item, fields, new Date(atMs), this.runtime));
  }

  tick(atMs: number): ProcessResult {
    return this.apply(tick(this.item, new Date(atMs), this.runtime));
  }
}
