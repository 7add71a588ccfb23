import { auditLeaves, defineAppRoute, HttpError, type AnyRouteDefinition, type ScopedApplication } from '@sensorium/core/server';
import {
  AddItemInput,
  DeleteItemQuery,
  ItemPatchInput,
  NodeAppParams,
  NodeItemNameQuery,
  NodeItemParams,
  StructureInput,
} from '../../common/inputs';
import { itemWithinTagLimit } from '../items/tag-limit';
import { withMaskedDeviceKeys } from '../item-json';
import type { NodeItems } from '../items';
import type { TreePush } from '../tree-push';
import { availabilitySchema, itemSchema, treeOutlineSchema, treeSchema } from '../response-schemas';

export const BASE = '/node-structure-item/:appId';
export const PER_MINUTE = 60_000;

/** Where each item the caller sees sits in the tree: a structure save's record lists the moved items' old and new places. */
async function treePlaces(items: NodeItems, app: ScopedApplication) {
  const rows = await items.tree.tree(app.id, app.deviceTags);
  return auditLeaves(Object.fromEntries(rows.map((row) => [row.itemName, { parent: row.parentName, position: row.position }])));
}

/**
 * The tree and item calls of spec 7.3 / 7.4. Every call acts on an application the caller may see (404 otherwise);
 * writes need nodemanagement.
 */
export function itemRoutes(items: NodeItems, treePush: TreePush): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/tree`,
      summary:
        'The node tree of an application in order, with depth (the root node is created on first read); a user limited to device tags gets the items carrying one and the nodes above them',
      app: 'appId',
      params: NodeAppParams,
      response: treeSchema,
      handler: async ({ app }) => ({ items: await items.tree.tree(app.id, app.deviceTags) }),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/tree-outline`,
      summary:
        'The same tree with only what the console’s tree rows show, column by column in tree order (a row’s parent is the nearest row above it one level up); details load with GET /items/{uuid}',
      app: 'appId',
      params: NodeAppParams,
      response: treeOutlineSchema,
      // Sent as the cached text it is (the schema still documents it): serialising 10,000 rows again is what it saves.
      handler: async ({ app, reply }) =>
        reply.type('application/json; charset=utf-8').send(await items.tree.outlineJson(app.id, app.deviceTags)),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/items/:uuid`,
      summary: 'One node or item with its field preferences, values, status, data source and geo info',
      app: 'appId',
      params: NodeItemParams,
      response: itemSchema,
      handler: async ({ app, params }) => {
        const item = await items.rows.get(app.id, params.uuid);
        // Device keys let anyone impersonate the device: only those who may manage nodes see them.
        return app.rights.permissions.includes('nodemanagement') ? item : withMaskedDeviceKeys(item);
      },
    }),
    treePush.publishing(
      defineAppRoute({
        method: 'POST',
        url: `${BASE}/items`,
        errors: [409],
        summary: 'Add a node or item (the add-item wizard’s result) under a parent',
        permission: 'nodemanagement',
        app: 'appId',
        params: NodeAppParams,
        body: AddItemInput,
        response: itemSchema,
        created: true,
        audit: { action: 'nodes.item.create', type: 'equipment' },
        handler: async ({ app, body }) => {
          // Below a node the caller's device-tag limit hides, as below one that does not exist.
          if (await items.tree.hidesName(app.id, body.parentName.trim(), app.deviceTags)) {
            throw HttpError.badRequest('nodes.errors.parentNotFound', 'parentName', { parentName: body.parentName });
          }
          return items.crud.add(app.id, itemWithinTagLimit(body.newItem, app.deviceTags), body.parentName);
        },
      }),
    ),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/item-name-availability`,
      summary: 'Whether an item name is valid and still free in the application',
      app: 'appId',
      params: NodeAppParams,
      query: NodeItemNameQuery,
      response: availabilitySchema,
      rateLimit: { max: 300, timeWindowMs: PER_MINUTE },
      handler: async ({ app, query }) => ({ available: await items.rows.isNameAvailable(app.id, query.itemName ?? '') }),
    }),
    treePush.publishing(
      defineAppRoute({
        method: 'DELETE',
        url: `${BASE}/items/:uuid`,
        errors: [502],
        summary: 'Delete an item and everything below it; deleteExternal=true also removes a ChirpStack device at its server',
        permission: 'nodemanagement',
        app: 'appId',
        params: NodeItemParams,
        query: DeleteItemQuery,
        audit: { action: 'nodes.item.delete', type: 'equipment', row: ({ app, params }) => items.rows.get(app.id, params.uuid) },
        handler: async ({ app, params, query }) => {
          await items.crud.remove(app.id, params.uuid, query.deleteExternal === 'true', app);
        },
      }),
    ),
    treePush.publishing(
      defineAppRoute({
        method: 'PUT',
        url: `${BASE}/structure`,
        summary: 'Save the tree structure ([{itemName, children}]): parents and positions, at most 7 levels',
        permission: 'nodemanagement',
        app: 'appId',
        params: NodeAppParams,
        body: StructureInput,
        response: treeSchema,
        audit: { action: 'nodes.structure.save', type: 'equipment', row: ({ app }) => treePlaces(items, app) },
        handler: async ({ app, body }) => ({ items: await items.structure.save(app.id, body.structure, app.deviceTags) }),
      }),
    ),
    treePush.publishing(
      defineAppRoute({
        method: 'PATCH',
        url: `${BASE}/items/:uuid`,
        errors: [409],
        summary:
          'Change flags: enable, store history, connection timeout, tags, device EUI (rec-plc-adaptor), display name, site address, coordinates',
        permission: 'nodemanagement',
        app: 'appId',
        params: NodeItemParams,
        body: ItemPatchInput,
        response: itemSchema,
        audit: { action: 'nodes.item.update', type: 'equipment', row: ({ app, params }) => items.rows.get(app.id, params.uuid) },
        handler: ({ app, params, body }) => items.crud.patch(app.id, params.uuid, body),
      }),
    ),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/items/:uuid/refresh`,
      summary: 'Recompute the item’s node data and return it as stored',
      app: 'appId',
      params: NodeItemParams,
      response: itemSchema,
      audit: false,
      handler: ({ app, params }) => items.nodeData.refresh(app.id, params.uuid),
    }),
  ];
}
