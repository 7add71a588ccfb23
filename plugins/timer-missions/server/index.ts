import { applicationDataParticipants, AuditLogToken, DatabaseToken, defineServerPlugin } from '@sensorium/core/server';
import { ItemCommandsToken, ItemLookupToken } from '@sensorium/nodes/common';
import { timerMissionsI18n, TimerSchedulerToken } from '../common';
import { manifest } from '../manifest';
import { missionsDataParticipant } from './application-data';
import { migrations } from './migrations';
import { MissionRepository } from './repository';
import { missionRoutes } from './routes';
import { MissionScheduler, TICK_MS } from './scheduler';

/** Timer Mission Setting (accounts spec §2) and the scheduler that runs the missions (docs/timer-missions.md). */
export default defineServerPlugin({
  manifest,
  migrations,
  i18n: timerMissionsI18n,
  deps: { db: DatabaseToken, audit: AuditLogToken, lookup: ItemLookupToken, commands: ItemCommandsToken },
  provides: [TimerSchedulerToken],
  register(context, { db, audit, lookup, commands }) {
    const missions = new MissionRepository(db);
    const scheduler = new MissionScheduler(db, commands, audit);
    context.provide(TimerSchedulerToken, scheduler);
    for (const route of missionRoutes(missions, lookup)) context.addRoute(route);
    // The host runs it on one instance at a time; the run rows keep a start from being sent twice even if two overlap.
    context.addJob({ id: 'timer-missions.tick', intervalMs: TICK_MS, run: async () => void (await scheduler.tick()) });
    // Backed up, restored and deleted with the application.
    context.contribute(applicationDataParticipants, missionsDataParticipant(db, missions));
  },
});
