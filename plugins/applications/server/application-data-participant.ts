import { eq } from 'drizzle-orm';
import type { ApplicationData, ApplicationDataParticipant, Database } from '@sensorium/core/server';
import type { LogoStore } from './logo-store';
import { applications } from './schema';

type ApplicationRow = typeof applications.$inferSelect;

/** The row as JSON-safe values (dates as ISO text), as a backup stores it. */
function toJson(row: ApplicationRow): Record<string, unknown> {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * The applications plugin's own share of an application's data: its row and its logo file. Order 0: restored first
 * (everything else references the row) and deleted last. deleteData removes only the logo files: the row itself is
 * deleted by DELETE /application/{id}/ after every participant, and a restore into the same application keeps it.
 */
export function applicationDataParticipant(db: Database, logos: LogoStore): ApplicationDataParticipant {
  return {
    id: 'applications.application',
    order: 0,
    async exportData(appId: string): Promise<ApplicationData> {
      const [row] = await db.select().from(applications).where(eq(applications.id, appId));
      if (!row) return { data: [{ table: 'applications', rows: [] }], files: [] };
      const logo = row.logo ? await logos.read(appId, row.logo) : null;
      return {
        data: [{ table: 'applications', rows: [toJson(row)] }],
        files: logo && row.logo ? [{ name: row.logo, content: logo.content }] : [],
      };
    },
    async importData(targetAppId, exported, transaction) {
      const row = exported.data.find((set) => set.table === 'applications')?.rows[0];
      if (!row) return;
      const logo = typeof row.logo === 'string' && row.logo ? row.logo : null;
      const file = exported.files.find((entry) => entry.name === logo);
      if (logo && file) await logos.restore(targetAppId, logo, file.content);
      const restored = {
        name: String(row.name),
        description: String(row.description ?? ''),
        logo: file ? logo : null,
        setting: (row.setting ?? {}) as Record<string, unknown>,
        updatedAt: new Date(),
      };
      // Restoring over an existing application keeps its end customer; a new application takes the exported one.
      await transaction
        .insert(applications)
        .values({ id: targetAppId, endCustomerId: String(row.endCustomerId), ...restored })
        .onConflictDoUpdate({ target: applications.id, set: restored });
    },
    async deleteData(appId) {
      await logos.removeAll(appId);
    },
  };
}
