import { defineAppRoute, type AnyRouteDefinition, type Database } from '@sensorium/core/server';
import { NodeAppParams, type ItemLookup } from '@sensorium/nodes/common';
import { WebhookDeliveriesQuery } from '../common';
import type { AppSecrets } from './app-secrets';
import { listDeliveries } from './delivery-log';

const BASE = '/event-actions/:appId';

const secretSchema = {
  type: 'object',
  properties: {
    secret: { type: 'string', nullable: true },
    createdAt: { type: 'string', format: 'date-time', nullable: true },
  },
};

/** A rotation answers the new secret in full, with its date: neither is ever null there. */
const rotatedSchema = {
  type: 'object',
  required: ['secret', 'createdAt'],
  properties: { secret: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' } },
};

const deliveriesSchema = {
  type: 'object',
  properties: {
    total: { type: 'integer' },
    page: { type: 'integer' },
    size: { type: 'integer' },
    deliveries: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          deliveryId: { type: 'string', format: 'uuid' },
          eventId: { type: 'string', format: 'uuid' },
          transition: { type: 'string', enum: ['created', 'acknowledged', 'cleared'] },
          method: { type: 'string', enum: ['GET', 'POST'] },
          url: { type: 'string' },
          try: { type: 'integer' },
          status: { type: 'string', enum: ['succeeded', 'retrying', 'failed'] },
          responseCode: { type: 'integer', nullable: true },
          durationMs: { type: 'integer' },
          error: { type: 'string', nullable: true },
          at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};

/** The webhook delivery log and the application's signing secret. */
export function eventActionRoutes(db: Database, items: ItemLookup, secrets: AppSecrets): AnyRouteDefinition[] {
  return [
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/webhook-deliveries`,
      summary: 'The application’s webhook tries (one event’s with eventId), newest first, 20 a page',
      app: 'appId',
      params: NodeAppParams,
      query: WebhookDeliveriesQuery,
      response: deliveriesSchema,
      handler: ({ app, query }) => listDeliveries(db, items, app, query),
    }),
    defineAppRoute({
      method: 'GET',
      url: `${BASE}/webhook-secret`,
      summary: 'The application’s webhook signing secret, masked (null before the first webhook or rotation)',
      app: 'appId',
      params: NodeAppParams,
      response: secretSchema,
      handler: ({ app }) => secrets.masked(app.id),
    }),
    defineAppRoute({
      method: 'POST',
      url: `${BASE}/webhook-secret/rotate`,
      summary: 'Replace the application’s webhook signing secret; the answer shows the new secret this one time',
      app: 'appId',
      params: NodeAppParams,
      permission: 'setting',
      response: rotatedSchema,
      audit: { action: 'event-actions.webhook-secret.rotate', row: ({ app }) => secrets.masked(app.id) },
      handler: ({ app }) => secrets.rotate(app.id),
    }),
  ];
}
