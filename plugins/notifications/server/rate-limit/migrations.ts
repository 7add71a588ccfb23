import type { Migration } from '@sensorium/core/server';

/** The rate-limit part: organisations' own limits, and the index its count of a contact's recent messages reads. */
export const rateLimitMigrations: Migration[] = [
  {
    id: 'rate-limit-001-create-rate-limits',
    sql: `
      CREATE TABLE notifications_rate_limits (
        organisation_id text PRIMARY KEY,
        max_sent integer NOT NULL CHECK (max_sent > 0),
        window_minutes integer NOT NULL CHECK (window_minutes > 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX notifications_deliveries_contact_recent
        ON notifications_deliveries (contact_id, channel, updated_at);
    `,
  },
];
