import { DatabaseToken, defineServerPlugin, demoSeeders, FileStoreToken, routeScopes } from '@sensorium/core/server';
import { THEME_SCOPE, ThemeLookupToken } from '../common';
import { themesI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { BackgroundImages } from './background-images';
import { themesDemoSeeder } from './demo-seeder';
import { migrations } from './migrations';
import { themeLookup } from './theme-lookup';
import { themeRoutes } from './routes';
import { ThemeRepository } from './theme-repository';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: themesI18n,
  deps: { db: DatabaseToken, files: FileStoreToken },
  provides: [ThemeLookupToken],
  register(context, { db, files }) {
    const repository = new ThemeRepository(db);
    const images = new BackgroundImages(files);
    context.contribute(routeScopes, { kind: THEME_SCOPE, load: (user, id) => repository.findVisible(user, id) });
    for (const route of themeRoutes(repository, images)) context.addRoute(route);
    context.contribute(demoSeeders, themesDemoSeeder(repository));
    // Dashboards check the theme a user chooses, and show it through share links.
    context.provide(ThemeLookupToken, themeLookup(repository, images));
  },
});
