import type { Migration } from '@sensorium/core/server';

/**
 * contacts, made by nodes before this plugin existed: a database where nodes made it keeps it and its rows. The new
 * columns follow in a step of their own, so they reach both kinds of database.
 */
export const contactMigrations: Migration[] = [
  {
    id: 'contacts-001-create',
    replaces: { pluginId: 'nodes', migrationIds: ['005-create-contacts'] },
    sql: `
      CREATE TABLE IF NOT EXISTS contacts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        app_id text NOT NULL,
        name text NOT NULL,
        sms_num text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        department text NOT NULL DEFAULT '',
        post text NOT NULL DEFAULT '',
        sms_enable boolean NOT NULL DEFAULT true,
        phone_enable boolean NOT NULL DEFAULT true,
        email_enable boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX IF NOT EXISTS contacts_app ON contacts (app_id, name);
    `,
  },
  {
    id: 'contacts-002-channels-and-priority',
    sql: `
      ALTER TABLE contacts ADD COLUMN whatsapp_enable boolean NOT NULL DEFAULT true;
      ALTER TABLE contacts ADD COLUMN priority integer NOT NULL DEFAULT 1;
      ALTER TABLE contacts ADD COLUMN misc text NOT NULL DEFAULT '';
      ALTER TABLE contacts ADD COLUMN unsubscribed boolean NOT NULL DEFAULT false;
    `,
  },
];
