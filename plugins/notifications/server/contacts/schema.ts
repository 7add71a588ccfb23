import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** An application's notification clients (accounts §3 "Contacts"); made by nodes, taken over by this plugin. */
export const contacts = pgTable('contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  appId: text('app_id').notNull(),
  name: text('name').notNull(),
  /** The SMS and WhatsApp number. */
  smsNum: text('sms_num').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  department: text('department').notNull().default(''),
  post: text('post').notNull().default(''),
  priority: integer('priority').notNull().default(1),
  misc: text('misc').notNull().default(''),
  unsubscribed: boolean('unsubscribed').notNull().default(false),
  smsEnable: boolean('sms_enable').notNull().default(true),
  whatsappEnable: boolean('whatsapp_enable').notNull().default(true),
  emailEnable: boolean('email_enable').notNull().default(true),
  /** The voice channel: nodes named it after the phone number it calls. */
  phoneEnable: boolean('phone_enable').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ContactRow = typeof contacts.$inferSelect;
