import { randomUUID } from 'node:crypto';
import { DOWNLOAD_URL_SECONDS, type FileStore } from '@sensorium/core/server';
import { OBJECT_NAME_PATTERN } from '../../common/extra-inputs';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));

/**
 * Site and floor-plan images of items (spec 2.2, 7.4), under `objects/<appId>/<name>` in the plugin's file store (stored as
 * `nodes/objects/…`). Names are ours (uuid + extension), so a name from a request never reaches the store as a path.
 */
export class NodeObjectStore {
  constructor(private readonly files: FileStore) {}

  folder(appId: string): string {
    return `objects/${appId}/`;
  }

  async save(appId: string, mimeType: string, content: Buffer): Promise<string> {
    const name = `${randomUUID()}.${EXTENSIONS[mimeType] ?? 'bin'}`;
    await this.files.put(this.folder(appId) + name, content, mimeType);
    return name;
  }

  async read(appId: string, name: string): Promise<{ content: Buffer; contentType: string } | null> {
    if (!OBJECT_NAME_PATTERN.test(name)) return null;
    const contentType = CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (!contentType) return null;
    const content = await this.files.get(this.folder(appId) + name);
    return content ? { content, contentType } : null;
  }

  /** The names of the application's images. */
  async list(appId: string): Promise<string[]> {
    const folder = this.folder(appId);
    return (await this.files.list(folder)).map((key) => key.slice(key.lastIndexOf('/') + 1));
  }

  /** Puts an image back under its own name (restore). */
  async restore(appId: string, name: string, content: Buffer): Promise<void> {
    const contentType = CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (OBJECT_NAME_PATTERN.test(name) && contentType) await this.files.put(this.folder(appId) + name, content, contentType);
  }

  async downloadUrl(appId: string, name: string): Promise<string | null> {
    return this.files.downloadUrl ? this.files.downloadUrl(this.folder(appId) + name, DOWNLOAD_URL_SECONDS) : null;
  }

  async remove(appId: string, name: string | undefined | null): Promise<void> {
    if (name && OBJECT_NAME_PATTERN.test(name)) await this.files.delete(this.folder(appId) + name);
  }

  async removeAll(appId: string): Promise<void> {
    for (const key of await this.files.list(this.folder(appId))) await this.files.delete(key);
  }
}
