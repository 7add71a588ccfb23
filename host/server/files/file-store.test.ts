import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '@sensorium/core/server';
import { startS3Server } from '../testing/s3-server';
import { DiskFileStore } from './disk-file-store';
import { S3FileStore } from './s3-file-store';

const stores: [string, () => Promise<{ store: FileStore; close(): Promise<void> }>][] = [
  [
    'the data folder',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'sensorium-files-'));
      return { store: new DiskFileStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'an S3-compatible bucket',
    async () => {
      const s3 = await startS3Server();
      const store = new S3FileStore(s3.config);
      await store.ensureBucket();
      return { store, close: s3.close };
    },
  ],
];

describe.each(stores)('file store in %s', (_name, open) => {
  let store: FileStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close?.());

  it('keeps, lists and deletes files, and a whole folder at once', async () => {
    await store.put('backups/plant/one.zip', Buffer.from('first'));
    await store.put('backups/plant/two.zip', Buffer.from('second'));
    await store.put('backups/other/three.zip', Buffer.from('third'));
    expect((await store.get('backups/plant/one.zip'))?.toString()).toBe('first');
    expect((await store.list('backups/plant')).sort()).toEqual(['backups/plant/one.zip', 'backups/plant/two.zip']);
    await store.delete('backups/plant/one.zip');
    expect(await store.get('backups/plant/one.zip')).toBeNull();
    await store.delete('backups/plant');
    expect(await store.list('backups/plant')).toEqual([]);
    expect((await store.get('backups/other/three.zip'))?.toString()).toBe('third');
  });

  it('answers null for a file that was never stored', async () => {
    expect(await store.get('applications/logos/none.png')).toBeNull();
  });
});

describe('object storage download links', () => {
  it('hands out a link valid for 3600 s that serves the file with its type', async () => {
    const s3 = await startS3Server();
    try {
      const store = new S3FileStore(s3.config);
      await store.ensureBucket();
      await store.put('applications/logos/plant/logo.png', Buffer.from('png bytes'), 'image/png');
      const link = await store.downloadUrl('applications/logos/plant/logo.png', 3600);
      expect(new URL(link).searchParams.get('X-Amz-Expires')).toBe('3600');
      const response = await fetch(link);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(await response.text()).toBe('png bytes');
    } finally {
      await s3.close();
    }
  });
});
