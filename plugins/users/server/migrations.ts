import type { Migration } from '@sensorium/core/server';

export const migrations: Migration[] = [
  // 001 also added users.scope, ldap_url and user_dn; core's 007 adds them now, so this step makes only this plugin's
  // tables and stands in for 001 on databases that ran it.
  {
    id: '002-api-keys-and-application-users',
    replaces: { pluginId: 'users', migrationIds: ['001-user-columns-api-keys-application-users'] },
    sql: `
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
