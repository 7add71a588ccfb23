import { and, eq, sql } from 'drizzle-orm';
import { HttpError, type Database } from '@sensorium/core/server';
import {
  normalizeFieldPreference,
  type FieldPreference,
  type NotificationSetting,
  type RangeEntry,
  type TaskSetting,
} from '../../common/field-preference';
import type { PreferenceChangeHook } from '../../common/item-hooks';
import type { RangeActionValidator } from '../../common/range-action-validators';
import { validateFieldPreference } from '../../common/preference-validation';
import type { Item } from '../../common/types';
import { nodeItems, type NodeItemRow } from '../schema';
import { plain, type ItemRows } from './item-rows';
import type { NodeData } from './node-data';
import { assertPreferenceUnchanged } from './edit-conflict';
import { checkedRangeSetting, checkedRanges } from './range-settings';

const TASK_KEYS = ['taskCreated', 'taskAcked', 'taskCleared'] as const;

/** A field's stored preference, normalised; 400 when the item has no such field. */
export function existingPreference(item: NodeItemRow, field: string): FieldPreference {
  const stored = item.input?.[field];
  if (!stored) throw HttpError.badRequest('nodes.errors.fieldNotFound', 'targetField', { field });
  return normalizeFieldPreference(field, stored);
}

/** One range of a field's preference; 400 when there is no such range. */
export function rangeOf(preference: FieldPreference, field: string, rangeIndex: number): RangeEntry {
  const range = preference.rangeSettings.ranges[rangeIndex];
  // Named by its number as the range editor shows it (Range 1 is index 0).
  if (!range) throw HttpError.badRequest('nodes.errors.rangeNotFound', 'rangeIndex', { field, index: rangeIndex + 1 });
  return range;
}

/** Every device a range's task names, of every range of the preference. */
function taskDevices(preference: FieldPreference | undefined): Set<string> {
  const devices = new Set<string>();
  for (const range of preference?.rangeSettings.ranges ?? []) {
    const task = range.eventSetting.task;
    for (const key of TASK_KEYS) if (task?.[key]?.device) devices.add(task[key].device);
  }
  return devices;
}

/**
 * 400 naming the path when a task names a device that is no item of the application. Devices in `known` (those the
 * stored preference names already) pass: an item deleted since does not make the rest of the preference unsaveable.
 */
export async function assertTaskDevices(
  rows: ItemRows,
  appId: string,
  task: TaskSetting | undefined,
  path: string,
  known: ReadonlySet<string> = new Set(),
): Promise<void> {
  for (const key of TASK_KEYS) {
    const device = task?.[key]?.device;
    if (device && !known.has(device) && !(await rows.findByName(appId, device))) {
      throw HttpError.badRequest('nodes.errors.itemNotFound', `${path}.${key}.device`, { itemName: device });
    }
  }
}

/** Stores one field's preference (merged with the defaults) atomically, leaving the other fields alone. */
export async function writePreference(
  db: Database,
  appId: string,
  uuid: string,
  field: string,
  preference: FieldPreference,
): Promise<void> {
  await db
    .update(nodeItems)
    .set({ input: sql`${nodeItems.input} || ${JSON.stringify({ [field]: preference })}::jsonb`, updatedAt: new Date() })
    .where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
}

/**
 * Field preferences and their colour ranges: settings, a range's notification setting and the override. After a change
 * that alters what the current values show, the preference-change hooks re-apply it (the device pipeline).
 */
export class PreferenceEditor {
  constructor(
    private readonly db: Database,
    private readonly rows: ItemRows,
    private readonly nodeData: NodeData,
    /** Read on every call: the hooks' plugins register after this one. */
    private readonly changeHooks: () => readonly PreferenceChangeHook[],
    /** The range actions' settings checks, read on every call for the same reason. */
    private readonly validators: () => readonly RangeActionValidator[],
  ) {}

  private async changed(appId: string, uuid: string, fields: string[]): Promise<void> {
    for (const hook of this.changeHooks()) await hook.preferencesChanged(appId, uuid, fields);
  }

  /**
   * PUT /items/{uuid}/field-preference: validates (400 with the path under `preference`), refuses it when the stored
   * preference changed since the `basedOn` one (409), stores it with the notifications and tasks of its ranges (those
   * of ranges added in the dialog come this way), applies node data.
   */
  async saveFieldPreference(
    appId: string,
    uuid: string,
    field: string,
    preference: Record<string, unknown>,
    basedOn?: Record<string, unknown>,
  ): Promise<Item> {
    const item = await this.rows.row(appId, uuid);
    const [problem] = validateFieldPreference(preference);
    if (problem) {
      throw HttpError.badRequest(problem.code, problem.field ? `preference.${problem.field}` : 'preference', problem.params);
    }
    const stored = item.input?.[field];
    assertPreferenceUnchanged(field, stored, basedOn);
    const normalised = normalizeFieldPreference(field, plain(preference) as Partial<FieldPreference>);
    const path = 'preference.rangeSettings.ranges';
    normalised.rangeSettings.ranges = checkedRanges(this.validators(), normalised.rangeSettings.ranges, path);
    const known = taskDevices(stored && normalizeFieldPreference(field, stored));
    for (const [index, range] of normalised.rangeSettings.ranges.entries()) {
      const taskPath = `${path}.${index}.eventSetting.task`;
      await assertTaskDevices(this.rows, appId, range.eventSetting.task, taskPath, known);
    }
    await writePreference(this.db, appId, uuid, field, normalised);
    if (normalised.nodeData) await this.nodeData.recompute(appId, item.uuid);
    await this.changed(appId, uuid, [field]);
    return this.rows.get(appId, uuid);
  }

  /** PUT /items/{uuid}/notification: the notification setting of one range (spec 3.3), checked by its plugin. */
  async saveNotification(
    appId: string,
    uuid: string,
    field: string,
    rangeIndex: number,
    setting: Record<string, unknown>,
  ): Promise<Item> {
    const item = await this.rows.row(appId, uuid);
    const preference = existingPreference(item, field);
    const range = rangeOf(preference, field, rangeIndex);
    const key = 'notificationSetting';
    range.notificationSetting = checkedRangeSetting(this.validators(), key, setting, key) as NotificationSetting;
    await writePreference(this.db, appId, uuid, field, preference);
    return this.rows.get(appId, uuid);
  }

  /** PUT /items/{uuid}/override: turns a field's override on or off (the value shown and evaluated). */
  async saveOverride(
    appId: string,
    uuid: string,
    field: string,
    enabled: boolean,
    value: number | string | boolean | null | undefined,
  ): Promise<Item> {
    const item = await this.rows.row(appId, uuid);
    const stored = item.input?.[field];
    if (!stored && !(field in (item.outputSimple ?? {}))) {
      throw HttpError.badRequest('nodes.errors.fieldNotFound', 'targetField', { field });
    }
    const preference = normalizeFieldPreference(field, stored);
    if (value !== undefined && value !== null && typeof value === 'object')
      throw HttpError.badRequest('validation.invalid', 'overrideValue');
    preference.overrideValueEnabled = enabled;
    if (value !== undefined) preference.overrideValue = value;
    await writePreference(this.db, appId, uuid, field, preference);
    await this.changed(appId, uuid, [field]);
    return this.rows.get(appId, uuid);
  }
}
