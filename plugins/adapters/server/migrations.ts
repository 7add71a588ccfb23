import type { Migration } from '@sensorium/core/server';

/** Applied in this order, once each; append new steps and never edit one that has shipped. */
export const migrations: Migration[] = [
  {
    id: '001-create-adapters-scripts',
    sql: `
      CREATE TABLE adapters_scripts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        target_kind text NOT NULL CHECK (target_kind IN ('profile', 'item')),
        target_id uuid NOT NULL,
        app_id text,
        current_version integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (target_kind, target_id)
      );
      CREATE INDEX adapters_scripts_app ON adapters_scripts (app_id);
      CREATE TABLE adapters_versions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        script_id uuid NOT NULL REFERENCES adapters_scripts (id) ON DELETE CASCADE,
        version integer NOT NULL,
        source text NOT NULL,
        author_id text,
        author_name text NOT NULL,
        restored_from integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (script_id, version)
      );
    `,
  },
];
