import { ConsoleSettingsToken, DatabaseToken, defineServerPlugin } from '@sensorium/core/server';
import { ApplicationBrandingToken } from '@sensorium/applications/common';
import { EventStoreToken } from '@sensorium/events/common';
import { PublicLinksToken } from '../common';
import { publicAlertI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { LinkKeys } from './link-keys';
import { linkRoutes } from './link-routes';
import { migrations } from './migrations';
import { LinkService } from './public-links';
import { publicRoutes } from './public-routes';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: publicAlertI18n,
  deps: { db: DatabaseToken, settings: ConsoleSettingsToken, events: EventStoreToken, branding: ApplicationBrandingToken },
  provides: [PublicLinksToken],
  register(context, { db, settings, events, branding }) {
    const now = () => new Date();
    const links = new LinkService(db, new LinkKeys(db, now), () => settings.publicUrl(), now);
    context.provide(PublicLinksToken, links);
    for (const route of publicRoutes({ links, events, branding })) context.addRoute(route);
    for (const route of linkRoutes(links)) context.addRoute(route);
  },
});
