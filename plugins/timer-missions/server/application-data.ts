import { asc, eq, sql } from 'drizzle-orm';
import type { ApplicationData, ApplicationDataParticipant, Database } from '@sensorium/core/server';
import { isKnownTimeZone, type MissionAction, type MissionTimeSlot } from '../common';
import type { MissionRepository } from './repository';
import { timerMissionAppSettings, timerMissions } from './schema';

type Row = Record<string, unknown>;

const MISSIONS = 'timer_missions';
const SETTINGS = 'timer_missions_app_settings';
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

const date = (value: unknown): Date | undefined => (typeof value === 'string' ? new Date(value) : undefined);
const rowsOf = (exported: ApplicationData, table: string): Row[] => exported.data.find((set) => set.table === table)?.rows ?? [];

/**
 * A backed-up mission as a row of `appId`, or null when the backup's row is not a mission. It keeps its id only in the
 * application it came from (another application's copy must not share the original's id).
 */
function restoredMission(appId: string, row: Row): typeof timerMissions.$inferInsert | null {
  if (typeof row.missionName !== 'string' || !Array.isArray(row.actions) || !Array.isArray(row.timeslots)) return null;
  return {
    ...(row.appId === appId && typeof row.id === 'string' ? { id: row.id } : {}),
    appId,
    missionName: row.missionName,
    description: typeof row.description === 'string' ? row.description : '',
    isEnabled: row.isEnabled !== false,
    actions: row.actions as MissionAction[],
    timeslots: row.timeslots as MissionTimeSlot[],
    createdAt: date(row.createdAt),
    updatedAt: date(row.updatedAt),
  };
}

/** Backed-up schedule settings as the row of `appId`; a zone this server does not know falls back to the server's. */
function restoredSettings(appId: string, row: Row): typeof timerMissionAppSettings.$inferInsert {
  const holidays = Array.isArray(row.holidays) ? row.holidays.filter((day) => typeof day === 'string' && DAY_KEY.test(day)) : [];
  return {
    appId,
    timeZone: typeof row.timeZone === 'string' && isKnownTimeZone(row.timeZone) ? row.timeZone : null,
    holidays: [...new Set(holidays as string[])].sort(),
    updatedAt: date(row.updatedAt),
  };
}

/**
 * An application's timer missions and schedule settings (time zone, holiday calendar) in its backups, after the items
 * their actions command (order 40). Actions name their device by item name, which a restore keeps, so a restore into
 * another application, whose items get fresh uuids, points them at the copies without remapping. The run log stays out
 * of backups: it records commands already sent to devices (the audit trail keeps them too), and a restored mission does
 * not look at starts before the restore, so old claims would guard nothing.
 */
export function missionsDataParticipant(db: Database, missions: MissionRepository): ApplicationDataParticipant {
  return {
    id: 'timer-missions.missions',
    order: 40,
    async exportData(appId: string): Promise<ApplicationData> {
      const [rows, settings] = await Promise.all([
        db
          .select()
          .from(timerMissions)
          .where(eq(timerMissions.appId, appId))
          .orderBy(asc(timerMissions.createdAt), asc(timerMissions.id)),
        db.select().from(timerMissionAppSettings).where(eq(timerMissionAppSettings.appId, appId)),
      ]);
      const missionRows = rows.map(({ checkedUntil: _checked, createdAt, updatedAt, ...mission }) => ({
        ...mission,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
      }));
      const settingRows = settings.map(({ appId: _app, updatedAt, ...setting }) => ({
        ...setting,
        updatedAt: updatedAt.toISOString(),
      }));
      return {
        data: [
          { table: MISSIONS, rows: missionRows },
          { table: SETTINGS, rows: settingRows },
        ],
        files: [],
      };
    },
    async importData(targetAppId, exported, transaction) {
      for (const row of rowsOf(exported, MISSIONS)) {
        const mission = restoredMission(targetAppId, row);
        // The scheduler looks at it from the moment it is restored (after the restore deleted the current missions, not
        // the transaction's start): a start the mission ran before the restore is never run again (its run row went with
        // the replaced mission), and the starts between the backup and the restore are not replayed.
        if (mission) await transaction.insert(timerMissions).values({ ...mission, checkedUntil: sql`clock_timestamp()` });
      }
      const [settings] = rowsOf(exported, SETTINGS);
      if (settings) await transaction.insert(timerMissionAppSettings).values(restoredSettings(targetAppId, settings));
    },
    deleteData: (appId, transaction) => missions.deleteApplication(appId, transaction),
  };
}
