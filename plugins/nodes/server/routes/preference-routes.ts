import { defineAppRoute, type AnyRouteDefinition } from '@sensorium/core/server';
import { FieldOverrideInput, FieldPreferenceInput, NodeItemParams, RangeNotificationInput } from '../../common/inputs';
import type { NodeItems } from '../items';
import { itemSchema } from '../response-schemas';
import { BASE } from './item-routes';

/** A field's settings and colour ranges, a range's notification setting and the override (spec 7.4). */
export function preferenceRoutes(items: NodeItems): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/items/:uuid/field-preference`,
      summary: 'Save one field’s settings and colour ranges',
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      body: FieldPreferenceInput,
      response: itemSchema,
      audit: 'nodes.field-preference.save',
      handler: ({ app, params, body }) =>
        items.preferences.saveFieldPreference(app.id, params.uuid, body.targetField, body.preference, body.basedOn),
    }),
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/items/:uuid/notification`,
      summary: 'Save the notification setting of one range of a field',
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      body: RangeNotificationInput,
      response: itemSchema,
      audit: 'nodes.notification.save',
      handler: ({ app, params, body }) =>
        items.preferences.saveNotification(app.id, params.uuid, body.targetField, body.rangeIndex, body.notificationSetting),
    }),
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/items/:uuid/override`,
      summary: 'Turn a field’s override on or off',
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      body: FieldOverrideInput,
      response: itemSchema,
      audit: 'nodes.override.save',
      handler: ({ app, params, body }) =>
        items.preferences.saveOverride(app.id, params.uuid, body.targetField, body.overrideValueEnabled, body.overrideValue),
    }),
  ];
}
