import { createExtensionPoint, PERMISSIONS, type SessionUser } from '@sensorium/core/common';

/**
 * Seeds demo data through the plugin's own services (the same code paths a user's calls take).
 * The host runs every seeder once, on first start with SENSORIUM_SEED_DEMO on, in plugin order.
 */
export interface DemoSeeder {
  id: string;
  run(): Promise<void>;
}
export const demoSeeders = createExtensionPoint<DemoSeeder>('core.demo-seeders/v1');

/** Seeders act as the operator (level cloud, every permission), through the services the API uses. */
export const DEMO_OPERATOR: SessionUser = {
  id: 'demo-seeder',
  username: 'demo-seeder',
  name: 'Demo seeder',
  level: 'cloud',
  permissions: [...PERMISSIONS],
  organisationId: null,
  endCustomerId: null,
};
