import type { Migration } from '@sensorium/core/server';

/**
 * Applied in this order, once each; append new steps and never edit one that has shipped. The profiles themselves stay
 * in the nodes plugin's device_profiles table (reached through its DeviceProfileCatalog).
 */
export const migrations: Migration[] = [
  {
    id: '001-create-device-profiles-items',
    sql: `
      CREATE TABLE device_profiles_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // The generated skeleton's table is not used.
    id: '002-drop-device-profiles-items',
    sql: `DROP TABLE IF EXISTS device_profiles_items;`,
  },
];
