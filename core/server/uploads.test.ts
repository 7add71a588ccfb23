import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from './http-error';
import { readUpload, sniffImageType } from './uploads';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

describe('readUpload checks images by content', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
    app.setErrorHandler((error, _request, reply) =>
      error instanceof HttpError
        ? reply.code(error.statusCode).send({ code: error.code, field: error.field })
        : reply.code(500).send({ message: String(error) }),
    );
    app.post('/upload', async (request) => {
      const upload = await readUpload(request, { field: 'logo', maxBytes: 1024, mimeTypes: MIME_TYPES });
      return { mimeType: upload.mimeType, size: upload.content.length };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const send = async (content: Buffer, type: string) => {
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(content)], { type }), 'logo');
    const request = new Request('http://localhost/upload', { method: 'POST', body: form });
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('accepts images whose content is an accepted image type', async () => {
    expect(await send(PNG, 'image/png')).toEqual({ status: 200, body: { mimeType: 'image/png', size: PNG.length } });
    expect((await send(GIF, 'image/gif')).status).toBe(200);
  });

  it('refuses a declared image whose content is not one (HTML, script, SVG, an unaccepted BMP) with a 400 naming the field', async () => {
    for (const [content, type] of [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/webp'],
      [Buffer.from('alert(document.cookie)'), 'image/jpeg'],
      [Buffer.from('BM\x00\x00\x00\x00', 'latin1'), 'image/png'],
      [Buffer.alloc(0), 'image/gif'],
    ] as const) {
      expect(await send(content, type), type).toEqual({ status: 400, body: { code: 'validation.fileType', field: 'logo' } });
    }
  });

  it('recognises each image type by its magic bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(GIF)).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg/>'))).toBeNull();
  });
});
