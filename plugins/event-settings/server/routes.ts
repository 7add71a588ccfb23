import { defineAppRoute, HttpError, type AnyRouteDefinition, type ScopedApplication } from '@sensorium/core/server';
import type { ItemLookup, PlacedDevice } from '@sensorium/nodes/common';
import { EventRuleInput, RuleAppParams, RuleParams, type RuleDeviceChoice } from '../common';
import { eventRuleListSchema, eventRuleSchema, ruleDeviceChoicesSchema } from './response-schemas';
import type { RuleRepository } from './rule-repository';

const BASE = '/system-events-api/:appId/event-settings';

/**
 * A rule covers devices across the application, so a user limited to device tags (User Setup) may read the rules but
 * not change them: a rule of theirs could raise events on devices they cannot see.
 */
function assertWholeApplication(app: ScopedApplication): void {
  if (app.deviceTags) throw HttpError.forbidden('event-settings.errors.deviceTagLimited');
}

function deviceChoice({ item }: PlacedDevice): RuleDeviceChoice {
  return {
    itemName: item.itemName,
    displayName: item.itemDisplayName || item.itemName,
    deviceType: typeof item.dataSource.sensorType === 'string' ? item.dataSource.sensorType : '',
    tags: item.geoInfo.tags ?? [],
    fields: Object.keys({ ...item.outputSimple, ...item.input })
      .filter((name) => !name.endsWith('_raw'))
      .map((name) => ({ name, displayName: item.input[name]?.displayName || name })),
    commands: (item.dataSource.commands ?? []).map((command) => ({ id: command.id, display: command.display })),
  };
}

/** Event Setting's API (design §3): the application's rules, and the devices the editor offers. */
export function ruleRoutes(rules: RuleRepository, lookup: ItemLookup): AnyRouteDefinition[] {
  const notFound = () => HttpError.notFound('event-settings.errors.notFound');
  return [
    defineAppRoute({
      method: 'GET',
      url: BASE,
      summary: 'The application’s event settings (rules), oldest first',
      app: 'appId',
      params: RuleAppParams,
      permission: 'eventsetting',
      response: eventRuleListSchema,
      handler: ({ app }) => rules.list(app.id),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/devices`,
      summary: 'The devices an event setting may watch or command: types, tags, fields and commands',
      app: 'appId',
      params: RuleAppParams,
      permission: 'eventsetting',
      response: ruleDeviceChoicesSchema,
      handler: async ({ app }) => (await lookup.devices(app.id, app.deviceTags)).map(deviceChoice),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/:id`,
      summary: 'One event setting',
      app: 'appId',
      params: RuleParams,
      permission: 'eventsetting',
      response: eventRuleSchema,
      handler: async ({ app, params }) => (await rules.get(app.id, params.id)) ?? Promise.reject(notFound()),
    }),
    defineAppRoute({
      method: 'POST',
      url: BASE,
      summary: 'Creates an event setting',
      app: 'appId',
      params: RuleAppParams,
      body: EventRuleInput,
      permission: 'eventsetting',
      response: eventRuleSchema,
      created: true,
      handler: ({ app, body }) => {
        assertWholeApplication(app);
        return rules.create(app.id, body);
      },
    }),
    defineAppRoute({
      method: 'PUT',
      url: `${BASE}/:id`,
      summary: 'Replaces an event setting (also its enable switch)',
      app: 'appId',
      params: RuleParams,
      body: EventRuleInput,
      permission: 'eventsetting',
      audit: { row: ({ app, params }) => rules.get(app.id, params.id) },
      response: eventRuleSchema,
      handler: async ({ app, params, body }) => {
        assertWholeApplication(app);
        return (await rules.update(app.id, params.id, body)) ?? Promise.reject(notFound());
      },
    }),
    defineAppRoute({
      method: 'DELETE',
      url: `${BASE}/:id`,
      summary: 'Deletes an event setting; its open events stay until cleared',
      app: 'appId',
      params: RuleParams,
      permission: 'eventsetting',
      audit: { row: ({ app, params }) => rules.get(app.id, params.id) },
      handler: async ({ app, params }) => {
        assertWholeApplication(app);
        if (!(await rules.delete(app.id, params.id))) throw notFound();
      },
    }),
  ];
}
