import type { Migration } from '@sensorium/core/server';

/** Applied in this order, once each; append new steps and never edit one that has shipped. */
export const migrations: Migration[] = [
  {
    id: '001-create-dashboards-items',
    sql: `
      CREATE TABLE dashboards_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // The generated skeleton's table goes; dashboards, their share links and the links' signing secret come.
    id: '002-dashboards',
    sql: `
      DROP TABLE IF EXISTS dashboards_items;
      CREATE TABLE dashboards (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL,
        name text NOT NULL,
        is_main boolean NOT NULL DEFAULT false,
        theme_id uuid,
        widgets jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX dashboards_app ON dashboards (app_id, created_at);
      -- At most one main dashboard per application; the repository keeps it exactly one.
      CREATE UNIQUE INDEX dashboards_one_main ON dashboards (app_id) WHERE is_main;
      CREATE TABLE dashboards_share_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        dashboard_id uuid NOT NULL REFERENCES dashboards (id) ON DELETE CASCADE,
        app_id text NOT NULL,
        created_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX dashboards_share_links_dashboard ON dashboards_share_links (dashboard_id, created_at);
      -- The secret share tokens are signed with (HS256), made on the first start.
      CREATE TABLE dashboards_share_secret (
        id integer PRIMARY KEY CHECK (id = 1),
        secret text NOT NULL
      );
    `,
  },
];
