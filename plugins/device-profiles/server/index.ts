import { defineServerPlugin } from '@sensorium/core/server';
import { DeviceProfileCatalogToken } from '@sensorium/nodes/common';
import { deviceProfilesI18n } from '../common';
import { manifest } from '../manifest';
import { migrations } from './migrations';
import { deviceProfileManagementRoutes } from './routes';
import { seedDisplayUnitProfile } from './seed';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: deviceProfilesI18n,
  deps: { catalog: DeviceProfileCatalogToken },
  async register(context, { catalog }) {
    await seedDisplayUnitProfile(catalog);
    for (const route of deviceProfileManagementRoutes(catalog)) context.addRoute(route);
  },
});
