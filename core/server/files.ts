import { createToken } from '@sensorium/core/common';

/**
 * Where uploaded files live (logos, background images, backups): under SENSORIUM_DATA_DIR by default; an
 * object-storage implementation can replace it. Keys are relative paths such as `applications/logos/plant.png`.
 */
export interface FileStore {
  /** `contentType` lets object storage serve the file with its type. */
  put(key: string, content: Buffer, contentType?: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix, e.g. every backup of an application. */
  list(prefix: string): Promise<string[]>;
  /**
   * Object storage only: a link to the file that the browser fetches from the storage itself, valid for `seconds`.
   * Routes serving stored images redirect to it when the store has one.
   */
  downloadUrl?(key: string, seconds: number): Promise<string>;
}

/** How long object-storage download links stay valid (shell spec §7). */
export const DOWNLOAD_URL_SECONDS = 3600;
export const FileStoreToken = createToken<FileStore>('core.file-store');
