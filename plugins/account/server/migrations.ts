import type { Migration } from '@sensorium/core/server';

/**
 * The account plugin's tables: pending sign-ups, password-reset links, the secret that keys code hashes and the wrong
 * sign-up codes that throttling counts.
 */
export const migrations: Migration[] = [
  {
    id: '001-signups-and-resets',
    sql: `
      CREATE TABLE account_signups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash text NOT NULL UNIQUE,
        email text NOT NULL,
        password_hash text NOT NULL,
        code_hash text,
        code_expires_at timestamptz NOT NULL,
        code_sent_at timestamptz NOT NULL DEFAULT now(),
        tries integer NOT NULL DEFAULT 0,
        verified_at timestamptz,
        completed_at timestamptz,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX account_signups_email_idx ON account_signups (email, created_at);
      CREATE TABLE account_password_resets (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        email text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX account_password_resets_user_idx ON account_password_resets (user_id);
      CREATE TABLE account_secret (
        id integer PRIMARY KEY CHECK (id = 1),
        secret text NOT NULL
      );
      INSERT INTO account_secret (id, secret) VALUES (1, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
    `,
  },
  {
    // Wrong sign-up codes are counted across codes and sign-ups (throttled per e-mail and address); the verify step
    // hands out a proof that the company step must carry.
    id: '002-code-failures-and-signup-proof',
    sql: `
      CREATE TABLE account_code_failures (
        id bigserial PRIMARY KEY,
        email text NOT NULL,
        address text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX account_code_failures_email_idx ON account_code_failures (email, at);
      CREATE INDEX account_code_failures_address_idx ON account_code_failures (address, at);
      ALTER TABLE account_signups ADD COLUMN proof_hash text UNIQUE;
    `,
  },
];
