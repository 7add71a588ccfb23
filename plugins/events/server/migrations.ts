import type { Migration } from '@sensorium/core/server';

/**
 * node_events, made by device-pipeline before this plugin existed: a database where device-pipeline made it keeps it.
 * A database last started before device-pipeline existed has it from the nodes plugin without device-pipeline's step
 * recorded, hence IF NOT EXISTS.
 */
export const migrations: Migration[] = [
  {
    id: '001-create-node-events',
    replaces: { pluginId: 'device-pipeline', migrationIds: ['003-create-node-events'] },
    sql: `
      CREATE TABLE IF NOT EXISTS node_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL,
        item_uuid uuid NOT NULL,
        item_name text NOT NULL,
        field text NOT NULL,
        range_index integer NOT NULL,
        range_name text NOT NULL DEFAULT '',
        severity integer NOT NULL DEFAULT 0,
        description text NOT NULL DEFAULT '',
        event_type text NOT NULL DEFAULT 'device',
        generated_at timestamptz NOT NULL DEFAULT now(),
        location text NOT NULL DEFAULT '',
        node jsonb NOT NULL DEFAULT '{}',
        value text,
        unit text,
        range_status text,
        resume_status text NULL,
        event_status text NOT NULL DEFAULT 'created' CHECK (event_status IN ('created', 'acked', 'cleared')),
        is_acknowledged boolean NOT NULL DEFAULT false,
        acknowledged_by text,
        acknowledged_at timestamptz,
        is_cleared boolean NOT NULL DEFAULT false,
        cleared_by text,
        cleared_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX IF NOT EXISTS node_events_open ON node_events (item_uuid, field, range_index) WHERE NOT is_cleared;
      CREATE INDEX IF NOT EXISTS node_events_app_generated ON node_events (app_id, generated_at);
    `,
  },
  {
    id: '002-event-details-and-history',
    sql: `
      ALTER TABLE node_events ADD COLUMN IF NOT EXISTS additional_info text NOT NULL DEFAULT '';
      ALTER TABLE node_events ADD COLUMN IF NOT EXISTS equipment_name text NOT NULL DEFAULT '';
      ALTER TABLE node_events ADD COLUMN IF NOT EXISTS actions jsonb NOT NULL DEFAULT '{}';
      ALTER TABLE node_events ADD COLUMN IF NOT EXISTS rule_id uuid;
      CREATE INDEX IF NOT EXISTS node_events_app_open ON node_events (app_id, severity) WHERE NOT is_cleared;
      CREATE TABLE events_history (
        id bigserial PRIMARY KEY,
        event_id uuid NOT NULL REFERENCES node_events (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        kind text NOT NULL CHECK (kind IN ('created', 'updated', 'acknowledged', 'cleared', 'auto-cleared', 'notified')),
        actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'contact', 'system')),
        actor_id text,
        actor_label text NOT NULL,
        comment text,
        detail jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX events_history_event ON events_history (event_id, at);
    `,
  },
  {
    // Events about something that is not an item (a LoRaWAN gateway going offline): `subject` names it across
    // applications (e.g. `gateway:<uuid>`); null for the items' events. Such an event's item_uuid is derived from its
    // subject and application (EventStore.raiseSubjectEvents), so node_events_open keeps one open per application.
    id: '003-subject-events',
    sql: `
      ALTER TABLE node_events ADD COLUMN IF NOT EXISTS subject text;
      CREATE INDEX IF NOT EXISTS node_events_subject_open ON node_events (subject) WHERE subject IS NOT NULL AND NOT is_cleared;
    `,
  },
  {
    // The application cards' latest open events (latestOpen): each application's newest open events read in order
    // from the index, a few per application, instead of every open event ranked.
    id: '004-latest-open-events',
    sql: `
      CREATE INDEX IF NOT EXISTS node_events_app_latest_open ON node_events (app_id, generated_at DESC, id) WHERE NOT is_cleared;
    `,
  },
];
