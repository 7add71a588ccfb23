import type { HttpClient } from '@sensorium/core/client';
import type { Backup } from '../common';

const encode = encodeURIComponent;

/** The backup calls of shell spec §7 (Backups) plus restore, through the console's HTTP client. */
export function backupApi(http: HttpClient) {
  return {
    /** On error it yields an empty list (spec §7). */
    list: (appId: string): Promise<Backup[]> =>
      http
        .get(`backup/${encode(appId)}`)
        .json<Backup[]>()
        .catch(() => []),
    create: (appId: string, description: string) =>
      http.post(`backup/${encode(appId)}`, { json: { description } }).json<Backup>(),
    remove: (appId: string, folder: string) => http.delete(`backup/${encode(appId)}/${encode(folder)}`),
    restore: (appId: string, folder: string, targetAppId?: string) =>
      http
        .post(`backup/${encode(appId)}/${encode(folder)}/restore`, { json: targetAppId ? { targetAppId } : {} })
        .json<{ appId: string }>(),
    /** Saves the zip as backup-{folder}.zip; a failure is only logged (spec §8). */
    async download(appId: string, folder: string): Promise<void> {
      try {
        const zip = await http.get(`backup/download/${encode(appId)}/${encode(folder)}`).blob();
        const url = URL.createObjectURL(zip);
        const link = Object.assign(document.createElement('a'), { href: url, download: `backup-${folder}.zip` });
        document.body.append(link);
        link.click();
        link.remove();
        // Give the browser time to start the download before the blob goes.
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } catch (error) {
        console.error(`Download of backup ${folder} failed`, error);
      }
    },
  };
}

export type BackupApi = ReturnType<typeof backupApi>;
