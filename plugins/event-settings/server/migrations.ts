import type { Migration } from '@sensorium/core/server';

/** Applied in this order, once each; append new steps and never edit one that has shipped. */
export const migrations: Migration[] = [
  {
    id: '001-create-event-settings',
    sql: `
      CREATE TABLE event_settings_rules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        -- A small number per rule: its events' range index (see ruleRangeIndex), unique beside the fields' ranges.
        seq integer GENERATED ALWAYS AS IDENTITY UNIQUE,
        name text NOT NULL,
        severity integer NOT NULL CHECK (severity BETWEEN 0 AND 4),
        description text NOT NULL DEFAULT '',
        enabled boolean NOT NULL DEFAULT true,
        instant_clear boolean NOT NULL DEFAULT false,
        auto_clear boolean NOT NULL DEFAULT false,
        conditions jsonb NOT NULL,
        actions jsonb NOT NULL,
        time_slots jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX event_settings_rules_app ON event_settings_rules (app_id, created_at);
      -- What a rule is waiting for on a device (or on the whole rule: item_uuid of the device that opened its event and
      -- scope '' when it does not require the same device): entered_at is when the value entered a trigger range,
      -- opened_at when the event opened (then a resume is awaited).
      CREATE TABLE event_settings_pending (
        rule_id uuid NOT NULL REFERENCES event_settings_rules (id) ON DELETE CASCADE,
        scope text NOT NULL,
        item_uuid uuid NOT NULL REFERENCES node_items (uuid) ON DELETE CASCADE,
        entered_at timestamptz NOT NULL,
        opened_at timestamptz,
        PRIMARY KEY (rule_id, scope)
      );
    `,
  },
];
