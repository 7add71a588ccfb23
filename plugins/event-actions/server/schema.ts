import { bigserial, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EventRecord } from '@sensorium/events/common';
import type { WebhookMethod, WebhookSetting } from '@sensorium/nodes/common';
import type { ActionTransition, WebhookTryStatus } from '../common';

/** Each application's webhook signing secret, made on first use. */
export const appSecrets = pgTable('event_actions_app_secrets', {
  appId: text('app_id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WebhookStatus = 'queued' | 'sending' | 'succeeded' | 'failed';

/**
 * One webhook delivery of one event transition (its id is X-Sensorium-Delivery): the range's setting and the event as
 * the transition left it, rendered into the request on each try, and how the delivery ended.
 */
export const webhooks = pgTable('event_actions_webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  appId: text('app_id').notNull(),
  eventId: uuid('event_id').notNull(),
  itemUuid: uuid('item_uuid').notNull(),
  transition: text('transition').$type<ActionTransition>().notNull(),
  setting: jsonb('setting').$type<WebhookSetting>().notNull(),
  event: jsonb('event').$type<EventRecord>().notNull(),
  status: text('status').$type<WebhookStatus>().notNull().default('queued'),
  tries: integer('tries').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** The delivery log: one row per try of a webhook. */
export const webhookDeliveries = pgTable('event_actions_webhook_deliveries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  webhookId: uuid('webhook_id').notNull(),
  appId: text('app_id').notNull(),
  eventId: uuid('event_id').notNull(),
  itemUuid: uuid('item_uuid').notNull(),
  transition: text('transition').$type<ActionTransition>().notNull(),
  url: text('url').notNull(),
  method: text('method').$type<WebhookMethod>().notNull(),
  try: integer('try').notNull(),
  status: text('status').$type<WebhookTryStatus>().notNull(),
  responseCode: integer('response_code'),
  durationMs: integer('duration_ms').notNull(),
  error: text('error'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export type TaskStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** One task of one event transition: the item's command to send, and how it ended. */
export const tasks = pgTable('event_actions_tasks', {
  id: uuid('id').primaryKey().defaultRandom(),
  appId: text('app_id').notNull(),
  eventId: uuid('event_id').notNull(),
  transition: text('transition').$type<ActionTransition>().notNull(),
  device: text('device').notNull(),
  commandId: text('command_id').notNull(),
  status: text('status').$type<TaskStatus>().notNull().default('queued'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
