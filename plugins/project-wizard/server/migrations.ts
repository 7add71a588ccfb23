import type { Migration } from '@sensorium/core/server';

/** Applied in this order, once each; append new steps and never edit one that has shipped. */
export const migrations: Migration[] = [
  {
    id: '001-create-project-wizard-projects',
    sql: `
      CREATE TABLE project_wizard_projects (
        app_id text PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
        start_info text NOT NULL,
        template_id text,
        location_type text NOT NULL,
        building_name text NOT NULL DEFAULT '',
        address text NOT NULL DEFAULT '',
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE project_wizard_devices (
        source text NOT NULL,
        device_id text NOT NULL,
        app_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        kind text NOT NULL,
        generators jsonb NOT NULL,
        PRIMARY KEY (source, device_id)
      );
    `,
  },
];
