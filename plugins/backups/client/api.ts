import { getEnv } from 'mobx-state-tree';
import type { HttpClient, StoreEnv } from '@sensorium/core/client';
import type { Backup } from '../common';

const encode = encodeURIComponent;

/** The backup calls of shell spec §7 (Backups) plus restore, through the console's HTTP client; for the store only. */
export function createBackupsApi(http: HttpClient) {
  return {
    list: (appId: string) => http.get(`backup/${encode(appId)}`).json<Backup[]>(),
    create: (appId: string, description: string) =>
      http.post(`backup/${encode(appId)}`, { json: { description } }).json<Backup>(),
    remove: (appId: string, folder: string) => http.delete(`backup/${encode(appId)}/${encode(folder)}`).then(() => undefined),
    restore: (appId: string, folder: string, targetAppId?: string) =>
      http
        .post(`backup/${encode(appId)}/${encode(folder)}/restore`, { json: targetAppId ? { targetAppId } : {} })
        .json<{ appId: string }>(),
    /** The zip of a backup. */
    download: (appId: string, folder: string) => http.get(`backup/download/${encode(appId)}/${encode(folder)}`).blob(),
  };
}

export type BackupsApi = ReturnType<typeof createBackupsApi>;

/** The API for a store node, through the console's HTTP client in the store's environment. */
export function backupsApi(node: object): BackupsApi {
  return createBackupsApi(getEnv<Pick<StoreEnv, 'http'>>(node).http);
}

/** Hands a downloaded zip to the browser as backup-{folder}.zip. */
export function saveZip(folder: string, zip: Blob): void {
  const url = URL.createObjectURL(zip);
  const link = Object.assign(document.createElement('a'), { href: url, download: `backup-${folder}.zip` });
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
