import type { Migration } from '@sensorium/core/server';

export const migrations: Migration[] = [
  {
    id: '001-create-theme-profiles',
    sql: `
      CREATE TABLE theme_profiles (
        id text PRIMARY KEY,
        organisation_id text,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        theme_name text NOT NULL,
        dashboard jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX theme_profiles_organisation_idx ON theme_profiles (organisation_id);
    `,
  },
];
