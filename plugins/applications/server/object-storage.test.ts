import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../../host/server/testing/s3-server';
import { startTestServer, type TestServer } from '../../../host/server/testing';
import applications from './index';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

// Object-storage mode (shell spec §7): logos live in the S3-compatible bucket and image links go to the storage,
// expiring after 3600 s.
describe('application logos in object storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer({ plugins: [applications], objectStorage: s3.config });
    admin = (await server.login()).access_token;
    await server.request('POST', '/api/application/new/', {
      token: admin,
      body: { id: 'plant', name: 'Plant', endCustomerId: 'end_default' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('stores the upload in the bucket and sends image tags to an expiring storage link', async () => {
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
    const upload = await fetch(`${server.url}/api/application/plant/logo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { logo } = (await upload.json()) as { logo: string };

    const answer = await fetch(`${server.url}/api/application/plant/${logo}?token=${admin}&t=1`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const link = new URL(answer.headers.get('location')!);
    expect(link.origin).toBe(s3.config.endpoint);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('3600');
    // The console's pages allow images from the storage the links point to.
    expect(answer.headers.get('content-security-policy')).toMatch(new RegExp(`img-src [^;]*${link.origin}`));
    const image = await fetch(link);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await server.request('DELETE', '/api/application/plant/logo', { token: admin })).status).toBe(200);
    expect((await fetch(link)).status).toBe(404);
  });
});
