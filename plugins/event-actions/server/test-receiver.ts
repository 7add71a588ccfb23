import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 for tests: it records each request and answers the next status queued in `answers`
 * (200 when none is queued).
 */
export async function startTestReceiver() {
  const requests: ReceivedRequest[] = [];
  const answers: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      response.statusCode = answers.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    port,
    requests,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver does with X-Sensorium-Signature (docs/alarm-loop.md): the HMAC of `t.payload`, at most 5 minutes old. */
export function signatureVerifies(secret: string, header: string, payload: string): boolean {
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('='))) as Record<string, string>;
  const expected = createHmac('sha256', secret).update(`${t}.${payload}`).digest();
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= 300;
  return fresh && v1?.length === 64 && timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
