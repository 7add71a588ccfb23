import { eq } from 'drizzle-orm';
import type { ApplicationData, ApplicationDataParticipant, Database } from '@sensorium/core/server';
import { contacts } from './schema';

type Row = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const date = (value: unknown): Date | undefined =>
  typeof value === 'string' || value instanceof Date ? new Date(value) : undefined;
const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);
const priority = (value: unknown): number => (Number.isInteger(value) && (value as number) >= 1 ? (value as number) : 1);

/** Dates as ISO text, as a backup stores them. */
function toJson(row: object): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/**
 * An application's contacts in its backups. Backups made while nodes owned the table hold them in the nodes section
 * (`nodes.items`, without the columns added since): they restore here with those columns' defaults.
 */
export function contactsDataParticipant(db: Database): ApplicationDataParticipant {
  return {
    id: 'notifications.contacts',
    order: 30,
    formerIds: ['nodes.items'],
    async exportData(appId: string): Promise<ApplicationData> {
      const rows = await db.select().from(contacts).where(eq(contacts.appId, appId));
      return { data: [{ table: 'contacts', rows: rows.map(toJson) }], files: [] };
    },
    async importData(targetAppId, exported, transaction) {
      const rows = exported.data.find((set) => set.table === 'contacts')?.rows ?? [];
      const sameApp = rows.every((row) => row.appId === targetAppId);
      for (const row of rows) {
        await transaction.insert(contacts).values({
          ...(sameApp ? { id: text(row.id) } : {}),
          appId: targetAppId,
          name: text(row.name),
          smsNum: text(row.smsNum),
          phone: text(row.phone),
          email: text(row.email),
          department: text(row.department),
          post: text(row.post),
          priority: priority(row.priority),
          misc: text(row.misc),
          unsubscribed: flag(row.unsubscribed, false),
          smsEnable: flag(row.smsEnable, true),
          whatsappEnable: flag(row.whatsappEnable, true),
          emailEnable: flag(row.emailEnable, true),
          phoneEnable: flag(row.phoneEnable, true),
          createdAt: date(row.createdAt),
          updatedAt: date(row.updatedAt),
        });
      }
    },
    async deleteData(appId, transaction) {
      await transaction.delete(contacts).where(eq(contacts.appId, appId));
    },
  };
}
