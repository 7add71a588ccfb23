import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@sensorium/core/server';
import {
  nextRun,
  type MissionRun,
  type ScheduleCalendar,
  type ScheduleSettings,
  type TimerMission,
  type TimerMissionSettings,
} from '../common';
import { timerMissionAppSettings, timerMissionRuns, timerMissions } from './schema';

type MissionRow = typeof timerMissions.$inferSelect;

/** A mission as list answers it, with its next start in the application's calendar. */
export type ListedMission = TimerMission & { nextRunAt: string | null };

export function toMission(row: MissionRow): TimerMission {
  return {
    id: row.id,
    missionName: row.missionName,
    desc: row.description,
    isEnabled: row.isEnabled,
    actions: row.actions,
    timeslots: row.timeslots,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const columns = (settings: TimerMissionSettings) => ({
  missionName: settings.missionName.trim(),
  description: settings.desc,
  isEnabled: settings.isEnabled,
  actions: settings.actions.map(({ actionType, deviceName, commandId }) => ({ actionType, deviceName, commandId })),
  timeslots: settings.timeslots,
});

/** The server's own zone: an application's slots are read in it until Schedule settings name another. */
export const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Timer missions, their run log and each application's schedule settings (tables of this plugin). */
export class MissionRepository {
  constructor(private readonly db: Database) {}

  async list(appId: string, now = new Date()): Promise<ListedMission[]> {
    const [rows, calendar] = await Promise.all([
      this.db
        .select()
        .from(timerMissions)
        .where(eq(timerMissions.appId, appId))
        .orderBy(asc(timerMissions.createdAt), asc(timerMissions.id)),
      this.calendar(appId),
    ]);
    return rows.map((row) => {
      const next = row.isEnabled ? nextRun(row.timeslots, now, calendar) : null;
      return { ...toMission(row), nextRunAt: next ? next.at.toISOString() : null };
    });
  }

  /** One mission of the application, or null: what the routes check and report to the audit trail. */
  async get(appId: string, id: string): Promise<TimerMission | null> {
    const [row] = await this.db
      .select()
      .from(timerMissions)
      .where(and(eq(timerMissions.appId, appId), eq(timerMissions.id, id)));
    return row ? toMission(row) : null;
  }

  async create(appId: string, settings: TimerMissionSettings): Promise<string> {
    const [row] = await this.db
      .insert(timerMissions)
      .values({ appId, ...columns(settings) })
      .returning({ id: timerMissions.id });
    return row!.id;
  }

  /** Replaces a mission; slot starts before now are not looked at again (an edit never replays the past). */
  async update(appId: string, id: string, settings: TimerMissionSettings): Promise<boolean> {
    const rows = await this.db
      .update(timerMissions)
      .set({ ...columns(settings), checkedUntil: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(timerMissions.appId, appId), eq(timerMissions.id, id)))
      .returning({ id: timerMissions.id });
    return rows.length > 0;
  }

  /** The enable switch; switching on starts from now, so the starts it was off for are neither run nor skipped. */
  async setEnabled(appId: string, id: string, isEnabled: boolean): Promise<boolean> {
    const rows = await this.db
      .update(timerMissions)
      .set({ isEnabled, updatedAt: sql`now()`, ...(isEnabled ? { checkedUntil: sql`now()` } : {}) })
      .where(and(eq(timerMissions.appId, appId), eq(timerMissions.id, id)))
      .returning({ id: timerMissions.id });
    return rows.length > 0;
  }

  async delete(appId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(timerMissions)
      .where(and(eq(timerMissions.appId, appId), eq(timerMissions.id, id)))
      .returning({ id: timerMissions.id });
    return rows.length > 0;
  }

  /** The mission's last 50 runs, newest first. */
  async runs(appId: string, missionId: string): Promise<MissionRun[]> {
    const rows = await this.db
      .select()
      .from(timerMissionRuns)
      .where(and(eq(timerMissionRuns.appId, appId), eq(timerMissionRuns.missionId, missionId)))
      .orderBy(desc(timerMissionRuns.scheduledAt))
      .limit(50);
    return rows.map((row) => ({
      id: row.id,
      scheduledAt: row.scheduledAt.toISOString(),
      ranAt: row.ranAt.toISOString(),
      slotIndex: row.slotIndex,
      status: row.status,
      results: row.results,
    }));
  }

  async settings(appId: string): Promise<ScheduleSettings> {
    const [row] = await this.db.select().from(timerMissionAppSettings).where(eq(timerMissionAppSettings.appId, appId));
    return { timeZone: row?.timeZone ?? SERVER_TIME_ZONE, holidays: row?.holidays ?? [] };
  }

  async saveSettings(appId: string, settings: ScheduleSettings): Promise<ScheduleSettings> {
    const holidays = [...new Set(settings.holidays)].sort();
    await this.db
      .insert(timerMissionAppSettings)
      .values({ appId, timeZone: settings.timeZone, holidays })
      .onConflictDoUpdate({
        target: timerMissionAppSettings.appId,
        set: { timeZone: settings.timeZone, holidays, updatedAt: sql`now()` },
      });
    return { timeZone: settings.timeZone, holidays };
  }

  async calendar(appId: string): Promise<ScheduleCalendar> {
    const settings = await this.settings(appId);
    return { timeZone: settings.timeZone, holidays: new Set(settings.holidays) };
  }

  /** An application's missions, their run log and its settings: when it is deleted, and before a restore replaces them. */
  async deleteApplication(appId: string, tx: Database): Promise<void> {
    await tx.delete(timerMissionRuns).where(eq(timerMissionRuns.appId, appId));
    await tx.delete(timerMissions).where(eq(timerMissions.appId, appId));
    await tx.delete(timerMissionAppSettings).where(eq(timerMissionAppSettings.appId, appId));
  }
}
