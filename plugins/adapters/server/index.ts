import { applicationDataParticipants, DatabaseToken, defineServerPlugin, LoggerToken, MailerToken } from '@sensorium/core/server';
import { payloadAdapters } from '@sensorium/device-pipeline/common';
import { EventStoreToken } from '@sensorium/events/common';
import { DeviceProfileCatalogToken, ItemLookupToken, ItemSourceErrorsToken } from '@sensorium/nodes/common';
import { TextMessagesToken } from '@sensorium/notifications/common';
import { adaptersI18n } from '../common/i18n';
import { manifest } from '../manifest';
import { scriptsDataParticipant } from './application-data';
import { AdaptersConfig, sandboxLimits } from './config';
import { migrations } from './migrations';
import { HelperActions } from './pipeline/helper-actions';
import { ItemProfiles } from './pipeline/item-profiles';
import { ScriptIndex } from './pipeline/script-index';
import { ScriptedPayloads } from './pipeline/scripted-payloads';
import { ScriptRepository } from './repository';
import { adapterRoutes } from './routes';
import { IsolatedSandbox } from './sandbox/isolated-sandbox';

/** Device adapter scripts: the editor's API, the sandbox and the pipeline's payload adapter (docs/adapters.md). */
export default defineServerPlugin({
  manifest,
  migrations,
  config: AdaptersConfig,
  i18n: adaptersI18n,
  deps: {
    db: DatabaseToken,
    log: LoggerToken,
    mailer: MailerToken,
    lookup: ItemLookupToken,
    catalog: DeviceProfileCatalogToken,
    sourceErrors: ItemSourceErrorsToken,
    events: EventStoreToken,
    texts: TextMessagesToken,
  },
  async register(context, { db, log, mailer, lookup, catalog, sourceErrors, events, texts }) {
    // Scripts run in a worker thread of their own, started now so the first uplinks do not wait for it.
    const sandbox = new IsolatedSandbox(sandboxLimits(context.config), context.config.helperCallsPerMinute);
    await sandbox.start();
    context.onClose(() => sandbox.close());
    const scripts = new ScriptRepository(db);
    const index = new ScriptIndex();
    const helpers = new HelperActions({ mailer, events, texts, log });
    context.contribute(payloadAdapters, new ScriptedPayloads(sandbox, index, new ItemProfiles(lookup), sourceErrors, helpers));
    for (const route of adapterRoutes({ scripts, index, sandbox, lookup, catalog })) context.addRoute(route);
    // Item scripts are backed up, restored and deleted with their application.
    context.contribute(applicationDataParticipants, scriptsDataParticipant(db, scripts, lookup, index));
  },
});
