import type { Migration } from '@sensorium/core/server';

/** Applied in this order, once each; append new steps and never edit one that has shipped. */
export const migrations: Migration[] = [
  {
    id: '001-create-public-alert-links',
    sql: `
      CREATE TABLE public_alert_keys (
        kid serial PRIMARY KEY,
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz
      );
      -- One signing key at a time: two instances making the first key at once keep one of them.
      CREATE UNIQUE INDEX public_alert_keys_current ON public_alert_keys ((true)) WHERE retired_at IS NULL;
      CREATE TABLE public_alert_links (
        jti text PRIMARY KEY,
        kid integer NOT NULL REFERENCES public_alert_keys (kid),
        event_id uuid NOT NULL REFERENCES node_events (id) ON DELETE CASCADE,
        app_id text NOT NULL,
        contact_id text,
        actor_label text NOT NULL,
        actions text[] NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX public_alert_links_event ON public_alert_links (event_id);
    `,
  },
];
