import type { Migration } from '@sensorium/core/server';

/** Applied in this order, once each; append new steps and never edit one that has shipped. */
export const migrations: Migration[] = [
  {
    id: '001-create-timer-missions-items',
    sql: `
      CREATE TABLE timer_missions_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // The generated skeleton's table goes; missions, their run log and each application's schedule settings come.
    id: '002-timer-missions',
    sql: `
      DROP TABLE IF EXISTS timer_missions_items;
      CREATE TABLE timer_missions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL,
        mission_name text NOT NULL,
        description text NOT NULL DEFAULT '',
        is_enabled boolean NOT NULL DEFAULT true,
        actions jsonb NOT NULL DEFAULT '[]',
        timeslots jsonb NOT NULL DEFAULT '[]',
        -- Slot starts up to here were looked at by the scheduler (run, skipped or not due).
        checked_until timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX timer_missions_app ON timer_missions (app_id, created_at);
      CREATE INDEX timer_missions_enabled ON timer_missions (is_enabled) WHERE is_enabled;
      -- One row per mission and slot start: inserting it is the claim to send, so no start is sent twice.
      CREATE TABLE timer_missions_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        mission_id uuid NOT NULL REFERENCES timer_missions (id) ON DELETE CASCADE,
        app_id text NOT NULL,
        scheduled_at timestamptz NOT NULL,
        slot_index integer NOT NULL,
        status text NOT NULL,
        results jsonb NOT NULL DEFAULT '[]',
        ran_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (mission_id, scheduled_at)
      );
      CREATE INDEX timer_missions_runs_app ON timer_missions_runs (app_id);
      CREATE TABLE timer_missions_app_settings (
        app_id text PRIMARY KEY,
        time_zone text,
        holidays jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
