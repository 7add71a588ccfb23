import type { Migration } from '@sensorium/core/server';

/** Organisations' own PRTG API settings (DeviceServerSettingsStore); the operator's environment is the default. */
export const migrations: Migration[] = [
  {
    id: '001-create-server-settings',
    sql: `
      CREATE TABLE prtg_server_settings (
        organisation_id text PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
        api_url text NOT NULL,
        secret text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
