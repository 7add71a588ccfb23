import { auditLeaves, defineAppRoute, type AnyRouteDefinition, type AppRouteContext } from '@sensorium/core/server';
import { FieldOverrideInput, FieldPreferenceInput, NodeItemParams, RangeNotificationInput } from '../../common/inputs';
import type { NodeItems } from '../items';
import { itemSchema } from '../response-schemas';
import { BASE } from './item-routes';

/**
 * How the routes that change one field's settings are audited: as `equipment` changes, the record listing each changed
 * setting under the field's name (`temperature.rangeSettings.ranges.0.max: 30 → 35`).
 */
export const fieldSettingsAudit = (items: NodeItems, action: string) => ({
  action,
  type: 'equipment' as const,
  row: async ({ app, params, body }: AppRouteContext<{ targetField: string }, unknown, NodeItemParams>) =>
    auditLeaves((await items.rows.get(app.id, params.uuid)).input[body.targetField], body.targetField),
});

/** A field's settings and colour ranges, a range's notification setting and the override (spec 7.4). */
export function preferenceRoutes(items: NodeItems): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/items/:uuid/field-preference`,
      errors: [409],
      summary: 'Save one field’s settings and colour ranges',
      permission: 'nodemanagement',
      app: 'appId',
      params: NodeItemParams,
      body: FieldPreferenceInput,
      response: itemSchema,
      audit: fieldSettingsAudit(items, 'nodes.field-preference.save'),
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
      audit: fieldSettingsAudit(items, 'nodes.notification.save'),
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
      audit: fieldSettingsAudit(items, 'nodes.override.save'),
      handler: ({ app, params, body }) =>
        items.preferences.saveOverride(app.id, params.uuid, body.targetField, body.overrideValueEnabled, body.overrideValue),
    }),
  ];
}
