import { createToken } from '../common';

/**
 * Where uploaded files live (logos, background images, backups): under SENSORIUM_DATA_DIR by default; an
 * object-storage implementation can replace it. Keys are relative paths such as `applications/logos/plant.png`.
 */
export interface FileStore {
  put(key: string, content: Buffer): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix, e.g. every backup of an application. */
  list(prefix: string): Promise<string[]>;
}
export const FileStoreToken = createToken<FileStore>('core.file-store');
