import { cast, types, type Instance } from 'mobx-state-tree';
import { RequestModel, track, type Outcome } from '@sensorium/core/client';
import type { Backup, BackupProgress } from '../common';
import { backupsApi } from './api';

/** Tables page at 10 rows (shell spec §9). */
export const BACKUPS_PAGE_SIZE = 10;

export const BackupModel = types.model('Backup', {
  folder: types.string,
  description: types.string,
  createDate: types.string,
  size: types.number,
  status: types.enumeration('BackupStatus', ['creating', 'ready', 'failed']),
});

/**
 * The Data Backup tab of one application (shell spec §2.8, node spec §2.13): its backups, paged at 10 rows in the
 * browser, and the progress of creating, deleting and restoring them.
 */
export const BackupsStore = types
  .model('BackupsStore', {
    appId: types.maybeNull(types.string),
    backups: types.array(BackupModel),
    /** 0-based page of the table. */
    page: 0,
    loading: types.optional(RequestModel, {}),
    creating: types.optional(RequestModel, {}),
    /** Percent of the running creation from the backup-progress push; null until the first message. */
    progress: types.maybeNull(types.number),
    deleting: types.optional(RequestModel, {}),
    restoring: types.optional(RequestModel, {}),
    /** Fetching a zip to download. */
    downloading: types.optional(RequestModel, {}),
  })
  .views((self) => ({
    get pages(): number {
      return Math.max(1, Math.ceil(self.backups.length / BACKUPS_PAGE_SIZE));
    },
  }))
  .views((self) => ({
    /** The page shown: the one chosen, or the last one when the list has shrunk below it. */
    get currentPage(): number {
      return Math.min(self.page, self.pages - 1);
    },
  }))
  .views((self) => ({
    get shown() {
      return self.backups.slice(self.currentPage * BACKUPS_PAGE_SIZE, (self.currentPage + 1) * BACKUPS_PAGE_SIZE);
    },
  }))
  .actions((self) => ({
    select(appId: string) {
      self.appId = appId;
      self.backups.clear();
      self.page = 0;
    },
    setBackups(backups: Backup[]) {
      self.backups = cast(backups);
    },
    setPage(page: number) {
      self.page = Math.max(0, Math.min(page, self.pages - 1));
    },
    setProgress(percent: number | null) {
      self.progress = percent;
    },
    /** A backup-progress push: it moves the bar of this application's running creation only. */
    onProgress(progress: BackupProgress) {
      if (self.creating.pending && progress.appId === self.appId) self.progress = progress.percent;
    },
  }))
  .actions((self) => {
    const api = () => backupsApi(self);
    /** On error the list is empty (spec §7); the HTTP client has logged the failure. */
    async function load(): Promise<void> {
      const appId = self.appId;
      if (appId === null) return;
      const outcome = await track(self.loading, () => api().list(appId));
      if (self.appId === appId) self.setBackups(outcome.ok ? outcome.value : []);
    }
    const withApp = <T>(call: (appId: string) => Promise<Outcome<T>>): Promise<Outcome<T>> =>
      self.appId === null
        ? Promise.resolve({ ok: false, failure: { status: null, message: null, fields: {} } })
        : call(self.appId);
    return {
      load,
      /** Shows one application's backups, from the first page. */
      open(appId: string): Promise<void> {
        self.select(appId);
        return load();
      },
      /** Resolves once the zip is stored; the list then starts again at its first page, where the new backup is. */
      create: (description: string) =>
        withApp(async (appId) => {
          self.setProgress(null);
          const outcome = await track(self.creating, () => api().create(appId, description));
          if (outcome.ok) {
            self.setPage(0);
            await load();
          }
          return outcome;
        }),
      /** The list is reloaded whether or not the deletion succeeded. */
      remove: (folder: string) =>
        withApp(async (appId) => {
          const outcome = await track(self.deleting, () => api().remove(appId, folder));
          await load();
          return outcome;
        }),
      /** Into this application, or into a new application id (refused with its field when taken). */
      restore: (folder: string, targetAppId?: string) =>
        withApp((appId) => track(self.restoring, () => api().restore(appId, folder, targetAppId))),
      /** The zip of a backup; a failure is only logged (spec §8). */
      download: (folder: string) => withApp((appId) => track(self.downloading, () => api().download(appId, folder))),
      clearRestoreFailure() {
        self.restoring.clear();
      },
    };
  });

export type BackupsStoreInstance = Instance<typeof BackupsStore>;
