import type { ComponentType } from 'react';
import { createExtensionPoint } from '../../../core/common';
import type { EventSummaryRow } from './types';

/**
 * The events feature contributes the source of the alarm bell's summary (its events table).
 * With no source installed there are no events, and the summary is empty.
 */
export interface EventSummarySource {
  summarise(appIds: readonly string[]): Promise<EventSummaryRow[]>;
}
export const eventSummarySources = createExtensionPoint<EventSummarySource>('applications.event-summary-sources/v1');

export interface ApplicationSettingTabProps {
  appId: string;
}

/** A tab of the Application Setting page (shell spec §2.8): Overview is the applications plugin's; Data Backup is the backups plugin's. */
export interface ApplicationSettingTab {
  id: string;
  titleKey: string;
  order: number;
  component: ComponentType<ApplicationSettingTabProps>;
}
export const applicationSettingTabs = createExtensionPoint<ApplicationSettingTab>('applications.setting-tabs/v1');

/** Rows of one table that belong to one application, as a backup stores them. */
export interface ApplicationDataSet {
  table: string;
  rows: Record<string, unknown>[];
}

/**
 * Everything a plugin keeps for one application, in the database and on disk, so that a backup holds all of it
 * and a restore puts it back. The applications plugin contributes its own row and logo; every plugin that stores
 * per-application data (nodes, events, themes…) contributes a participant.
 */
export interface ApplicationDataParticipant {
  /** Unique, e.g. `applications.application`; also the folder of its files in the backup. */
  id: string;
  /** Order of restore: lower first (the application row before what references it). */
  order: number;
  exportData(appId: string): Promise<{ data: ApplicationDataSet[]; files: { name: string; content: Buffer }[] }>;
  /**
   * Replaces the application's data with what was exported, inside the restore's transaction (`run` executes SQL in it).
   * `targetAppId` may differ from the exported application id (restore into a new application).
   */
  importData(
    targetAppId: string,
    exported: { data: ApplicationDataSet[]; files: { name: string; content: Buffer }[] },
    transaction: unknown,
  ): Promise<void>;
  /** Deletes the application's data (before a restore into the same application, or when the application is deleted). */
  deleteData(appId: string, transaction: unknown): Promise<void>;
}
export const applicationDataParticipants = createExtensionPoint<ApplicationDataParticipant>('applications.data-participants/v1');
