import type { Migration } from '@sensorium/core/server';

export const migrations: Migration[] = [
  {
    id: '001-user-columns-api-keys-application-users',
    sql: `
      ALTER TABLE users ADD COLUMN scope text NOT NULL DEFAULT '';
      ALTER TABLE users ADD COLUMN ldap_url text;
      ALTER TABLE users ADD COLUMN user_dn text;
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name text NOT NULL,
        prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      );
      CREATE INDEX api_keys_user_idx ON api_keys (user_id);
      -- Which users and groups may use an application (User Setup). No foreign key to applications:
      -- a deletion hook removes the rows with the application, and restores keep them.
      CREATE TABLE application_users (
        app_id text NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        device_tags jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (app_id, user_id)
      );
      CREATE INDEX application_users_user_idx ON application_users (user_id);
      CREATE TABLE application_groups (
        app_id text NOT NULL,
        group_id uuid NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (app_id, group_id)
      );
    `,
  },
];
