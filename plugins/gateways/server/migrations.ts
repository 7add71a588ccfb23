import type { Migration } from '@sensorium/core/server';

/** Applied in this order, once each; append new steps and never edit one that has shipped. */
export const migrations: Migration[] = [
  {
    id: '001-create-gateways-items',
    sql: `
      CREATE TABLE gateways_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // The generated skeleton's table gives way to the gateways of node spec §3.4. organisation_id null: the operator's.
    id: '002-create-gateways',
    sql: `
      DROP TABLE IF EXISTS gateways_items;
      CREATE TABLE gateways (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id text NULL REFERENCES organisations (id) ON DELETE CASCADE,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        type text NOT NULL DEFAULT 'chirpstack' CHECK (type IN ('chirpstack', 'ttn')),
        gateway_id text NOT NULL,
        remark text NOT NULL DEFAULT '',
        synced boolean NOT NULL DEFAULT false,
        latest_package_update timestamptz NULL,
        offline_since timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX gateways_gateway_id ON gateways (COALESCE(organisation_id, ''), gateway_id);
    `,
  },
];
