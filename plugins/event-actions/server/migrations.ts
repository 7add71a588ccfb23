import type { Migration } from '@sensorium/core/server';

/**
 * A webhook delivery is planned in the transaction of its event's transition (the range's webhook setting and the event
 * as the transition left it, status `queued`); its job renders and sends it, and each try adds a row to the delivery log. Tasks are planned the same way. Deleting an event deletes its deliveries
 * and tasks; the application's secret goes with the application (deletion hook).
 */
export const migrations: Migration[] = [
  {
    id: '001-create-event-actions',
    sql: `
      CREATE TABLE event_actions_app_secrets (
        app_id text PRIMARY KEY,
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE event_actions_webhooks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL,
        event_id uuid NOT NULL REFERENCES node_events (id) ON DELETE CASCADE,
        item_uuid uuid NOT NULL,
        transition text NOT NULL CHECK (transition IN ('created', 'acknowledged', 'cleared')),
        setting jsonb NOT NULL,
        event jsonb NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'succeeded', 'failed')),
        tries integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
      CREATE INDEX event_actions_webhooks_event ON event_actions_webhooks (event_id);
      CREATE TABLE event_actions_webhook_deliveries (
        id bigserial PRIMARY KEY,
        webhook_id uuid NOT NULL REFERENCES event_actions_webhooks (id) ON DELETE CASCADE,
        app_id text NOT NULL,
        event_id uuid NOT NULL,
        item_uuid uuid NOT NULL,
        transition text NOT NULL,
        url text NOT NULL,
        method text NOT NULL,
        try integer NOT NULL,
        status text NOT NULL CHECK (status IN ('succeeded', 'retrying', 'failed')),
        response_code integer,
        duration_ms integer NOT NULL,
        error text,
        at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX event_actions_webhook_deliveries_app ON event_actions_webhook_deliveries (app_id, at DESC);
      CREATE INDEX event_actions_webhook_deliveries_event ON event_actions_webhook_deliveries (event_id, at DESC);
      CREATE INDEX event_actions_webhook_deliveries_webhook ON event_actions_webhook_deliveries (webhook_id);
      CREATE TABLE event_actions_tasks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL,
        event_id uuid NOT NULL REFERENCES node_events (id) ON DELETE CASCADE,
        transition text NOT NULL CHECK (transition IN ('created', 'acknowledged', 'cleared')),
        device text NOT NULL,
        command_id text NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
      CREATE INDEX event_actions_tasks_event ON event_actions_tasks (event_id);
    `,
  },
];
