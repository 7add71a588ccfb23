import { and, eq } from 'drizzle-orm';
import { HttpError, type Database, type DataSourceDirectory, type DeviceServerCaller } from '@sensorium/core/server';
import { normalizeFieldPreference, type FieldPreference } from '../../common/field-preference';
import type { ItemDeletionHook } from '../../common/item-hooks';
import type { ItemPatchInput, NewItemInput } from '../../common/inputs';
import { validateFieldPreference } from '../../common/preference-validation';
import {
  ITEM_NAME_PATTERN,
  MAX_TREE_DEPTH,
  ROOT_ITEM_NAME,
  type GeoInfo,
  type Item,
  type ItemDataSource,
} from '../../common/types';
import { toItem } from '../item-json';
import { nodeItems, type NodeItemRow } from '../schema';
import { DeviceBinding, deviceKeyOf } from './device-binding';
import { assertSettingsUnchanged } from './edit-conflict';
import { plain, type ItemRows } from './item-rows';
import type { NodeData } from './node-data';
import { depthOf, withDescendants, type ItemTree } from './tree';

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Checks and normalises wizard field preferences (input map); 400 naming the offending path. */
function normalisedInput(input: Record<string, unknown> | undefined, path: string): Record<string, FieldPreference> {
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

export interface ItemCrudDeps {
  rows: ItemRows;
  tree: ItemTree;
  nodeData: NodeData;
  /** The running data-source adapters (absent while the host provides none). */
  directory: () => DataSourceDirectory | undefined;
  /** Other plugins' data per item, deleted with it (read on every call: they register after this plugin). */
  deletionHooks: () => readonly ItemDeletionHook[];
}

/** Adding, changing and deleting nodes and items, with the item-name rules and the device binding. */
export class ItemCrud {
  private readonly binding: DeviceBinding;

  constructor(
    private readonly db: Database,
    private readonly deps: ItemCrudDeps,
  ) {
    this.binding = new DeviceBinding(db);
  }

  /** The data source's adapter may refuse it as it is saved (a crawler target on the console's own network: 400). */
  private async checkDataSource(appId: string, dataSource: ItemDataSource, field: string): Promise<void> {
    const adapter = dataSource.type ? this.deps.directory()?.adapter(dataSource.type) : undefined;
    await adapter?.validateDataSource?.(dataSource as Record<string, unknown>, { appId, field });
  }

  /** POST /items: adds a node or item under `parentName` (spec 3.7), with the item-name rules of spec 5. */
  async add(appId: string, newItem: NewItemInput, parentName: string): Promise<Item> {
    const { rows: items, tree, nodeData } = this.deps;
    await tree.ensureRoot(appId);
    const itemName = newItem.itemName.trim();
    if (!itemName) throw HttpError.badRequest('nodes.validation.itemNameRequired', 'newItem.itemName');
    if (!ITEM_NAME_PATTERN.test(itemName)) throw HttpError.badRequest('nodes.validation.itemNamePattern', 'newItem.itemName');
    const parent = await items.findByName(appId, parentName.trim());
    if (!parent) throw HttpError.badRequest('nodes.errors.parentNotFound', 'parentName', { parentName });
    // Items are the tree's leaves: an item added on an item's row goes beside it, under its node (the console's Add).
    if (parent.itemType !== 'node') throw HttpError.badRequest('nodes.errors.parentIsItem', 'parentName', { parentName });
    const rows = await tree.rows(appId);
    const parents = new Map(rows.map((row) => [row.uuid, row.parentUuid]));
    if (depthOf(parent.uuid, parents) + 1 > MAX_TREE_DEPTH) {
      throw HttpError.badRequest('nodes.errors.tooDeep', 'parentName', { max: MAX_TREE_DEPTH });
    }
    if (rows.some((row) => row.itemName === itemName))
      throw HttpError.conflict('nodes.validation.itemNameTaken', 'newItem.itemName');

    const dataSource = (plain(newItem.dataSource) ?? {}) as ItemDataSource;
    await this.checkDataSource(appId, dataSource, 'newItem.dataSource');
    const device = deviceKeyOf(dataSource);
    await this.binding.assertFree(device, appId);
    const input = normalisedInput(newItem.input, 'newItem.input');
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
      DeviceBinding.conflict(error, device, 'newItem.itemName');
    }
    await nodeData.recompute(appId, parent.uuid);
    return toItem(inserted, parent.itemName);
  }

  /**
   * DELETE /items/{uuid}: removes the item with its descendants and, through the deletion hooks, their data elsewhere
   * (history, events). The root cannot be deleted. With deleteExternal, the device is first removed at its device server
   * (the console offers it for ChirpStack items; the server accepts every source whose adapter can delete, e.g. The Things
   * Stack). Nothing is deleted when that fails. The device server is asked about exactly the identity the item is bound
   * to (its stored binding, never request input), with the API settings of the caller's organisation.
   */
  async remove(appId: string, uuid: string, deleteExternal: boolean, caller: DeviceServerCaller): Promise<void> {
    const item = await this.deps.rows.row(appId, uuid);
    if (item.itemName === ROOT_ITEM_NAME && item.parentUuid === null) throw HttpError.badRequest('nodes.errors.rootDelete');
    if (deleteExternal && item.deviceId && item.sourceType) {
      const adapter = this.deps.directory()?.adapter(item.sourceType);
      if (!adapter?.deleteDevice) throw HttpError.badRequest('nodes.errors.noAdapter', undefined, { source: item.sourceType });
      const stored = item.dataSource?.application ?? item.dataSource?.applicationId;
      const application = item.deviceApplication && typeof stored === 'string' ? stored.trim() : null;
      try {
        await adapter.deleteDevice({ deviceId: item.deviceId, application }, caller);
      } catch (error) {
        throw new HttpError(502, 'nodes.errors.deleteExternalFailed', { message: (error as Error).message });
      }
    }
    const ids = withDescendants(await this.deps.tree.rows(appId), uuid);
    const afterCommit = await this.db.transaction(async (tx) => {
      const after: (() => Promise<void>)[] = [];
      for (const hook of this.deps.deletionHooks()) {
        const then = await hook.deleteItems(tx, appId, ids);
        if (then) after.push(then);
      }
      // Descendants go with it (parent_uuid cascades).
      await tx.delete(nodeItems).where(and(eq(nodeItems.uuid, uuid), eq(nodeItems.appId, appId)));
      return after;
    });
    if (item.parentUuid) await this.deps.nodeData.recompute(appId, item.parentUuid);
    for (const then of afterCommit) await then();
  }

  /** PATCH /items/{uuid}: the Basic and Settings tab flags. */
  async patch(appId: string, uuid: string, patch: ItemPatchInput): Promise<Item> {
    const item = await this.deps.rows.row(appId, uuid);
    assertSettingsUnchanged(toItem(item, item.parentName), patch.basedOn);
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
    // Only a changed data source is checked again: an unrelated edit never fails on what was saved before.
    if (JSON.stringify(dataSource) !== JSON.stringify(item.dataSource ?? {})) {
      await this.checkDataSource(appId, dataSource, 'dataSource');
    }
    const device = deviceKeyOf(dataSource);
    await this.binding.assertFree(device, appId, uuid);
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
      DeviceBinding.conflict(error, device, 'itemName');
    }
    if (patch.enable !== undefined && item.parentUuid) await this.deps.nodeData.recompute(appId, item.parentUuid);
    return this.deps.rows.get(appId, uuid);
  }
}
