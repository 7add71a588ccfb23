import { createExtensionPoint } from '@sensorium/core/common';
import type { Database } from './database';

/** Rows of one table that belong to one application, as a backup stores them. */
export interface ApplicationDataSet {
  table: string;
  rows: Record<string, unknown>[];
}

export interface ApplicationData {
  data: ApplicationDataSet[];
  files: { name: string; content: Buffer }[];
}

/**
 * Work to run once the caller's transaction committed (e.g. a push telling the application's viewers to reload); the
 * change is done by then, so it logs its own failures rather than throwing.
 */
export type AfterCommit = () => Promise<void>;

/**
 * Everything a plugin keeps for one application, in the database and on disk, so that a backup holds all of it, a
 * restore puts it back and deleting the application removes it. Every plugin that stores per-application data
 * (the application row and logo, nodes, events, themes…) contributes a participant.
 */
export interface ApplicationDataParticipant {
  /** Unique, e.g. `applications.application`; also the folder of its files in a backup. */
  id: string;
  /** Restore and delete order: lower first on restore, last on delete (the application row before what references it). */
  order: number;
  /**
   * Participants whose backups held this data before it changed owner (`nodes.items` held the events the device
   * pipeline owns now): restoring such a backup hands this participant their data too, and it takes its own tables.
   */
  formerIds?: readonly string[];
  exportData(appId: string): Promise<ApplicationData>;
  /**
   * Writes exported data for `targetAppId` (which may differ from the exported id) inside the caller's transaction; may
   * answer work the caller runs once it committed.
   */
  importData(targetAppId: string, exported: ApplicationData, transaction: Database): Promise<AfterCommit | void>;
  /** Deletes the application's data inside the caller's transaction; may answer work to run once it committed. */
  deleteData(appId: string, transaction: Database): Promise<AfterCommit | void>;
}

export const applicationDataParticipants = createExtensionPoint<ApplicationDataParticipant>('core.application-data/v1');

/**
 * Data kept about an application outside its backups (the backups themselves): removed when the application is deleted,
 * never exported or restored.
 */
export interface ApplicationDeletionHook {
  id: string;
  /** Deletes rows inside the deletion's transaction. */
  deleteData(appId: string, transaction: Database): Promise<void>;
  /** Removes files once the deletion has committed (a rolled-back deletion must not lose them). */
  afterDelete?(appId: string): Promise<void>;
}

export const applicationDeletionHooks = createExtensionPoint<ApplicationDeletionHook>('core.application-deletion/v1');

/** Everything that must go when an application is deleted. */
export interface ApplicationDataOwners {
  participants: readonly ApplicationDataParticipant[];
  deletionHooks: readonly ApplicationDeletionHook[];
}
