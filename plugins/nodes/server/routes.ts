import { defineRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import type { ApplicationAccess } from '@sensorium/applications/common';
import {
  AddItemInput,
  DeleteItemQuery,
  FieldOverrideInput,
  FieldPreferenceInput,
  ItemPatchInput,
  NodeAppParams,
  NodeCommandInput,
  NodeHistoryQuery,
  NodeItemNameQuery,
  NodeItemParams,
  NodeOutputInput,
  RangeNotificationInput,
  RangeTaskInput,
  RawDataSearchInput,
  StructureInput,
} from '../common/inputs';
import { fieldSeries, listContacts, searchRawData } from './data-queries';
import type { ItemRepository } from './item-repository';
import {
  availabilitySchema,
  commandsSchema,
  contactsSchema,
  geoInfoSchema,
  historySchema,
  itemSchema,
  rawDataSchema,
  treeSchema,
} from './response-schemas';

const BASE = '/node-structure-item/:appId';
const PER_MINUTE = 60_000;

/**
 * The node management calls of spec 7.3 / 7.4. Reads need a session that can see the application; writes need
 * nodemanagement. Another tenant's application is not found (404).
 */
export function nodeRoutes(db: Database, items: ItemRepository, access: ApplicationAccess): AnyRouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      url: `${BASE}/tree`,
      summary: 'The node tree of an application in order, with depth (the root node is created on first read)',
      params: NodeAppParams,
      response: treeSchema,
      handler: async ({ user, params }) => {
        await access.assertVisible(user, params.appId);
        return { items: await items.tree(params.appId) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/items/:uuid`,
      summary: 'One node or item with its field preferences, values, status, data source and geo info',
      params: NodeItemParams,
      response: itemSchema,
      handler: async ({ user, params }) => {
        await access.assertVisible(user, params.appId);
        return items.get(params.appId, params.uuid);
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/items`,
      summary: 'Add a node or item (the add-item wizard’s result) under a parent',
      permission: 'nodemanagement',
      params: NodeAppParams,
      body: AddItemInput,
      response: itemSchema,
      audit: 'nodes.item.create',
      handler: async ({ user, params, body, reply }) => {
        await access.assertVisible(user, params.appId);
        const item = await items.add(params.appId, body.newItem, body.parentName);
        reply.code(201);
        return item;
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/item-name-availability`,
      summary: 'Whether an item name is valid and still free in the application',
      params: NodeAppParams,
      query: NodeItemNameQuery,
      response: availabilitySchema,
      rateLimit: { max: 300, timeWindowMs: PER_MINUTE },
      handler: async ({ user, params, query }) => {
        await access.assertVisible(user, params.appId);
        return { available: await items.isNameAvailable(params.appId, query.itemName ?? '') };
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: `${BASE}/items/:uuid`,
      summary: 'Delete an item and everything below it; deleteExternal=true also removes a ChirpStack device at its server',
      permission: 'nodemanagement',
      params: NodeItemParams,
      query: DeleteItemQuery,
      audit: 'nodes.item.delete',
      handler: async ({ user, params, query }) => {
        await access.assertVisible(user, params.appId);
        await items.remove(params.appId, params.uuid, query.deleteExternal === 'true');
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `${BASE}/structure`,
      summary: 'Save the tree structure ([{itemName, children}]): parents and positions, at most 7 levels',
      permission: 'nodemanagement',
      params: NodeAppParams,
      body: StructureInput,
      response: treeSchema,
      audit: 'nodes.structure.save',
      handler: async ({ user, params, body }) => {
        await access.assertVisible(user, params.appId);
        return { items: await items.saveStructure(params.appId, body.structure) };
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `${BASE}/items/:uuid/field-preference`,
      summary: 'Save one field’s settings and colour ranges',
      permission: 'nodemanagement',
      params: NodeItemParams,
      body: FieldPreferenceInput,
      response: itemSchema,
      audit: 'nodes.field-preference.save',
      handler: async ({ user, params, body }) => {
        await access.assertVisible(user, params.appId);
        return items.saveFieldPreference(params.appId, params.uuid, body.targetField, body.preference);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `${BASE}/items/:uuid/notification`,
      summary: 'Save the notification setting of one range of a field',
      permission: 'nodemanagement',
      params: NodeItemParams,
      body: RangeNotificationInput,
      response: itemSchema,
      audit: 'nodes.notification.save',
      handler: async ({ user, params, body }) => {
        await access.assertVisible(user, params.appId);
        return items.saveNotification(params.appId, params.uuid, body.targetField, body.rangeIndex, body.notificationSetting);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `${BASE}/items/:uuid/task`,
      summary: 'Save the tasks (created, acked, cleared) of one range’s event',
      permission: 'nodemanagement',
      params: NodeItemParams,
      body: RangeTaskInput,
      response: itemSchema,
      audit: 'nodes.task.save',
      handler: async ({ user, params, body }) => {
        await access.assertVisible(user, params.appId);
        return items.saveTask(params.appId, params.uuid, body.targetField, body.rangeIndex, body.task);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `${BASE}/items/:uuid/override`,
      summary: 'Turn a field’s override on or off',
      permission: 'nodemanagement',
      params: NodeItemParams,
      body: FieldOverrideInput,
      response: itemSchema,
      audit: 'nodes.override.save',
      handler: async ({ user, params, body }) => {
        await access.assertVisible(user, params.appId);
        return items.saveOverride(params.appId, params.uuid, body.targetField, body.overrideValueEnabled, body.overrideValue);
      },
    }),
    defineRoute({
      method: 'PATCH',
      url: `${BASE}/items/:uuid`,
      summary:
        'Change flags: enable, store history, connection timeout, tags, device EUI (rec-plc-adaptor), display name, site address, coordinates',
      permission: 'nodemanagement',
      params: NodeItemParams,
      body: ItemPatchInput,
      response: itemSchema,
      audit: 'nodes.item.update',
      handler: async ({ user, params, body }) => {
        await access.assertVisible(user, params.appId);
        return items.patch(params.appId, params.uuid, body);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/contacts`,
      summary: 'The application’s notification contacts',
      params: NodeAppParams,
      response: contactsSchema,
      handler: async ({ user, params }) => {
        await access.assertVisible(user, params.appId);
        return { contacts: await listContacts(db, params.appId) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/items/:uuid/commands`,
      summary: 'The item’s commands, after a "No command selected" entry',
      params: NodeItemParams,
      response: commandsSchema,
      handler: async ({ user, params }) => {
        await access.assertVisible(user, params.appId);
        return { commands: await items.commands(params.appId, params.uuid) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/items/:uuid/command`,
      summary: 'Send one of the item’s commands to the device through its data source',
      permission: 'nodemanagement',
      params: NodeItemParams,
      body: NodeCommandInput,
      rateLimit: { max: 60, timeWindowMs: PER_MINUTE },
      audit: 'nodes.command.send',
      handler: async ({ user, params, body }) => {
        await access.assertVisible(user, params.appId);
        await items.sendCommand(params.appId, params.uuid, body.commandId);
        return { success: true };
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/items/:uuid/output`,
      summary: 'Set an output field (toggle switch or input) on the device',
      permission: 'nodemanagement',
      params: NodeItemParams,
      body: NodeOutputInput,
      rateLimit: { max: 120, timeWindowMs: PER_MINUTE },
      audit: 'nodes.output.post',
      handler: async ({ user, params, body }) => {
        await access.assertVisible(user, params.appId);
        await items.postOutput(params.appId, params.uuid, body.targetField, body.value);
        return { success: true };
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/geo-info/:uuid`,
      summary: 'A node and the nodes and sensors below it, with their geo info, for its maps',
      params: NodeItemParams,
      response: geoInfoSchema,
      handler: async ({ user, params }) => {
        await access.assertVisible(user, params.appId);
        return items.geoInfo(params.appId, params.uuid);
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${BASE}/items/:uuid/refresh`,
      summary: 'Recompute the item’s node data and return it as stored',
      params: NodeItemParams,
      response: itemSchema,
      audit: false,
      handler: async ({ user, params }) => {
        await access.assertVisible(user, params.appId);
        return items.refresh(params.appId, params.uuid);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${BASE}/items/:uuid/history`,
      summary: 'Stored values of the item’s fields over time, for charts (default: the last day)',
      params: NodeItemParams,
      query: NodeHistoryQuery,
      response: historySchema,
      handler: async ({ user, params, query }) => {
        await access.assertVisible(user, params.appId);
        await items.row(params.appId, params.uuid);
        return fieldSeries(db, params.uuid, query);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/raw-data-history/search',
      summary: 'Raw data rows: real-time (last day, newest 100) or history (a time range, paged, with the total)',
      body: RawDataSearchInput,
      response: rawDataSchema,
      rateLimit: { max: 300, timeWindowMs: PER_MINUTE },
      audit: false,
      handler: async ({ user, body }) => {
        await access.assertVisible(user, body.appId);
        return searchRawData(db, body);
      },
    }),
  ];
}
