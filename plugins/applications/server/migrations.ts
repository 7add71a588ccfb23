import type { Migration } from '@sensorium/core/server';

export const migrations: Migration[] = [
  {
    id: '001-create-end-customers-and-applications',
    sql: `
      CREATE TABLE end_customers (
        id text PRIMARY KEY,
        name text NOT NULL,
        organisation_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO end_customers (id, name) VALUES ('end_default', 'Default End Customer');
      CREATE TABLE applications (
        id text PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        logo text,
        end_customer_id text NOT NULL REFERENCES end_customers(id),
        setting jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX applications_end_customer_idx ON applications (end_customer_id);
    `,
  },
];
