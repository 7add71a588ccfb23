import type { Migration } from '@sensorium/core/server';

/** Core's schema steps (plugin id "core"), applied before any plugin's. Never edit an applied step; add a new one. */
export const coreMigrations: Migration[] = [
  {
    id: '001-accounts',
    sql: `
      CREATE TABLE user_groups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        permissions jsonb NOT NULL DEFAULT '[]'::jsonb,
        organisation_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        name text NOT NULL DEFAULT '',
        email text,
        phone text,
        level text NOT NULL CHECK (level IN ('cloud', 'si-customer', 'end-customer')),
        group_id uuid REFERENCES user_groups (id) ON DELETE SET NULL,
        organisation_id text,
        end_customer_id text,
        disabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash text NOT NULL,
        remember_me boolean NOT NULL DEFAULT false,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        replaced_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
    `,
  },
  {
    id: '002-audit-records',
    sql: `
      CREATE TABLE audit_records (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        user_id uuid,
        username text,
        action text NOT NULL,
        target text,
        plugin_id text NOT NULL,
        address text,
        outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
        detail jsonb
      );
      CREATE INDEX audit_records_at_idx ON audit_records (at);
      CREATE INDEX audit_records_action_target_idx ON audit_records (action, target, at);
    `,
  },
  {
    id: '003-system',
    sql: `
      CREATE TABLE system_settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL
      );
      CREATE TABLE job_leases (
        job_id text PRIMARY KEY,
        holder text NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
  },
  {
    id: '004-second-factor',
    sql: `ALTER TABLE users ADD COLUMN otp_enabled boolean NOT NULL DEFAULT false;`,
  },
  {
    id: '005-mail-outbox',
    sql: `
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        recipient text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text,
        status text NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'kept')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX mail_outbox_due_idx ON mail_outbox (status, next_attempt_at);
      CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at);
    `,
  },
  {
    id: '006-login-challenges-and-organisations',
    sql: `
      CREATE TABLE login_challenges (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        remember_me boolean NOT NULL DEFAULT false,
        expires_at timestamptz NOT NULL,
        channel text,
        code_hash text,
        code_expires_at timestamptz,
        code_sent_at timestamptz,
        tries integer NOT NULL DEFAULT 0
      );
      CREATE TABLE organisations (
        id text PRIMARY KEY,
        name text NOT NULL,
        size text NOT NULL DEFAULT '',
        role text NOT NULL DEFAULT '',
        end_customer_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // The users plugin added these columns to core's table before core owned them.
    id: '007-user-profile-columns',
    sql: `
      ALTER TABLE users ADD COLUMN scope text NOT NULL DEFAULT '';
      ALTER TABLE users ADD COLUMN ldap_url text;
      ALTER TABLE users ADD COLUMN user_dn text;
    `,
    replaces: { pluginId: 'users', migrationIds: ['001-user-columns-api-keys-application-users'] },
  },
  {
    // Sign-in throttling counts failures per address from the audit trail. A pending login belongs to the address
    // that gave the password, so nobody else can spend its code tries or replace it; pending logins live 10 minutes,
    // so the ones open during the upgrade are dropped rather than given an address.
    id: '008-login-throttle-by-address',
    sql: `
      CREATE INDEX audit_records_action_address_idx ON audit_records (action, address, at);
      DELETE FROM login_challenges;
      ALTER TABLE login_challenges ADD COLUMN address text NOT NULL;
      ALTER TABLE login_challenges DROP CONSTRAINT login_challenges_pkey;
      ALTER TABLE login_challenges ADD PRIMARY KEY (user_id, address);
    `,
  },
  {
    // Usernames are compared without case (sign-in, second factor, sign-up checks), so two may not differ only in
    // case. Accounts that already do are not renamed behind their owners' backs: the step stops and names them.
    id: '009-usernames-unique-without-case',
    sql: `
      DO $$
      DECLARE clashes text;
      BEGIN
        SELECT string_agg(names, '; ') INTO clashes FROM (
          SELECT string_agg(username, ', ' ORDER BY username) AS names FROM users
          GROUP BY lower(username) HAVING count(*) > 1
        ) AS same_but_case;
        IF clashes IS NOT NULL THEN
          RAISE EXCEPTION 'usernames that differ only in case must be renamed first: %', clashes;
        END IF;
      END $$;
      CREATE UNIQUE INDEX users_username_lower_idx ON users (lower(username));
    `,
  },
  {
    // Each organisation's device password for the embedded MQTT broker, as a salted scrypt hash (shown once when set).
    id: '010-mqtt-organisation-credentials',
    sql: `
      CREATE TABLE mqtt_credentials (
        organisation_id text PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
        password_hash text NOT NULL,
        rotated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // Mailer.send's dedupKey: a job retried after queueing its e-mail (a notification's delivery) queues no second one.
    id: '011-mail-outbox-dedup-key',
    sql: `
      ALTER TABLE mail_outbox ADD COLUMN dedup_key text;
      CREATE UNIQUE INDEX mail_outbox_dedup_key_idx ON mail_outbox (dedup_key);
    `,
  },
  {
    // The audit history report (issue 14): the spec's record fields, the organisation the record belongs to (an
    // si-customer's view without a join), the archive that records older than the archive age move to, and the indexes
    // the enquiry (time range, type, organisation; newest first) needs on a million rows.
    id: '012-audit-history',
    sql: `
      ALTER TABLE audit_records
        ADD COLUMN type text NOT NULL DEFAULT 'useraction' CHECK (type IN ('system', 'device', 'equipment', 'useraction')),
        ADD COLUMN target_name text,
        ADD COLUMN location text,
        ADD COLUMN log_key text,
        ADD COLUMN log_params jsonb,
        ADD COLUMN organisation_id text;
      UPDATE audit_records SET organisation_id = users.organisation_id FROM users WHERE users.id = audit_records.user_id;
      CREATE INDEX audit_records_type_at_idx ON audit_records (type, at);
      CREATE INDEX audit_records_organisation_at_idx ON audit_records (organisation_id, at);
      CREATE TABLE audit_records_archive (LIKE audit_records INCLUDING CONSTRAINTS);
      ALTER TABLE audit_records_archive ADD PRIMARY KEY (id);
      CREATE INDEX audit_records_archive_at_idx ON audit_records_archive (at);
      CREATE INDEX audit_records_archive_type_at_idx ON audit_records_archive (type, at);
      CREATE INDEX audit_records_archive_organisation_at_idx ON audit_records_archive (organisation_id, at);
    `,
  },
  {
    // Rate limits shared by every instance on this database (host/server/http/database-rate-limit-store.ts): a row per
    // route and caller, the window's calls and its end; ended windows are swept, the index finds them.
    id: '013-rate-limit-hits',
    sql: `
      CREATE TABLE rate_limit_hits (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        window_ends_at timestamptz NOT NULL
      );
      CREATE INDEX rate_limit_hits_window_ends_at_idx ON rate_limit_hits (window_ends_at);
    `,
  },
];
