import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { HttpError, type AuditLog, type Database } from '@sensorium/core/server';
import type { ItemCommands } from '@sensorium/nodes/common';
import {
  occurrencesBetween,
  type Occurrence,
  type RunCommandResult,
  type ScheduleCalendar,
  type TickSummary,
  type TimerScheduler,
} from '../common';
import { manifest } from '../manifest';
import { SERVER_TIME_ZONE } from './repository';
import { timerMissionAppSettings, timerMissionRuns, timerMissions } from './schema';

/** How often the host runs a pass: a start is sent within this many seconds of its time. */
export const TICK_MS = 5_000;
/** A start found this late (the server was down) is still sent; a later one is recorded as skipped. */
export const CATCH_UP_MS = 10 * 60_000;
/** After a longer downtime, starts older than this are neither sent nor recorded. */
export const LOOKBACK_MS = 2 * 24 * 3_600_000;
/**
 * A run still `sending` this long after its claim was cut off (the process died between the claim and the outcome): a
 * pass marks it `interrupted` so the log stops showing it as under way. It is not sent again (at most once).
 */
export const INTERRUPTED_AFTER_MS = 10 * 60_000;

type MissionRow = typeof timerMissions.$inferSelect;

function failureText(error: unknown): string {
  return error instanceof HttpError ? error.code : (error as Error).message;
}

/**
 * Runs timer missions (docs/timer-missions.md). Each pass looks at every enabled mission's slot starts since the mission
 * was last looked at (its `checked_until`) up to now, in its application's zone and calendar. A start is claimed by
 * inserting its run row (unique per mission and instant, ON CONFLICT DO NOTHING): only the pass that inserted it sends
 * the actions' commands, so several instances, or a pass repeated after a restart, never send a start twice.
 */
export class MissionScheduler implements TimerScheduler {
  constructor(
    private readonly db: Database,
    private readonly commands: ItemCommands,
    private readonly audit: AuditLog,
  ) {}

  async tick(now = new Date()): Promise<TickSummary> {
    const summary: TickSummary = { sent: 0, failed: 0, skipped: 0 };
    await this.markInterrupted(now);
    const missions = await this.db
      .select()
      .from(timerMissions)
      .where(and(eq(timerMissions.isEnabled, true), lt(timerMissions.checkedUntil, now)));
    if (missions.length === 0) return summary;
    const calendars = await this.calendars([...new Set(missions.map((mission) => mission.appId))]);
    for (const mission of missions) {
      const calendar = calendars.get(mission.appId) ?? { timeZone: SERVER_TIME_ZONE, holidays: new Set<string>() };
      const from = new Date(Math.max(mission.checkedUntil.getTime(), now.getTime() - LOOKBACK_MS));
      for (const occurrence of occurrencesBetween(mission.timeslots, from, now, calendar)) {
        const status = await this.run(mission, occurrence, now);
        if (status) summary[status]++;
      }
    }
    // One statement moves every looked-at mission on; a pass that threw before here leaves them to the next pass,
    // whose claims skip what this one already sent.
    await this.db
      .update(timerMissions)
      .set({ checkedUntil: sql`greatest(${timerMissions.checkedUntil}, ${now.toISOString()}::timestamptz)` })
      .where(
        inArray(
          timerMissions.id,
          missions.map((mission) => mission.id),
        ),
      );
    return summary;
  }

  /** Runs left `sending` by a process that died mid-send become `interrupted`, each audited as a failure. */
  private async markInterrupted(now: Date): Promise<void> {
    const cutOff = new Date(now.getTime() - INTERRUPTED_AFTER_MS);
    const runs = await this.db
      .update(timerMissionRuns)
      .set({ status: 'interrupted' })
      .where(and(eq(timerMissionRuns.status, 'sending'), lt(timerMissionRuns.ranAt, cutOff)))
      .returning({
        id: timerMissionRuns.id,
        missionId: timerMissionRuns.missionId,
        appId: timerMissionRuns.appId,
        scheduledAt: timerMissionRuns.scheduledAt,
      });
    if (runs.length === 0) return;
    const names = await this.db
      .select({ id: timerMissions.id, missionName: timerMissions.missionName })
      .from(timerMissions)
      .where(inArray(timerMissions.id, [...new Set(runs.map((run) => run.missionId))]));
    for (const run of runs) {
      await this.audit.record({
        userId: null,
        username: 'system',
        action: 'timer-missions.run.interrupted',
        type: 'system',
        target: run.missionId,
        targetName: names.find((mission) => mission.id === run.missionId)?.missionName ?? null,
        pluginId: manifest.id,
        address: null,
        outcome: 'failure',
        detail: { appId: run.appId, scheduledAt: run.scheduledAt.toISOString(), status: 'interrupted' },
      });
    }
  }

  private async calendars(appIds: string[]): Promise<Map<string, ScheduleCalendar>> {
    const rows = await this.db.select().from(timerMissionAppSettings).where(inArray(timerMissionAppSettings.appId, appIds));
    return new Map(
      rows.map((row) => [row.appId, { timeZone: row.timeZone ?? SERVER_TIME_ZONE, holidays: new Set(row.holidays) }]),
    );
  }

  /** Claims one start and sends it (or records it as skipped when too late); null when another pass claimed it. */
  private async run(mission: MissionRow, occurrence: Occurrence, now: Date): Promise<'sent' | 'failed' | 'skipped' | null> {
    const late = now.getTime() - occurrence.at.getTime() > CATCH_UP_MS;
    const [claim] = await this.db
      .insert(timerMissionRuns)
      .values({
        missionId: mission.id,
        appId: mission.appId,
        scheduledAt: occurrence.at,
        slotIndex: occurrence.slotIndex,
        status: late ? 'skipped' : 'sending',
        results: [],
      })
      .onConflictDoNothing()
      .returning({ id: timerMissionRuns.id });
    if (!claim) return null;

    const results: RunCommandResult[] = [];
    if (!late) {
      for (const action of mission.actions) {
        const { deviceName, commandId } = action;
        try {
          await this.commands.sendByItemName(mission.appId, deviceName, commandId);
          results.push({ deviceName, commandId, outcome: 'sent' });
        } catch (error) {
          results.push({ deviceName, commandId, outcome: 'failed', error: failureText(error) });
        }
      }
    }
    const status = late ? 'skipped' : results.some((result) => result.outcome === 'failed') ? 'failed' : 'sent';
    await this.db
      .update(timerMissionRuns)
      .set({ status, results, ranAt: sql`now()` })
      .where(eq(timerMissionRuns.id, claim.id));
    await this.audit.record({
      userId: null,
      username: 'system',
      action: late ? 'timer-missions.run.skipped' : 'timer-missions.run',
      // A run sends commands to devices; a skipped one sends nothing and is the scheduler's own record (docs/audit.md).
      type: late ? 'system' : 'device',
      target: mission.id,
      targetName: mission.missionName,
      pluginId: manifest.id,
      address: null,
      outcome: status === 'sent' ? 'success' : 'failure',
      detail: {
        appId: mission.appId,
        missionName: mission.missionName,
        scheduledAt: occurrence.at.toISOString(),
        status,
        results,
      },
    });
    return status;
  }
}
