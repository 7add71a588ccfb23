import { defineAppRoute, type AnyRouteDefinition, type ScopedApplication } from '@sensorium/core/server';
import type { ItemLookup } from '@sensorium/nodes/common';
import { EventActionInput, type EventActionResult, type EventActor } from '../../common';
import type { EventAction, NodeEventStore } from '../event-store';

const answerSchema = {
  type: 'object',
  properties: { events: { type: 'array', description: 'The events the call changed', items: { type: 'object' } } },
};

/** The items a user limited to device tags sees in the application; null when not limited. */
async function visibleItemUuids(lookup: ItemLookup, app: ScopedApplication): Promise<string[] | null> {
  if (app.deviceTags === null) return null;
  return (await lookup.visibleItems(app.id, app.deviceTags)).map((item) => item.uuid);
}

/**
 * Acknowledge and clear (the event view's multi-select, accounts §4 "alerts can be acknowledged and cleared"): the
 * application's events among the ids, as the signed-in user. The store writes the audit trail, one record per event.
 */
export function eventActionRoutes(store: NodeEventStore, lookup: ItemLookup): AnyRouteDefinition[] {
  const route = (path: string, action: EventAction, summary: string) =>
    defineAppRoute({
      method: 'POST',
      url: `/system-events-api/:appId/events/${path}`,
      summary,
      permission: 'event',
      app: 'appId',
      body: EventActionInput,
      response: answerSchema,
      audit: false,
      handler: async ({ app, body, user, request }): Promise<EventActionResult> => {
        const actor: EventActor = { kind: 'user', id: user.id, label: user.username, address: request.ip };
        const only = await visibleItemUuids(lookup, app);
        return { events: await store.act(action, app.id, body.ids, actor, body.comment, only) };
      },
    });
  return [
    route('ack', 'acknowledged', 'Acknowledge the application’s open, unacknowledged events among the ids (others are skipped)'),
    route('clear', 'cleared', 'Clear the application’s open events among the ids, acknowledged or not (others are skipped)'),
  ];
}
