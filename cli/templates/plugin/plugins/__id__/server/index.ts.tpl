import { DatabaseToken, defineServerPlugin } from '@sensorium/core/server';
import { manifest } from '../manifest';
import { migrations } from './migrations';
import { {{camelName}}Routes } from './routes';

export default defineServerPlugin({
  manifest,
  migrations,
  register(context) {
    for (const route of {{camelName}}Routes(context.resolve(DatabaseToken))) context.addRoute(route);
  },
});
