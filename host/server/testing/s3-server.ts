import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { ObjectStorageConfig } from '@sensorium/core/server';

/** A real S3-compatible server (s3rver) on a random local port, for tests of object-storage mode. */
export async function startS3Server(): Promise<{ config: ObjectStorageConfig; close(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'sensorium-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    // s3rver accepts its own fixed development credentials.
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'sensorium',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
