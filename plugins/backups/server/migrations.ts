import type { Migration } from '@sensorium/core/server';

export const migrations: Migration[] = [
  {
    id: '001-create-backups',
    // No foreign key to applications: a backup is a file of its own and outlives changes to the application row.
    sql: `
      CREATE TABLE backups (
        app_id text NOT NULL,
        folder text NOT NULL,
        description text NOT NULL,
        status text NOT NULL,
        size bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (app_id, folder)
      );
    `,
  },
];
