import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import {
  OutboundRequestError,
  type OutboundRequestOptions,
  type OutboundRequests,
  type OutboundResponse,
} from '@sensorium/core/server';
import { isRefusedAddress, OutboundAllowList } from './guard';

const DEFAULT_MAX_BYTES = 1_000_000;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_REDIRECTS = 3;

interface Pinned {
  address: string;
  family: 4 | 6;
}

interface Hop {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Uint8Array;
  location: string | null;
}

/** The outbound-request guard (core's OutboundRequestsToken); `allow` is SENSORIUM_OUTBOUND_ALLOW's entries. */
export function createOutboundRequests(allow: readonly string[] = []): OutboundRequests {
  const allowList = new OutboundAllowList(allow);

  /** Resolves the URL's host and answers the address to connect to, or throws why it is refused. */
  async function pin(url: URL): Promise<Pinned> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundRequestError('bad-url', `${url.protocol} addresses are not fetched`);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: { address: string; family: number }[];
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await dnsLookup(host, { all: true, verbatim: true });
      } catch (error) {
        throw new OutboundRequestError(
          'unreachable',
          `${host} could not be resolved (${(error as { code?: string }).code ?? 'error'})`,
        );
      }
    }
    if (addresses.length === 0) throw new OutboundRequestError('unreachable', `${host} has no address`);
    if (!allowList.allowsHost(host)) {
      // Every address counts: one private answer among public ones would let a DNS round robin slip through.
      const bad = addresses.find(({ address }) => isRefusedAddress(address) && !allowList.allowsAddress(address));
      if (bad) {
        throw new OutboundRequestError(
          'address-refused',
          `${host} resolves to ${bad.address}, an address the console does not reach (SENSORIUM_OUTBOUND_ALLOW opens it)`,
        );
      }
    }
    const first = addresses[0]!;
    return { address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  function request(
    url: URL,
    pinned: Pinned,
    options: Required<Pick<OutboundRequestOptions, 'maxBytes' | 'connectTimeoutMs'>> & OutboundRequestOptions,
    signal: AbortSignal,
  ): Promise<Hop> {
    // The connection goes to the checked address whatever a second DNS answer would say.
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if ((lookupOptions as { all?: boolean }).all) {
        (callback as unknown as (e: null, list: { address: string; family: number }[]) => void)(null, [pinned]);
      } else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Hop>((resolve, reject) => {
      const req = client.request(url, {
        method: options.method ?? 'GET',
        headers: options.headers,
        lookup,
        agent: false,
        signal,
      });
      const connectTimer = setTimeout(
        () =>
          req.destroy(
            new OutboundRequestError(
              'timeout',
              `${url.host} did not accept a connection within ${options.connectTimeoutMs / 1000} s`,
            ),
          ),
        options.connectTimeoutMs,
      );
      req.on('socket', (socket) => {
        socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      });
      req.on('error', (error) => {
        clearTimeout(connectTimer);
        reject(error);
      });
      req.on('response', (res: IncomingMessage) => {
        clearTimeout(connectTimer);
        const status = res.statusCode ?? 0;
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        const location = status >= 300 && status < 400 ? (headers.location ?? null) : null;
        if (location !== null) {
          res.destroy();
          resolve({ status, statusText: res.statusMessage ?? '', headers, body: new Uint8Array(), location });
          return;
        }
        const tooLarge = () => new OutboundRequestError('too-large', `${url.host} answered more than ${options.maxBytes} bytes`);
        const declared = Number(headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          res.destroy();
          reject(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // Stop reading at the cap: nothing past it is kept or waited for.
          if (size > options.maxBytes) {
            res.destroy(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status, statusText: res.statusMessage ?? '', headers, body: Buffer.concat(chunks), location: null }),
        );
      });
      req.end(options.body);
    });
  }

  async function fetchGuarded(input: string | URL, options: OutboundRequestOptions = {}): Promise<OutboundResponse> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new OutboundRequestError('bad-url', `${String(input)} is no URL`);
    }
    let hopOptions = {
      ...options,
      maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    };
    for (let redirects = 0; ; redirects++) {
      let hop: Hop;
      try {
        hop = await request(url, await pin(url), hopOptions, signal);
      } catch (error) {
        if (error instanceof OutboundRequestError) throw error;
        if (deadline.aborted)
          throw new OutboundRequestError('timeout', `${url.host} gave no answer within ${timeoutMs / 1000} s`);
        if (signal.aborted) throw error;
        const code = (error as { code?: string }).code ?? (error as Error).message;
        throw new OutboundRequestError('unreachable', `${url.host} could not be reached: ${code}`);
      }
      if (hop.location === null) {
        const body = hop.body;
        return {
          status: hop.status,
          statusText: hop.statusText,
          ok: hop.status >= 200 && hop.status < 300,
          url: url.href,
          headers: hop.headers,
          body,
          text: () => Buffer.from(body).toString('utf8'),
          json: () => JSON.parse(Buffer.from(body).toString('utf8')) as unknown,
        };
      }
      if (redirects >= maxRedirects) {
        throw new OutboundRequestError('too-many-redirects', `${url.host} redirected more than ${maxRedirects} times`);
      }
      const next = new URL(hop.location, url);
      // Credentials stay with the origin they were meant for; 301/302/303 continue as GET without a body.
      const headers = { ...hopOptions.headers };
      if (next.origin !== url.origin) {
        for (const name of Object.keys(headers)) {
          if (/^(authorization|cookie|proxy-authorization|grpc-metadata-authorization)$/i.test(name)) delete headers[name];
        }
      }
      const asGet = hop.status !== 307 && hop.status !== 308 && (hopOptions.method ?? 'GET').toUpperCase() !== 'HEAD';
      hopOptions = { ...hopOptions, headers, ...(asGet ? { method: 'GET', body: undefined } : {}) };
      url = next;
    }
  }

  return {
    fetch: fetchGuarded,
    async check(input) {
      let url: URL;
      try {
        url = new URL(input);
      } catch {
        throw new OutboundRequestError('bad-url', `${String(input)} is no URL`);
      }
      await pin(url);
    },
  };
}
