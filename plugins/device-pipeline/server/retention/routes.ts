import { defineAppRoute, HttpError, type AnyRouteDefinition } from '@sensorium/core/server';
import { NodeAppParams, NodeItemParams, type ItemLookup } from '@sensorium/nodes/common';
import {
  ApplicationRetentionInput,
  FieldRetentionInput,
  FieldRetentionParams,
  type ApplicationRetention,
  type ItemRetention,
} from '../../common/retention';
import type { RetentionSettings } from './settings';

const days = { type: 'integer', nullable: true, minimum: 1, description: 'Days kept; null keeps forever' };
const applicationRetentionSchema = {
  type: 'object',
  properties: { rawDays: days, historyDays: days },
};
const itemRetentionSchema = {
  type: 'object',
  properties: {
    application: applicationRetentionSchema,
    fields: { type: 'object', additionalProperties: days, description: 'The fields with a history retention of their own' },
  },
};

/**
 * The retention settings (docs/retention.md): an application's (Application Setting > Data Retention; changing it
 * needs the setting permission) and a field's own history retention (Field Settings; Node Management's permission),
 * on an application the caller may see and an item its device-tag limit lets through (404 otherwise).
 */
export function retentionRoutes(settings: RetentionSettings, items: Pick<ItemLookup, 'find'>): AnyRouteDefinition[] {
  const visibleItem = async (app: { id: string; deviceTags: readonly string[] | null }, uuid: string) => {
    if (!(await items.find(app.id, uuid, app.deviceTags))) throw HttpError.notFound();
  };
  return [
    defineAppRoute({
      method: 'GET',
      url: '/application/:appId/retention',
      summary: 'How long the application keeps raw data and field history (days; null: forever)',
      app: 'appId',
      params: NodeAppParams,
      response: applicationRetentionSchema,
      handler: ({ app }): Promise<ApplicationRetention> => settings.application(app.id),
    }),
    defineAppRoute({
      method: 'PUT',
      url: '/application/:appId/retention',
      summary: 'Set how long the application keeps raw data and field history; older data is deleted within the hour',
      permission: 'setting',
      app: 'appId',
      params: NodeAppParams,
      body: ApplicationRetentionInput,
      response: applicationRetentionSchema,
      audit: {
        action: 'device-pipeline.retention.save',
        row: async ({ app }) => ({ ...(await settings.application(app.id)) }),
      },
      handler: ({ app, body }) => settings.saveApplication(app.id, body),
    }),
    defineAppRoute({
      method: 'GET',
      url: '/node-structure-item/:appId/items/:uuid/retention',
      summary: 'The history retention of the item’s fields that have their own, and the application’s',
      app: 'appId',
      params: NodeItemParams,
      response: itemRetentionSchema,
      handler: async ({ app, params }): Promise<ItemRetention> => {
        await visibleItem(app, params.uuid);
        return settings.item(app.id, params.uuid);
      },
    }),
    defineAppRoute({
      method: 'PUT',
      url: '/node-structure-item/:appId/items/:uuid/retention',
      summary: 'Give one field a history retention of its own (days; null: forever) instead of the application’s',
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      body: FieldRetentionInput,
      response: itemRetentionSchema,
      audit: { action: 'device-pipeline.field-retention.save', type: 'equipment' },
      handler: async ({ app, params, body }): Promise<ItemRetention> => {
        await visibleItem(app, params.uuid);
        await settings.saveField(app.id, params.uuid, body.field, body.historyDays);
        return settings.item(app.id, params.uuid);
      },
    }),
    defineAppRoute({
      method: 'DELETE',
      url: '/node-structure-item/:appId/items/:uuid/retention/:field',
      summary: 'The field keeps its history as long as its application does again',
      permission: 'nodemanagement',
      app: 'appId',
      params: FieldRetentionParams,
      response: itemRetentionSchema,
      audit: { action: 'device-pipeline.field-retention.reset', type: 'equipment' },
      handler: async ({ app, params }): Promise<ItemRetention> => {
        await visibleItem(app, params.uuid);
        await settings.removeField(params.uuid, params.field);
        return settings.item(app.id, params.uuid);
      },
    }),
  ];
}
