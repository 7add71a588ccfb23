import type { Migration } from '@sensorium/core/server';

/** The dispatch part's table: one row per message to a contact on a channel (see schema.ts). */
export const dispatchMigrations: Migration[] = [
  {
    id: 'dispatch-001-create-deliveries',
    sql: `
      CREATE TABLE notifications_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL,
        event_id uuid NOT NULL,
        item_uuid uuid NOT NULL,
        transition text NOT NULL,
        contact_id uuid NOT NULL,
        contact_name text NOT NULL,
        address text NOT NULL DEFAULT '',
        channel text NOT NULL CHECK (channel IN ('sms', 'whatsapp', 'email', 'voice')),
        usage text NOT NULL CHECK (usage IN ('created', 'acknowledged', 'cleared', 'escalation')),
        reference text NOT NULL DEFAULT '',
        service text NOT NULL DEFAULT '',
        escalation_level integer NOT NULL DEFAULT 0,
        status text NOT NULL CHECK (status IN
          ('queued', 'deferred', 'sending', 'sent', 'delivered', 'failed', 'skipped', 'cancelled', 'unknown')),
        attempts integer NOT NULL DEFAULT 0,
        provider_id text,
        error text,
        template text NOT NULL DEFAULT '',
        variables jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT notifications_deliveries_once UNIQUE (event_id, transition, contact_id, channel, escalation_level)
      );
      CREATE INDEX notifications_deliveries_app_created ON notifications_deliveries (app_id, created_at);
    `,
  },
  {
    // The message that a notified event is over (resumed, or cleared) has its own usage.
    id: 'dispatch-002-resumed-usage',
    sql: `
      ALTER TABLE notifications_deliveries DROP CONSTRAINT notifications_deliveries_usage_check;
      ALTER TABLE notifications_deliveries ADD CONSTRAINT notifications_deliveries_usage_check
        CHECK (usage IN ('created', 'acknowledged', 'cleared', 'escalation', 'resumed'));
    `,
  },
  {
    // Direct messages (TextMessagesToken) are about no event, maybe no item, and go to numbers that may be no contact's.
    id: 'dispatch-003-direct-messages',
    sql: `
      ALTER TABLE notifications_deliveries ALTER COLUMN event_id DROP NOT NULL;
      ALTER TABLE notifications_deliveries ALTER COLUMN item_uuid DROP NOT NULL;
      ALTER TABLE notifications_deliveries ALTER COLUMN contact_id DROP NOT NULL;
      ALTER TABLE notifications_deliveries DROP CONSTRAINT notifications_deliveries_usage_check;
      ALTER TABLE notifications_deliveries ADD CONSTRAINT notifications_deliveries_usage_check
        CHECK (usage IN ('created', 'acknowledged', 'cleared', 'escalation', 'resumed', 'direct'));
    `,
  },
];
