import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { BackupStatus } from '../common';

export const backups = pgTable(
  'backups',
  {
    appId: text('app_id').notNull(),
    folder: text('folder').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<BackupStatus>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.appId, table.folder] })],
);
