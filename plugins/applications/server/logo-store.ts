import { randomUUID } from 'node:crypto';
import { DOWNLOAD_URL_SECONDS, type FileStore } from '@sensorium/core/server';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));
/** Logo ids are ours (uuid + extension), so a path-like id from a request never reaches the file store. */
const LOGO_ID = /^[a-f0-9-]{36}\.(png|jpg|gif|webp)$/;

/** An application's logo files, under `applications/logos/<appId>/<logoId>` in the file store. */
export class LogoStore {
  constructor(private readonly files: FileStore) {}

  private folder(appId: string): string {
    return `logos/${appId}/`;
  }

  isLogoId(logoId: string): boolean {
    return LOGO_ID.test(logoId);
  }

  /** Stores a new logo file and returns its id. */
  async save(appId: string, mimeType: string, content: Buffer): Promise<string> {
    const logoId = `${randomUUID()}.${EXTENSIONS[mimeType] ?? 'bin'}`;
    await this.files.put(this.folder(appId) + logoId, content, mimeType);
    return logoId;
  }

  /** Puts a logo back under its own id (restore). */
  async restore(appId: string, logoId: string, content: Buffer): Promise<void> {
    if (!this.isLogoId(logoId)) return;
    await this.files.put(this.folder(appId) + logoId, content);
  }

  async read(appId: string, logoId: string): Promise<{ content: Buffer; contentType: string } | null> {
    if (!this.isLogoId(logoId)) return null;
    const content = await this.files.get(this.folder(appId) + logoId);
    const contentType = CONTENT_TYPES[logoId.slice(logoId.lastIndexOf('.') + 1)];
    return content && contentType ? { content, contentType } : null;
  }

  /** With object storage, an expiring link the browser loads the logo from; null when files are served by us. */
  async downloadUrl(appId: string, logoId: string): Promise<string | null> {
    return this.files.downloadUrl ? this.files.downloadUrl(this.folder(appId) + logoId, DOWNLOAD_URL_SECONDS) : null;
  }

  async exists(appId: string, logoId: string): Promise<boolean> {
    return (await this.read(appId, logoId)) !== null;
  }

  /** Every logo file of the application except `keep` (the replaced and the cleared ones). */
  async removeAll(appId: string, keep?: string | null): Promise<void> {
    const keys = await this.files.list(this.folder(appId));
    for (const key of keys) {
      if (keep && key.endsWith(`/${keep}`)) continue;
      await this.files.delete(key);
    }
  }
}
