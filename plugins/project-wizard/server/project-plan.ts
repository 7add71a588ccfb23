import { randomBytes } from 'node:crypto';
import type { FieldGenerator } from '@sensorium/core/server';
import type { DashboardDefinition } from '@sensorium/dashboards/common';
import {
  DEMO_CHIRPSTACK_APPLICATION_ID,
  DEMO_TTN_APPLICATION,
  fieldPreferenceOf,
  type FieldPreference,
  type TreeItemSpec,
} from '@sensorium/nodes/common';
import type { NewProjectInput } from '../common';
import type { ProjectTemplate, TemplateDevice } from './template-model';

/** A device of the project, as the demo simulation drives it. */
export interface PlannedDevice {
  source: string;
  deviceId: string;
  kind: string;
  generators: Record<string, FieldGenerator>;
}

/** What a project from a template is made of, before any of it is written. */
export interface ProjectPlan {
  items: TreeItemSpec[];
  devices: PlannedDevice[];
}

/** The node a single-location project's sites sit under: the building, with its address. */
export const BUILDING_ITEM_NAME = 'building';

/**
 * A fresh device id per item, so two projects of one template never claim the same device: a ChirpStack DevEUI (16 hex
 * digits) or a The Things Stack device id. The simulator publishes under the demo's ChirpStack application and TTS
 * application, so the items name those.
 */
function deviceOf(device: TemplateDevice): { deviceId: string; application: string } {
  if (device.source === 'chirpstack') {
    return { deviceId: randomBytes(8).toString('hex'), application: DEMO_CHIRPSTACK_APPLICATION_ID };
  }
  return { deviceId: `${device.name.toLowerCase()}-${randomBytes(3).toString('hex')}`, application: DEMO_TTN_APPLICATION };
}

function preferencesOf(device: TemplateDevice): Record<string, FieldPreference> {
  return Object.fromEntries(
    device.fields.map((field, index) => [
      field.field,
      fieldPreferenceOf({
        field: field.field,
        displayName: field.displayName,
        unit: field.unit,
        decimalPlace: field.decimals,
        seq: index + 1,
        ranges: field.ranges,
        signal: field.signal,
        filter: field.filter,
      }),
    ]),
  );
}

/**
 * The tree of a project from `template`: with a single location its sites go under a node for the building (its name
 * and address), with several directly under the root; then each site's devices with their field settings and ranges.
 */
export function projectPlan(template: ProjectTemplate, input: NewProjectInput): ProjectPlan {
  const items: TreeItemSpec[] = [];
  const devices: PlannedDevice[] = [];
  const single = input.locationType === 'single';
  if (single) {
    items.push({
      itemType: 'node',
      itemName: BUILDING_ITEM_NAME,
      itemDisplayName: input.buildingName,
      itemDescription: input.address,
      geoInfo: { tags: [], site: { address: input.address ?? '' } },
    });
  }
  for (const site of template.sites) {
    items.push({
      itemType: 'node',
      itemName: site.name,
      itemDisplayName: site.displayName,
      itemDescription: site.description,
      parentName: single ? BUILDING_ITEM_NAME : undefined,
    });
    for (const device of site.items) {
      const { deviceId, application } = deviceOf(device);
      items.push({
        itemType: 'item',
        itemName: device.name,
        itemDisplayName: device.displayName,
        itemDescription: device.description,
        parentName: site.name,
        dataSource: {
          type: device.source,
          deviceEUI: deviceId,
          application,
          sensorType: device.profile,
          deviceName: device.displayName,
          connectionTimeoutSec: 600,
        },
        input: preferencesOf(device),
        geoInfo: { tags: [template.id] },
      });
      devices.push({
        source: device.source,
        deviceId,
        kind: device.profile,
        generators: Object.fromEntries(device.fields.map((field) => [field.field, { ...field.generator } as FieldGenerator])),
      });
    }
  }
  return { items, devices };
}

/** The project's main dashboard: the template's widgets bound to the uuids of the items made for them (none for a sketch). */
export function projectDashboard(
  name: string,
  template: ProjectTemplate | null,
  uuids: Readonly<Record<string, string>>,
): DashboardDefinition {
  return {
    name,
    isMain: true,
    themeId: null,
    widgets: (template?.dashboard.widgets ?? []).map((widget) => ({
      id: widget.id,
      type: widget.type,
      title: widget.title,
      position: { ...widget.position },
      bindings: widget.bindings.map((binding) => ({ itemUuid: uuids[binding.item] ?? '', field: binding.field })),
      options: { ...widget.options },
    })),
  };
}
