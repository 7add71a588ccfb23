import { applicationDataParticipants, DatabaseToken, defineServerPlugin } from '@sensorium/core/server';
import { ruleEvaluators } from '@sensorium/device-pipeline/common';
import { EventStoreToken } from '@sensorium/events/common';
import { ItemLookupToken } from '@sensorium/nodes/common';
import { eventSettingsI18n } from '../common/i18n';
import { rulesDataParticipant } from './application-data';
import { manifest } from '../manifest';
import { EventSettingsConfig } from './config';
import { migrations } from './migrations';
import { RuleCache } from './rule-cache';
import { ruleEvaluator } from './rule-evaluator';
import { RuleRepository } from './rule-repository';
import { ruleRoutes } from './routes';

export default defineServerPlugin({
  manifest,
  migrations,
  i18n: eventSettingsI18n,
  config: EventSettingsConfig,
  deps: { db: DatabaseToken, lookup: ItemLookupToken, events: EventStoreToken },
  register(context, { db, lookup, events }) {
    const cache = new RuleCache();
    const changed = (appId: string) => cache.invalidate(appId);
    const rules = new RuleRepository(db, changed);
    for (const route of ruleRoutes(rules, lookup)) context.addRoute(route);
    context.contribute(ruleEvaluators, ruleEvaluator(cache, context.config.timeZone));
    context.contribute(applicationDataParticipants, rulesDataParticipant(db, events, changed));
  },
});
