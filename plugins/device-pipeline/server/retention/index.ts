import { applicationDataParticipants, type Database, type Logger, type ServerPluginContext } from '@sensorium/core/server';
import { itemDeletionHooks, type ItemLookup } from '@sensorium/nodes/common';
import { retentionDataParticipant, retentionItemDeletionHook } from './application-data';
import { preparePartitions, RETENTION_INTERVAL_MS, RETENTION_JOB_ID, runRetention } from './retention-job';
import { retentionRoutes } from './routes';
import { RetentionSettings } from './settings';

export { RETENTION_JOB_ID, runRetention, preparePartitions } from './retention-job';
export { RetentionSettings } from './settings';

/**
 * Retention (docs/retention.md): the daily partitions of raw data and field history are made now, before any uplink
 * is stored, and then hourly by the retention job, which also deletes what is past each application's and field's
 * retention; the settings' routes; the settings in backups and gone with their application or item.
 */
export async function registerRetention(
  context: ServerPluginContext,
  deps: { db: Database; lookup: ItemLookup; log: Logger },
): Promise<void> {
  const settings = new RetentionSettings(deps.db);
  await preparePartitions(deps.db);
  context.addJob({
    id: RETENTION_JOB_ID,
    intervalMs: RETENTION_INTERVAL_MS,
    run: (signal) => runRetention(deps.db, settings, deps.lookup, { signal, log: deps.log }).then(() => undefined),
  });
  for (const route of retentionRoutes(settings, deps.lookup)) context.addRoute(route);
  context.contribute(applicationDataParticipants, retentionDataParticipant(settings, deps.lookup));
  context.contribute(itemDeletionHooks, retentionItemDeletionHook(settings));
}
