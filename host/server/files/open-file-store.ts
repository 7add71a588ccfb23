import type { FileStore, ServerConfig } from '@sensorium/core/server';
import { DiskFileStore } from './disk-file-store';
import { S3FileStore } from './s3-file-store';

/** The configured store: the S3-compatible bucket when object storage is on, else the data folder. */
export async function openFileStore(config: ServerConfig): Promise<FileStore> {
  if (!config.objectStorage) return new DiskFileStore(config.dataDir);
  const store = new S3FileStore(config.objectStorage);
  await store.ensureBucket();
  return store;
}
