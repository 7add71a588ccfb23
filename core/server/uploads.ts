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

/**
 * Reads one file from a multipart request of a `rawBody` route. A missing file, a wrong type or an oversized file is a
 * translated 400/413 naming the field, so nothing is stored.
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
        stream.on('end', () => done({ filename: info.filename ?? '', mimeType: info.mimeType, content: Buffer.concat(chunks) }));
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
