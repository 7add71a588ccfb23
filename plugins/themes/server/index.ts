import { DatabaseToken, defineServerPlugin, demoSeeders, FileStoreToken } from '../../../core/server';
import { themesI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { BackgroundImages } from './background-images';
import { themesDemoSeeder } from './demo-seeder';
import { migrations } from './migrations';
import { themeRoutes } from './routes';
import { ThemeRepository } from './theme-repository';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: themesI18n,
  register(context) {
    const repository = new ThemeRepository(context.resolve(DatabaseToken));
    const images = new BackgroundImages(context.resolve(FileStoreToken));
    for (const route of themeRoutes(repository, images)) context.addRoute(route);
    context.contribute(demoSeeders, themesDemoSeeder(repository));
  },
});
