import { randomBytes } from 'node:crypto';
import { DOWNLOAD_URL_SECONDS, type FileStore, type Upload } from '@sensorium/core/server';
import { BACKGROUND_IMAGE_TYPES } from '../common';

const FOLDER = 'backgrounds';
/** Stored names are generated here, so a name from a URL that does not look like one is never a file of ours. */
export const BACKGROUND_IMAGE_NAME = /^[a-z0-9-]+\.(png|jpg|gif|webp)$/;

const CONTENT_TYPES = Object.fromEntries(Object.entries(BACKGROUND_IMAGE_TYPES).map(([type, extension]) => [extension, type]));

/** Background images of themes in the file store, under themes/backgrounds/<file>. */
export class BackgroundImages {
  constructor(private readonly files: FileStore) {}

  /** Stores an upload under a new name (never reused, so browsers never show a stale cached image). */
  async store(themeId: string, upload: Upload): Promise<string> {
    const name = `${themeId}-${randomBytes(6).toString('hex')}.${BACKGROUND_IMAGE_TYPES[upload.mimeType]}`;
    await this.files.put(`${FOLDER}/${name}`, upload.content, upload.mimeType);
    return name;
  }

  async read(name: string): Promise<{ content: Buffer; contentType: string } | null> {
    const content = BACKGROUND_IMAGE_NAME.test(name) ? await this.files.get(`${FOLDER}/${name}`) : null;
    const extension = name.split('.').pop() ?? '';
    return content ? { content, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream' } : null;
  }

  /** With object storage, an expiring link the browser loads the image from; null when files are served by us. */
  async downloadUrl(name: string): Promise<string | null> {
    return this.files.downloadUrl ? this.files.downloadUrl(`${FOLDER}/${name}`, DOWNLOAD_URL_SECONDS) : null;
  }

  async delete(name: string): Promise<void> {
    if (BACKGROUND_IMAGE_NAME.test(name)) await this.files.delete(`${FOLDER}/${name}`);
  }
}
