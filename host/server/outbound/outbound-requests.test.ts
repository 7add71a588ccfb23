import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundRequestError } from '@sensorium/core/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboundRequests } from './outbound-requests';

const servers: Server[] = [];

async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function refusal(promise: Promise<unknown>): Promise<OutboundRequestError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRequestError);
  return error as OutboundRequestError;
}

describe('outbound requests', () => {
  it('refuses a listener on 127.0.0.1 by default, and reaches it with the allow-list', async () => {
    let hits = 0;
    const base = await listen((_req, res) => {
      hits++;
      res.setHeader('content-type', 'application/json').end('{"ok":true}');
    });
    const error = await refusal(createOutboundRequests().fetch(`${base}/x`));
    expect(error.reason).toBe('address-refused');
    expect(error.message).toContain('127.0.0.1');
    expect(hits).toBe(0);

    const response = await createOutboundRequests(['127.0.0.0/8']).fetch(`${base}/x`);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(hits).toBe(1);
  });

  it('refuses localhost by name, IPv6 loopback and the metadata address', async () => {
    const outbound = createOutboundRequests();
    expect((await refusal(outbound.fetch('http://localhost:1/'))).reason).toBe('address-refused');
    expect((await refusal(outbound.fetch('http://[::1]:1/'))).reason).toBe('address-refused');
    expect((await refusal(outbound.fetch('http://[::ffff:127.0.0.1]:1/'))).reason).toBe('address-refused');
    expect((await refusal(outbound.fetch('http://169.254.169.254/latest/meta-data/'))).reason).toBe('address-refused');
    expect((await refusal(outbound.check('http://10.0.0.1/'))).reason).toBe('address-refused');
    expect((await refusal(outbound.fetch('file:///etc/passwd'))).reason).toBe('bad-url');
  });

  it('opens a host name on the allow-list', async () => {
    const base = await listen((_req, res) => res.end('hello'));
    const response = await createOutboundRequests(['localhost']).fetch(base.replace('127.0.0.1', 'localhost'));
    expect(response.text()).toBe('hello');
  });

  it('checks every redirect hop: a redirect to loopback is refused', async () => {
    let reached = 0;
    const target = await listen((_req, res) => {
      reached++;
      res.end('secret');
    });
    const port = new URL(target).port;
    // The first hop is allowed by name; the redirect goes to 127.0.0.1, which is not on the list.
    const start = await listen((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/` }).end());
    const error = await refusal(createOutboundRequests(['localhost']).fetch(start.replace('127.0.0.1', 'localhost')));
    expect(error.reason).toBe('address-refused');
    expect(reached).toBe(0);
  });

  it('follows at most maxRedirects hops', async () => {
    const base = await listen((req, res) => res.writeHead(302, { location: `/n${req.url}` }).end());
    const outbound = createOutboundRequests(['127.0.0.1']);
    expect((await refusal(outbound.fetch(base))).reason).toBe('too-many-redirects');
    const ok = await listen((req, res) => (req.url === '/' ? res.writeHead(301, { location: '/end' }).end() : res.end('end')));
    expect((await outbound.fetch(ok)).text()).toBe('end');
  });

  it('stops an oversized answer at the cap without reading the rest', async () => {
    const total = 50 * 1024 * 1024;
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 97);
    const base = await listen((_req, res) => {
      // No content-length: only counting while streaming can stop it.
      const pump = () => {
        while (written < total) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const before = process.memoryUsage().arrayBuffers;
    const error = await refusal(createOutboundRequests(['127.0.0.1']).fetch(base, { maxBytes: 100_000 }));
    expect(error.reason).toBe('too-large');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The sender is stopped by back-pressure long before 50 MB: what left it is socket buffers plus the cap.
    expect(written).toBeLessThan(10 * 1024 * 1024);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(20 * 1024 * 1024);
  });

  it('refuses a declared content-length past the cap at once', async () => {
    const base = await listen((_req, res) => res.writeHead(200, { 'content-length': '5000000' }).end());
    expect((await refusal(createOutboundRequests(['127.0.0.1']).fetch(base, { maxBytes: 1000 }))).reason).toBe('too-large');
  });

  it('times out a slow answer', async () => {
    const base = await listen(() => {});
    const error = await refusal(createOutboundRequests(['127.0.0.1']).fetch(base, { timeoutMs: 200 }));
    expect(error.reason).toBe('timeout');
  });
});
