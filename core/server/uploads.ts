import Busboy from 'busboy';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

export interface Upload {
  filename: string;
  mimeType: string;
  content: Buffer;
}

export interface UploadRules {
  /** The form field holding the file, e.g. `logo`. */
  field: string;
  maxBytes: number;
  /** Accepted MIME types, e.g. `['image/png', 'image/jpeg']`. */
  mimeTypes: readonly string[];
}

/** How each image type starts (its magic bytes); `null` matches any byte. */
const IMAGE_SIGNATURES: Record<string, (number | null)[][]> = {
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ],
  // "RIFF", the file size, then "WEBP".
  'image/webp': [[0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50]],
  'image/bmp': [[0x42, 0x4d]],
};

/** The image type the content really is (by its magic bytes), or null when it is none of the known ones. */
export function sniffImageType(content: Buffer): string | null {
  for (const [type, signatures] of Object.entries(IMAGE_SIGNATURES)) {
    const matches = (signature: (number | null)[]) =>
      content.length >= signature.length && signature.every((byte, index) => byte === null || content[index] === byte);
    if (signatures.some(matches)) return type;
  }
  return null;
}

/**
 * The declared type is the client's word: an image must also be an accepted image by content, or a script or HTML page
 * could be stored and later served as the console's own file.
 */
function isAcceptedContent(declared: string, content: Buffer, rules: UploadRules): boolean {
  if (!(declared in IMAGE_SIGNATURES)) return true;
  const detected = sniffImageType(content);
  return detected !== null && rules.mimeTypes.includes(detected);
}

/**
 * Reads one file from a multipart request of a `rawBody` route. A missing file, a wrong type or an oversized file is a
 * translated 400/413 naming the field, so nothing is stored. Images are checked by content, not by their declared type.
 */
export function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let parser: Busboy.Busboy;
    try {
      parser = Busboy({ headers: request.headers, limits: { files: 1, fileSize: rules.maxBytes, fields: 10 } });
    } catch {
      reject(HttpError.badRequest('validation.fileRequired', rules.field));
      return;
    }
    let upload: Promise<Upload> | null = null;
    parser.on('file', (field, stream, info) => {
      if (field !== rules.field || upload) {
        stream.resume();
        return;
      }
      upload = new Promise((done, fail) => {
        if (!rules.mimeTypes.includes(info.mimeType)) {
          stream.resume();
          fail(HttpError.badRequest('validation.fileType', rules.field, { types: rules.mimeTypes.join(', ') }));
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => fail(new HttpError(413, 'validation.fileTooLarge', { max: rules.maxBytes }, rules.field)));
        stream.on('end', () => {
          const content = Buffer.concat(chunks);
          if (!isAcceptedContent(info.mimeType, content, rules)) {
            fail(HttpError.badRequest('validation.fileType', rules.field, { types: rules.mimeTypes.join(', ') }));
          } else done({ filename: info.filename ?? '', mimeType: info.mimeType, content });
        });
        stream.on('error', fail);
      });
      upload.catch(() => undefined);
    });
    parser.on('error', () => reject(HttpError.badRequest('validation.fileRequired', rules.field)));
    parser.on('close', () => {
      if (!upload) reject(HttpError.badRequest('validation.fileRequired', rules.field));
      else upload.then(resolve, reject);
    });
    request.raw.pipe(parser);
  });
}
