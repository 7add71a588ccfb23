import type { Migration } from '@sensorium/core/server';

/** The providers part's table (see schema.ts); one row per organisation (or the operator's default) and channel. */
export const providerMigrations: Migration[] = [
  {
    id: 'providers-001-create-providers',
    sql: `
      CREATE TABLE notifications_providers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organisation_id text REFERENCES organisations (id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('sms', 'whatsapp', 'voice')),
        kind text NOT NULL CHECK (kind IN ('twilio', 'http')),
        settings jsonb NOT NULL DEFAULT '{}',
        secret text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX notifications_providers_channel ON notifications_providers (coalesce(organisation_id, ''), channel);
    `,
  },
];
