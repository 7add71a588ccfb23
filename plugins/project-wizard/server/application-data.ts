import { eq } from 'drizzle-orm';
import type { ApplicationData, ApplicationDataParticipant, Database, FieldGenerator } from '@sensorium/core/server';
import { projectDevices, projects } from './schema';

const PROJECTS = 'project_wizard_projects';
const DEVICES = 'project_wizard_devices';

type Row = Record<string, unknown>;

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const rowsOf = (exported: ApplicationData, table: string): Row[] => exported.data.find((set) => set.table === table)?.rows ?? [];

/**
 * What the wizard keeps of a project in the application's backups (order 45: after the items): its record (template,
 * location, building, address, who made it) and the devices the demo simulation drives for it. A restore into another
 * application keeps the record; a device still simulated for another application stays there (as nodes leaves its
 * binding with the item that has it), so only a free device follows the restored copy.
 */
export function projectsDataParticipant(db: Database): ApplicationDataParticipant {
  return {
    id: 'project-wizard.projects',
    order: 45,
    async exportData(appId: string): Promise<ApplicationData> {
      const [project] = await db.select().from(projects).where(eq(projects.appId, appId));
      const devices = await db.select().from(projectDevices).where(eq(projectDevices.appId, appId));
      return {
        data: [
          { table: PROJECTS, rows: project ? [{ ...project, createdAt: project.createdAt.toISOString() }] : [] },
          { table: DEVICES, rows: devices },
        ],
        files: [],
      };
    },
    async importData(targetAppId, exported, transaction) {
      const [project] = rowsOf(exported, PROJECTS);
      if (project && typeof project.startInfo === 'string' && typeof project.locationType === 'string') {
        await transaction.insert(projects).values({
          appId: targetAppId,
          startInfo: project.startInfo,
          templateId: typeof project.templateId === 'string' ? project.templateId : null,
          locationType: project.locationType,
          buildingName: text(project.buildingName),
          address: text(project.address),
          createdBy: text(project.createdBy),
          createdAt: typeof project.createdAt === 'string' ? new Date(project.createdAt) : undefined,
        });
      }
      const devices = rowsOf(exported, DEVICES).filter(
        (row) =>
          typeof row.source === 'string' &&
          typeof row.deviceId === 'string' &&
          typeof row.kind === 'string' &&
          row.generators !== null &&
          typeof row.generators === 'object',
      );
      if (devices.length === 0) return;
      await transaction
        .insert(projectDevices)
        .values(
          devices.map((row) => ({
            source: row.source as string,
            deviceId: row.deviceId as string,
            appId: targetAppId,
            kind: row.kind as string,
            generators: row.generators as Record<string, FieldGenerator>,
          })),
        )
        .onConflictDoNothing();
    },
    async deleteData(appId, transaction) {
      await transaction.delete(projectDevices).where(eq(projectDevices.appId, appId));
      await transaction.delete(projects).where(eq(projects.appId, appId));
    },
  };
}
