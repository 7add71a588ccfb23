import {
  applicationDataParticipants,
  ConsoleSettingsToken,
  contentSources,
  DatabaseToken,
  DataSourceDirectoryToken,
  defineServerPlugin,
  DeviceOwnersToken,
  demoSeeders,
  deviceTagSources,
  FileStoreToken,
  OutboundRequestsToken,
  PushHubToken,
  templateOrigin,
} from '@sensorium/core/server';
import { ApplicationAccessToken } from '@sensorium/applications/common';
import { nodesI18n } from '../common/i18n';
import { itemDeletionHooks, preferenceChangeHooks } from '../common/item-hooks';
import { rangeActionValidators } from '../common/range-action-validators';
import { DeviceProfileCatalogToken } from '../common/device-profiles';
import { ItemCommandsToken } from '../common/item-commands';
import { ItemLookupToken } from '../common/item-lookup';
import { ItemStateToken } from '../common/item-state';
import { ItemSourceErrorsToken } from '../common/source-errors';
import { TreeWriterToken } from '../common/tree-writer';
import { manifest } from '../manifest';
import { nodesDataParticipant } from './application-data-participant';
import { NodesConfig } from './config';
import { nodesDemoSeeder } from './demo-seeder';
import { deviceProfileCatalog, deviceProfileRoutes } from './device-profiles';
import { createNodeItems } from './items';
import { Geocoder, geocoderUserAgent, GeoStore, locationRoutes, mapRoutes, NodeObjectStore } from './maps';
import { migrations } from './migrations';
import { commandRoutes } from './routes/command-routes';
import { itemRoutes } from './routes/item-routes';
import { preferenceRoutes } from './routes/preference-routes';
import { onlyVisibleItems } from './routes/visible-items';
import { siteObjectsParticipant } from './site-objects-participant';
import { deviceOwners } from './state/device-owners';
import { itemLookup } from './state/item-lookup';
import { itemStateStore } from './state/item-state-store';
import { itemSourceErrors } from './state/source-errors';
import { TreePush } from './tree-push';
import { treeWriter } from './tree-writer';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: nodesI18n,
  config: NodesConfig,
  deps: {
    db: DatabaseToken,
    access: ApplicationAccessToken,
    directory: DataSourceDirectoryToken,
    files: FileStoreToken,
    outbound: OutboundRequestsToken,
    settings: ConsoleSettingsToken,
    hub: PushHubToken,
  },
  provides: [
    ItemStateToken,
    ItemLookupToken,
    DeviceOwnersToken,
    ItemSourceErrorsToken,
    ItemCommandsToken,
    DeviceProfileCatalogToken,
    TreeWriterToken,
  ],
  register(context, { db, access, directory, files, outbound, settings, hub }) {
    const itemDeps = {
      directory: () => directory,
      deletionHooks: () => context.contributions(itemDeletionHooks),
      preferenceHooks: () => context.contributions(preferenceChangeHooks),
      rangeValidators: () => context.contributions(rangeActionValidators),
    };
    const items = createNodeItems(db, itemDeps);
    const objects = new NodeObjectStore(files);
    const geo = new GeoStore(db, items.rows);
    const { config } = context;
    const geocoder = new Geocoder(outbound, () => ({
      url: config.geocoderUrl,
      userAgent: geocoderUserAgent(settings.version, config.geocoderContact ?? [settings.publicUrl(), settings.supportEmail]),
      intervalMs: config.geocoderIntervalMs,
    }));
    const treePush = new TreePush(hub, access, () => context.contributions(deviceTagSources), items.tree);
    for (const route of [
      ...itemRoutes(items, treePush),
      ...preferenceRoutes(items),
      ...commandRoutes(items),
      ...deviceProfileRoutes(db),
      ...mapRoutes(items.rows, geo, objects),
      ...locationRoutes(config, geocoder),
    ])
      context.addRoute(onlyVisibleItems(route, items.tree));
    const tileOrigin = config.mapTileUrl ? templateOrigin(config.mapTileUrl) : null;
    if (tileOrigin) context.contribute(contentSources, { imgSrc: [tileOrigin] });
    context.contribute(applicationDataParticipants, nodesDataParticipant(db));
    context.contribute(applicationDataParticipants, siteObjectsParticipant(db, objects));
    context.contribute(demoSeeders, nodesDemoSeeder(access, items));
    // The device pipeline reads and writes items' state through these (it depends on this plugin, not the reverse).
    context.provide(ItemStateToken, itemStateStore());
    context.provide(ItemLookupToken, itemLookup(db, items.tree, objects));
    // event-actions' tasks send an item's command when an event changes.
    context.provide(ItemCommandsToken, {
      sendByItemName: (appId, itemName, commandId) => items.tasks.sendCommandToItemNamed(appId, itemName, commandId),
    });
    // Sources that fetch their data themselves (crawler, PRTG) keep their last failure on the item through it.
    context.provide(ItemSourceErrorsToken, itemSourceErrors(db));
    // The embedded broker holds each organisation's device credentials to the devices of its items.
    context.provide(DeviceOwnersToken, deviceOwners(db, access));
    // The device-profiles plugin manages the catalogue of profiles offered to every application through it.
    context.provide(DeviceProfileCatalogToken, deviceProfileCatalog(db));
    // The project wizard writes a template's whole tree through it, inside the project's transaction.
    context.provide(TreeWriterToken, treeWriter(db, itemDeps));
  },
});
