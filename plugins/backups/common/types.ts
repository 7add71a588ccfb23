/** A backup copy of one application (shell spec §3), as GET /backup/{appId} lists it. */
export interface Backup {
  /** Sortable, timestamp-based id; also the zip's name (backup-{folder}.zip). */
  folder: string;
  description: string;
  /** ISO date the backup was taken. */
  createDate: string;
  /** Size of the zip in bytes. */
  size: number;
  status: BackupStatus;
}

/** `creating` while the zip is written; a failed creation leaves no row, one the server's stopping interrupted is `failed`. */
export type BackupStatus = 'creating' | 'ready' | 'failed';

/** Push topic carrying the creation progress of a backup, to users who can see the application. */
export const BACKUP_PROGRESS_TOPIC = 'backup-progress';

export interface BackupProgress {
  appId: string;
  folder: string;
  /** 0 to 100. */
  percent: number;
}

/** manifest.json at the root of every backup zip. */
export interface BackupManifest {
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  applicationId: string;
  createdDate: string;
  description: string;
  /** Rows per table. */
  counts: Record<string, number>;
  /** Ids of the participants whose data the zip holds (each has `<id>/data.json` and `<id>/files/…`). */
  participants: string[];
}

export const BACKUP_FORMAT_VERSION = 1;
