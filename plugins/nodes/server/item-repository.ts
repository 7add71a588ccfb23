import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { HttpError, type Database, type DataSourceDirectory, type DeviceCommand } from '@sensorium/core/server';
import {
  defaultNotificationSetting,
  defaultTaskSetting,
  NO_COMMAND,
  normalizeFieldPreference,
  type Command,
  type FieldPreference,
  type NotificationSetting,
  type TaskSetting,
} from '../common/field-preference';
import type { ItemPatchInput, NewItemInput, StructureNodeInput } from '../common/inputs';
import { computeNodeDataFields, hasNodeData } from '../common/node-data';
import { validateFieldPreference } from '../common/preference-validation';
import {
  ITEM_NAME_PATTERN,
  MAX_TREE_DEPTH,
  ROOT_ITEM_NAME,
  type GeoInfo,
  type GeoInfoResponse,
  type Item,
  type ItemDataSource,
  type TreeRow,
} from '../common/types';
import { toGeoSummary, toItem, toTreeRow, type TreeSourceRow } from './item-json';
import { fieldHistory, nodeEvents, nodeItems, type NodeItemRow } from './schema';

/** The device an item's data source names: dataSource.type and its lower-case deviceEUI (null when none). */
export function deviceKeyOf(dataSource: ItemDataSource | null | undefined): {
  sourceType: string | null;
  deviceId: string | null;
} {
  const type = typeof dataSource?.type === 'string' && dataSource.type.trim() !== '' ? dataSource.type.trim() : null;
  const eui = typeof dataSource?.deviceEUI === 'string' ? dataSource.deviceEUI.trim().toLowerCase() : '';
  return { sourceType: type, deviceId: type && eui ? eui : null };
}

/** The unique constraint a failed insert or update broke (drizzle wraps the driver's error), or null. */
export function violatedConstraint(error: unknown): string | null {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** Plain JSON of a validated input (class instances and undefined removed). */
function plain<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

type TreeNode = TreeSourceRow;

const TREE_COLUMNS = {
  uuid: nodeItems.uuid,
  itemName: nodeItems.itemName,
  displayName: nodeItems.displayName,
  itemType: nodeItems.itemType,
  parentUuid: nodeItems.parentUuid,
  position: nodeItems.position,
  enable: nodeItems.enable,
  connection: nodeItems.connection,
  status: nodeItems.status,
  dataSource: nodeItems.dataSource,
  geoInfo: nodeItems.geoInfo,
};

/** Siblings by position, then name. */
const bySiblingOrder = (a: { position: number; itemName: string }, b: { position: number; itemName: string }) =>
  a.position - b.position || a.itemName.localeCompare(b.itemName);

/** Hooks the ingest side offers the API: re-applying preferences to current values after a settings change. */
export interface ItemChangeHooks {
  /** Re-evaluates ranges, override and events of these fields with the current values (and pushes the result). */
  reevaluate?(appId: string, uuid: string, fields: string[]): Promise<void>;
  /** Open events of the application went away (their items were deleted): the alarm bell must update. */
  eventsChanged?(appId: string): Promise<void> | void;
}

/**
 * The nodes and items of every application: the tree, item-name rules, device binding, structure, field preferences and
 * flags. The API, the demo seeder and tests all go through it.
 */
export class ItemRepository {
  hooks: ItemChangeHooks = {};

  constructor(
    private readonly db: Database,
    /** The running data-source adapters (absent while the host provides none). */
    private readonly directory: () => DataSourceDirectory | undefined,
  ) {}

  /** Every application has one root node, created on first use. */
  async ensureRoot(appId: string): Promise<void> {
    await this.db
      .insert(nodeItems)
      .values({ appId, itemName: ROOT_ITEM_NAME, itemType: 'node', position: 1 })
      .onConflictDoNothing();
  }

  private async treeRows(appId: string, db: Database = this.db): Promise<TreeNode[]> {
    return db.select(TREE_COLUMNS).from(nodeItems).where(eq(nodeItems.appId, appId));
  }

  /** Rows in tree order with their depth (root 1); unreachable rows (none in practice) are left out. */
  private static order<T extends TreeNode>(rows: readonly T[]): { row: T; depth: number; parent: T | null }[] {
    const children = new Map<string | null, T[]>();
    for (const row of rows) {
      const list = children.get(row.parentUuid) ?? [];
      list.push(row);
      children.set(row.parentUuid, list);
    }
    for (const list of children.values()) list.sort(bySiblingOrder);
    const top = (children.get(null) ?? []).sort((a, b) =>
      a.itemName === ROOT_ITEM_NAME ? -1 : b.itemName === ROOT_ITEM_NAME ? 1 : 0,
    );
    const result: { row: T; depth: number; parent: T | null }[] = [];
    const stack = top.map((row) => ({ row, depth: 1, parent: null as T | null })).reverse();
    const seen = new Set<string>();
    while (stack.length > 0) {
      const entry = stack.pop()!;
      if (seen.has(entry.row.uuid)) continue;
      seen.add(entry.row.uuid);
      result.push(entry);
      const kids = children.get(entry.row.uuid) ?? [];
      for (let index = kids.length - 1; index >= 0; index--) {
        stack.push({ row: kids[index]!, depth: entry.depth + 1, parent: entry.row });
      }
    }
    return result;
  }

  /** GET /tree: the whole tree in order, the root first (created with the first read). */
  async tree(appId: string): Promise<TreeRow[]> {
    await this.ensureRoot(appId);
    const ordered = ItemRepository.order(await this.treeRows(appId));
    return ordered.map(({ row, depth, parent }) => {
      const pinned = parent?.geoInfo?.floorPlan?.pins?.some((pin) => pin.itemName === row.itemName) ?? false;
      return toTreeRow(row, parent?.itemName ?? null, depth, pinned);
    });
  }

  /** The row of an item of this application; 404 otherwise. */
  async row(appId: string, uuid: string, db: Database = this.db): Promise<NodeItemRow & { parentName: string | null }> {
    const parent = alias(nodeItems, 'parent');
    const [found] = await db
      .select({ item: nodeItems, parentName: parent.itemName })
      .from(nodeItems)
      .leftJoin(parent, eq(parent.uuid, nodeItems.parentUuid))
      .where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
    if (!found) throw HttpError.notFound();
    return { ...found.item, parentName: found.parentName };
  }

  async get(appId: string, uuid: string): Promise<Item> {
    const { parentName, ...row } = await this.row(appId, uuid);
    return toItem(row, parentName);
  }

  async findByName(appId: string, itemName: string): Promise<NodeItemRow | null> {
    const [row] = await this.db
      .select()
      .from(nodeItems)
      .where(and(eq(nodeItems.appId, appId), eq(nodeItems.itemName, itemName)));
    return row ?? null;
  }

  async isNameAvailable(appId: string, itemName: string): Promise<boolean> {
    const name = itemName.trim();
    if (!name || !ITEM_NAME_PATTERN.test(name)) return false;
    return (await this.findByName(appId, name)) === null;
  }

  private async assertDeviceFree(sourceType: string | null, deviceId: string | null, exceptUuid?: string): Promise<void> {
    if (!sourceType || !deviceId) return;
    const [taken] = await this.db
      .select({ uuid: nodeItems.uuid })
      .from(nodeItems)
      .where(
        and(
          eq(nodeItems.sourceType, sourceType),
          eq(nodeItems.deviceId, deviceId),
          exceptUuid ? ne(nodeItems.uuid, exceptUuid) : undefined,
        ),
      );
    if (taken) throw new HttpError(409, 'nodes.errors.deviceTaken', { deviceId, source: sourceType }, 'dataSource.deviceEUI');
  }

  /** Translates unique violations of node_items into the API's 409s. */
  private conflict(error: unknown, device: { sourceType: string | null; deviceId: string | null }, nameField: string): never {
    const constraint = violatedConstraint(error);
    if (constraint === 'node_items_app_item_name') throw HttpError.conflict('nodes.validation.itemNameTaken', nameField);
    if (constraint === 'node_items_device') {
      throw new HttpError(
        409,
        'nodes.errors.deviceTaken',
        { deviceId: device.deviceId ?? '', source: device.sourceType ?? '' },
        'dataSource.deviceEUI',
      );
    }
    throw error;
  }

  private static depthOf(uuid: string, parents: ReadonlyMap<string, string | null>): number {
    let depth = 0;
    const seen = new Set<string>();
    for (let current: string | null | undefined = uuid; current; current = parents.get(current)) {
      if (seen.has(current)) return Number.POSITIVE_INFINITY;
      seen.add(current);
      depth++;
    }
    return depth;
  }

  /** Checks and normalises wizard field preferences (input map); 400 naming the offending path. */
  private static normalisedInput(input: Record<string, unknown> | undefined, path: string): Record<string, FieldPreference> {
    const result: Record<string, FieldPreference> = {};
    for (const [field, preference] of Object.entries(input ?? {})) {
      const [problem] = validateFieldPreference(preference);
      if (problem) {
        throw HttpError.badRequest(problem.code, [path, field, problem.field].filter(Boolean).join('.'), problem.params);
      }
      result[field] = normalizeFieldPreference(field, plain(preference) as Partial<FieldPreference>);
    }
    return result;
  }

  /** POST /items: adds a node or item under `parentName` (spec 3.7), with the item-name rules of spec 5. */
  async add(appId: string, newItem: NewItemInput, parentName: string): Promise<Item> {
    await this.ensureRoot(appId);
    const itemName = newItem.itemName.trim();
    if (!itemName) throw HttpError.badRequest('nodes.validation.itemNameRequired', 'newItem.itemName');
    if (!ITEM_NAME_PATTERN.test(itemName)) throw HttpError.badRequest('nodes.validation.itemNamePattern', 'newItem.itemName');
    const parent = await this.findByName(appId, parentName.trim());
    if (!parent) throw HttpError.badRequest('nodes.errors.parentNotFound', 'parentName', { parentName });
    const rows = await this.treeRows(appId);
    const parents = new Map(rows.map((row) => [row.uuid, row.parentUuid]));
    if (ItemRepository.depthOf(parent.uuid, parents) + 1 > MAX_TREE_DEPTH) {
      throw HttpError.badRequest('nodes.errors.tooDeep', 'parentName', { max: MAX_TREE_DEPTH });
    }
    if (rows.some((row) => row.itemName === itemName))
      throw HttpError.conflict('nodes.validation.itemNameTaken', 'newItem.itemName');

    const dataSource = (plain(newItem.dataSource) ?? {}) as ItemDataSource;
    const device = deviceKeyOf(dataSource);
    await this.assertDeviceFree(device.sourceType, device.deviceId);
    const input = ItemRepository.normalisedInput(newItem.input, 'newItem.input');
    const geo = (plain(newItem.geoInfo) ?? {}) as Partial<GeoInfo>;
    const geoInfo: GeoInfo = { ...geo, tags: Array.isArray(geo.tags) ? geo.tags.filter((tag) => typeof tag === 'string') : [] };
    const siblings = rows.filter((row) => row.parentUuid === parent.uuid);
    const position = siblings.reduce((max, row) => Math.max(max, row.position), 0) + 1;

    let inserted: NodeItemRow;
    try {
      [inserted] = (await this.db
        .insert(nodeItems)
        .values({
          appId,
          itemName,
          displayName: newItem.itemDisplayName?.trim() ?? '',
          description: newItem.itemDescription?.trim() ?? '',
          itemType: newItem.itemType,
          parentUuid: parent.uuid,
          position,
          input,
          outputSimple: plain(newItem.outputSimple) ?? {},
          dataSource,
          geoInfo,
          ...device,
        })
        .returning()) as [NodeItemRow];
    } catch (error) {
      this.conflict(error, device, 'newItem.itemName');
    }
    await this.recomputeNodeData(appId, parent.uuid);
    return toItem(inserted, parent.itemName);
  }

  /**
   * DELETE /items/{uuid}: removes the item with its descendants, their history and events. The root cannot be deleted.
   * With deleteExternal, the device is first removed at its device server (the console offers it for ChirpStack items; the
   * server accepts every source whose adapter can delete, e.g. The Things Stack). Nothing is deleted when that fails.
   */
  async remove(appId: string, uuid: string, deleteExternal: boolean): Promise<void> {
    const item = await this.row(appId, uuid);
    if (item.itemName === ROOT_ITEM_NAME && item.parentUuid === null) throw HttpError.badRequest('nodes.errors.rootDelete');
    const deviceEUI = item.dataSource?.deviceEUI;
    if (deleteExternal && typeof deviceEUI === 'string' && deviceEUI) {
      const type = String(item.dataSource?.type ?? '');
      const adapter = this.directory()?.adapter(type);
      if (!adapter?.deleteDevice) throw HttpError.badRequest('nodes.errors.noAdapter', undefined, { source: type || '-' });
      try {
        await adapter.deleteDevice(deviceEUI.toLowerCase(), item.dataSource);
      } catch (error) {
        throw new HttpError(502, 'nodes.errors.deleteExternalFailed', { message: (error as Error).message });
      }
    }
    const rows = await this.treeRows(appId);
    const removed = new Set([uuid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const row of rows) {
        if (row.parentUuid && removed.has(row.parentUuid) && !removed.has(row.uuid)) {
          removed.add(row.uuid);
          grew = true;
        }
      }
    }
    const ids = [...removed];
    const openEvents = await this.db.transaction(async (tx) => {
      await tx.delete(fieldHistory).where(inArray(fieldHistory.itemUuid, ids));
      const events = await tx
        .delete(nodeEvents)
        .where(inArray(nodeEvents.itemUuid, ids))
        .returning({ isCleared: nodeEvents.isCleared });
      await tx.delete(nodeItems).where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
      return events.filter((event) => !event.isCleared).length;
    });
    if (item.parentUuid) await this.recomputeNodeData(appId, item.parentUuid);
    if (openEvents > 0) await this.hooks.eventsChanged?.(appId);
  }

  /**
   * PUT /structure: re-parents and re-orders items as the nestable tree sends them. Every name must exist in the
   * application and appear once; the root stays on top (a list without it is taken as the root's children); items not
   * listed keep their place; the result must be at most MAX_TREE_DEPTH deep. Positions follow the list order (from 1).
   */
  async saveStructure(appId: string, structure: readonly StructureNodeInput[]): Promise<TreeRow[]> {
    await this.ensureRoot(appId);
    const rows = await this.treeRows(appId);
    const byName = new Map(rows.map((row) => [row.itemName, row]));
    const root = rows.find((row) => row.itemName === ROOT_ITEM_NAME && row.parentUuid === null)!;
    const topHasRoot = structure.some((entry) => entry.itemName === ROOT_ITEM_NAME);
    if (topHasRoot && structure.length > 1) throw HttpError.badRequest('nodes.errors.rootMove', 'structure');
    const top = topHasRoot ? (structure[0]!.children ?? []) : structure;

    const placed = new Map<string, { parentUuid: string; position: number }>();
    const walk = (entries: readonly StructureNodeInput[], parentUuid: string) => {
      entries.forEach((entry, index) => {
        if (entry.itemName === ROOT_ITEM_NAME) throw HttpError.badRequest('nodes.errors.rootMove', 'structure');
        const row = byName.get(entry.itemName);
        if (!row) throw HttpError.badRequest('nodes.errors.itemNotFound', 'structure', { itemName: entry.itemName });
        if (placed.has(row.uuid)) {
          throw HttpError.badRequest('nodes.errors.duplicateInStructure', 'structure', { itemName: entry.itemName });
        }
        placed.set(row.uuid, { parentUuid, position: index + 1 });
        walk(entry.children ?? [], row.uuid);
      });
    };
    walk(top, root.uuid);

    const parents = new Map(rows.map((row) => [row.uuid, placed.get(row.uuid)?.parentUuid ?? row.parentUuid]));
    for (const row of rows) {
      const depth = ItemRepository.depthOf(row.uuid, parents);
      if (depth === Number.POSITIVE_INFINITY)
        throw HttpError.badRequest('nodes.errors.cycle', 'structure', { itemName: row.itemName });
      if (depth > MAX_TREE_DEPTH) throw HttpError.badRequest('nodes.errors.tooDeep', 'structure', { max: MAX_TREE_DEPTH });
    }

    const changes = [...placed.entries()];
    if (changes.length > 0) {
      const values = sql.join(
        changes.map(([uuid, place]) => sql`(${uuid}::uuid, ${place.parentUuid}::uuid, ${place.position}::int)`),
        sql`, `,
      );
      await this.db.execute(sql`
        UPDATE node_items SET parent_uuid = v.parent, position = v.pos, updated_at = now()
        FROM (VALUES ${values}) AS v(id, parent, pos)
        WHERE node_items.uuid = v.id AND node_items.app_id = ${appId}
      `);
    }
    const oldParents = new Set(rows.map((row) => row.parentUuid).filter((id): id is string => id !== null));
    for (const [, place] of changes) oldParents.add(place.parentUuid);
    for (const parentUuid of oldParents) await this.recomputeNodeData(appId, parentUuid);
    return this.tree(appId);
  }

  /** Stores one field's preference (merged with the defaults) atomically, leaving the other fields alone. */
  private async writePreference(appId: string, uuid: string, field: string, preference: FieldPreference): Promise<void> {
    await this.db
      .update(nodeItems)
      .set({ input: sql`${nodeItems.input} || ${JSON.stringify({ [field]: preference })}::jsonb`, updatedAt: new Date() })
      .where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
  }

  /** PUT /items/{uuid}/field-preference: validates (400 with the path under `preference`), stores, applies node data. */
  async saveFieldPreference(appId: string, uuid: string, field: string, preference: Record<string, unknown>): Promise<Item> {
    const item = await this.row(appId, uuid);
    const [problem] = validateFieldPreference(preference);
    if (problem) {
      throw HttpError.badRequest(problem.code, problem.field ? `preference.${problem.field}` : 'preference', problem.params);
    }
    const normalised = normalizeFieldPreference(field, plain(preference) as Partial<FieldPreference>);
    await this.writePreference(appId, uuid, field, normalised);
    if (normalised.nodeData) await this.recomputeNodeData(appId, item.uuid);
    await this.hooks.reevaluate?.(appId, uuid, [field]);
    return this.get(appId, uuid);
  }

  private static existingPreference(item: NodeItemRow, field: string): FieldPreference {
    const stored = item.input?.[field];
    if (!stored) throw HttpError.badRequest('nodes.errors.fieldNotFound', 'targetField', { field });
    return normalizeFieldPreference(field, stored);
  }

  private static rangeOf(preference: FieldPreference, field: string, rangeIndex: number) {
    const range = preference.rangeSettings.ranges[rangeIndex];
    if (!range) throw HttpError.badRequest('nodes.errors.rangeNotFound', 'rangeIndex', { field, index: rangeIndex });
    return range;
  }

  /** PUT /items/{uuid}/notification: the notification setting of one range (spec 3.3). */
  async saveNotification(
    appId: string,
    uuid: string,
    field: string,
    rangeIndex: number,
    setting: Record<string, unknown>,
  ): Promise<Item> {
    const item = await this.row(appId, uuid);
    const preference = ItemRepository.existingPreference(item, field);
    const range = ItemRepository.rangeOf(preference, field, rangeIndex);
    range.notificationSetting = checkedNotification(setting);
    await this.writePreference(appId, uuid, field, preference);
    return this.get(appId, uuid);
  }

  /** PUT /items/{uuid}/task: the tasks of one range's event (created, acked, cleared). Devices must be items of the app. */
  async saveTask(appId: string, uuid: string, field: string, rangeIndex: number, task: Record<string, unknown>): Promise<Item> {
    const item = await this.row(appId, uuid);
    const preference = ItemRepository.existingPreference(item, field);
    const range = ItemRepository.rangeOf(preference, field, rangeIndex);
    const checked = checkedTask(task);
    for (const key of ['taskCreated', 'taskAcked', 'taskCleared'] as const) {
      const device = checked[key].device;
      if (device && !(await this.findByName(appId, device))) {
        throw HttpError.badRequest('nodes.errors.itemNotFound', `task.${key}.device`, { itemName: device });
      }
    }
    range.eventSetting = { ...range.eventSetting, task: checked };
    await this.writePreference(appId, uuid, field, preference);
    return this.get(appId, uuid);
  }

  /** PUT /items/{uuid}/override: turns a field's override on or off (the value shown and evaluated). */
  async saveOverride(
    appId: string,
    uuid: string,
    field: string,
    enabled: boolean,
    value: number | string | boolean | null | undefined,
  ): Promise<Item> {
    const item = await this.row(appId, uuid);
    const stored = item.input?.[field];
    if (!stored && !(field in (item.outputSimple ?? {}))) {
      throw HttpError.badRequest('nodes.errors.fieldNotFound', 'targetField', { field });
    }
    const preference = normalizeFieldPreference(field, stored);
    if (value !== undefined && value !== null && typeof value === 'object')
      throw HttpError.badRequest('validation.invalid', 'overrideValue');
    preference.overrideValueEnabled = enabled;
    if (value !== undefined) preference.overrideValue = value;
    await this.writePreference(appId, uuid, field, preference);
    await this.hooks.reevaluate?.(appId, uuid, [field]);
    return this.get(appId, uuid);
  }

  /** PATCH /items/{uuid}: the Basic and Settings tab flags. */
  async patch(appId: string, uuid: string, patch: ItemPatchInput): Promise<Item> {
    const item = await this.row(appId, uuid);
    const dataSource: ItemDataSource = { ...(item.dataSource ?? {}) };
    const geoInfo: GeoInfo = { ...(item.geoInfo ?? { tags: [] }), tags: [...(item.geoInfo?.tags ?? [])] };
    if (patch.enableHistory !== undefined) dataSource.enableHistory = patch.enableHistory;
    if (patch.connectionTimeoutSec !== undefined) dataSource.connectionTimeoutSec = patch.connectionTimeoutSec;
    if (patch.deviceEUI !== undefined) {
      const next = patch.deviceEUI.trim();
      const current = typeof dataSource.deviceEUI === 'string' ? dataSource.deviceEUI : '';
      if (next !== current) {
        const type = typeof dataSource.type === 'string' ? dataSource.type : '';
        if (type === 'chirpstack' || type === 'trackcentral') {
          throw HttpError.badRequest('nodes.errors.deviceEuiNotEditable', 'deviceEUI', { source: type });
        }
        dataSource.deviceEUI = next;
      }
    }
    if (patch.tags !== undefined) {
      geoInfo.tags = [...new Set(patch.tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))];
    }
    if (patch.siteAddress !== undefined) geoInfo.site = { ...(geoInfo.site ?? {}), address: patch.siteAddress.trim() };
    if (patch.geoCoordinates && (patch.siteAddress === undefined || patch.confirmCoordinates)) {
      const lat = round6(patch.geoCoordinates.lat);
      const lng = round6(patch.geoCoordinates.lng);
      geoInfo.point = { lat, lng };
      geoInfo.site = { ...(geoInfo.site ?? {}), geoCoordinates: [lng, lat] };
    }
    const device = deviceKeyOf(dataSource);
    await this.assertDeviceFree(device.sourceType, device.deviceId, uuid);
    try {
      await this.db
        .update(nodeItems)
        .set({
          ...(patch.enable !== undefined ? { enable: patch.enable } : {}),
          ...(patch.itemDisplayName !== undefined ? { displayName: patch.itemDisplayName.trim() } : {}),
          dataSource,
          geoInfo,
          ...device,
          updatedAt: new Date(),
        })
        .where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
    } catch (error) {
      this.conflict(error, device, 'itemName');
    }
    if (patch.enable !== undefined && item.parentUuid) await this.recomputeNodeData(appId, item.parentUuid);
    return this.get(appId, uuid);
  }

  /** GET /items/{uuid}/commands: 'No command selected' first, then the data source's commands. */
  async commands(appId: string, uuid: string): Promise<Command[]> {
    const item = await this.row(appId, uuid);
    const commands = Array.isArray(item.dataSource?.commands) ? item.dataSource.commands : [];
    return [{ ...NO_COMMAND }, ...commands.filter((command) => command && command.id !== '')];
  }

  private adapterFor(item: NodeItemRow) {
    const type = typeof item.dataSource?.type === 'string' ? item.dataSource.type : '';
    const adapter = type ? this.directory()?.adapter(type) : undefined;
    if (!adapter?.sendCommand) throw HttpError.badRequest('nodes.errors.noAdapter', undefined, { source: type || '-' });
    const deviceId = typeof item.dataSource?.deviceEUI === 'string' ? item.dataSource.deviceEUI.trim() : '';
    if (!deviceId) throw HttpError.badRequest('nodes.errors.noDevice');
    const send = adapter.sendCommand.bind(adapter);
    return { deviceId: type === 'chirpstack' ? deviceId.toLowerCase() : deviceId, send };
  }

  private static async deliver(send: (command: DeviceCommand) => Promise<void>, command: DeviceCommand): Promise<void> {
    try {
      await send(command);
    } catch (error) {
      throw new HttpError(502, 'nodes.errors.sendFailed', { message: (error as Error).message });
    }
  }

  /** POST /items/{uuid}/command: sends one of the item's commands through its source's adapter. */
  async sendCommand(appId: string, uuid: string, commandId: string): Promise<void> {
    const item = await this.row(appId, uuid);
    const command = (item.dataSource?.commands ?? []).find((entry) => entry?.id === commandId);
    if (!command || !commandId) throw HttpError.badRequest('nodes.errors.commandNotFound', 'commandId', { commandId });
    const { deviceId, send } = this.adapterFor(item);
    await ItemRepository.deliver(send, { deviceId, ...commandPayload(command.payload), dataSource: item.dataSource });
  }

  /** POST /items/{uuid}/output: a toggle switch or input value for an output field, sent as a decoded object. */
  async postOutput(appId: string, uuid: string, field: string, value: unknown): Promise<void> {
    const item = await this.row(appId, uuid);
    const { deviceId, send } = this.adapterFor(item);
    await ItemRepository.deliver(send, { deviceId, object: { [field]: value }, dataSource: item.dataSource });
  }

  /** GET /geo-info/{uuid}: the node and every node and sensor below it (tree order), for its maps. */
  async geoInfo(appId: string, uuid: string): Promise<GeoInfoResponse> {
    const item = await this.row(appId, uuid);
    const rows = await this.db.select().from(nodeItems).where(eq(nodeItems.appId, appId));
    const ordered = ItemRepository.order(rows);
    const below = new Set([uuid]);
    const children = [];
    for (const { row, parent } of ordered) {
      if (row.parentUuid && below.has(row.parentUuid)) {
        below.add(row.uuid);
        children.push(toGeoSummary(row, parent?.itemName ?? null));
      }
    }
    const { parentName, ...self } = item;
    return { data: { parent: toGeoSummary(self, parentName), children } };
  }

  /** POST /items/{uuid}/refresh: recomputes the item's node data and returns it as stored. */
  async refresh(appId: string, uuid: string): Promise<Item> {
    await this.row(appId, uuid);
    await this.recomputeNodeData(appId, uuid);
    return this.get(appId, uuid);
  }

  /** A node's node-data fields from its children (spec 2.5); nothing when it has none. */
  async recomputeNodeData(appId: string, uuid: string): Promise<void> {
    const [node] = await this.db
      .select({ input: nodeItems.input })
      .from(nodeItems)
      .where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
    if (!node || !hasNodeData(node.input ?? {})) return;
    const children = await this.db
      .select({ outputSimple: nodeItems.outputSimple, enable: nodeItems.enable })
      .from(nodeItems)
      .where(eq(nodeItems.parentUuid, uuid))
      .orderBy(asc(nodeItems.position));
    const values = computeNodeDataFields(node.input, children);
    await this.db
      .update(nodeItems)
      .set({ outputSimple: sql`${nodeItems.outputSimple} || ${JSON.stringify(values)}::jsonb`, updatedAt: new Date() })
      .where(eq(nodeItems.uuid, uuid));
  }
}

/** A command's payload as a DeviceCommand: base64 text, or {fPort|port, confirmed, data, object}. */
export function commandPayload(payload: unknown): Pick<DeviceCommand, 'port' | 'confirmed' | 'data' | 'object'> {
  if (typeof payload === 'string') return { data: payload };
  if (!payload || typeof payload !== 'object') return {};
  const value = payload as Record<string, unknown>;
  const port = value.fPort ?? value.port ?? value.f_port;
  const result: Pick<DeviceCommand, 'port' | 'confirmed' | 'data' | 'object'> = {};
  if (typeof port === 'number') result.port = port;
  if (typeof value.confirmed === 'boolean') result.confirmed = value.confirmed;
  if (typeof value.data === 'string') result.data = value.data;
  if (value.object && typeof value.object === 'object') result.object = value.object as Record<string, unknown>;
  if (result.data === undefined && result.object === undefined) {
    const { fPort: _fPort, port: _port, f_port: _f, confirmed: _confirmed, ...rest } = value;
    if (Object.keys(rest).length > 0) result.object = rest;
  }
  return result;
}

function checkedNotification(setting: Record<string, unknown>): NotificationSetting {
  const result = defaultNotificationSetting();
  for (const key of ['smsEnabled', 'whatsappEnabled', 'emailEnabled', 'voiceEnabled'] as const) {
    const value = setting[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw HttpError.badRequest('validation.isBoolean', `notificationSetting.${key}`);
    result[key] = value;
  }
  for (const key of ['smsTemplate', 'emailTemplate', 'voiceTemplate'] as const) {
    const value = setting[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw HttpError.badRequest('validation.isString', `notificationSetting.${key}`);
    result[key] = value;
  }
  const departments = setting.departments;
  if (departments !== undefined && departments !== null) {
    if (!Array.isArray(departments) || departments.some((entry) => typeof entry !== 'string')) {
      throw HttpError.badRequest('validation.isArray', 'notificationSetting.departments');
    }
    result.departments = [...new Set(departments as string[])];
  }
  return result;
}

function checkedTask(task: Record<string, unknown>): TaskSetting {
  const result = defaultTaskSetting();
  for (const key of ['taskCreated', 'taskAcked', 'taskCleared'] as const) {
    const value = task[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'object' || Array.isArray(value)) throw HttpError.badRequest('validation.isObject', `task.${key}`);
    const action = value as Record<string, unknown>;
    if (action.enable !== undefined && typeof action.enable !== 'boolean') {
      throw HttpError.badRequest('validation.isBoolean', `task.${key}.enable`);
    }
    for (const text of ['device', 'commandId'] as const) {
      if (action[text] !== undefined && action[text] !== null && typeof action[text] !== 'string') {
        throw HttpError.badRequest('validation.isString', `task.${key}.${text}`);
      }
    }
    result[key] = {
      enable: action.enable === true,
      device: typeof action.device === 'string' ? action.device.trim() : '',
      commandId: typeof action.commandId === 'string' ? action.commandId : '',
    };
  }
  return result;
}
