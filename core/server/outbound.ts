import { createToken } from '@sensorium/core/common';

/** Why the outbound guard refused or stopped a request (docs/security.md). */
export type OutboundRefusal = 'bad-url' | 'address-refused' | 'too-many-redirects' | 'too-large' | 'timeout' | 'unreachable';

/** A refused or failed outbound request; `reason` says which rule, the message names the host. */
export class OutboundRequestError extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRequestError';
  }
}

export interface OutboundRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The answer's body may not be longer (default 1 MB); reading stops and the request fails past it. */
  maxBytes?: number;
  /** The whole request, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Until the connection is made (default 5 s). */
  connectTimeoutMs?: number;
  /** Redirects followed, each hop checked again (default 3). */
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  ok: boolean;
  /** The address finally answered (after redirects). */
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
  text(): string;
  json(): unknown;
}

/**
 * Server-side HTTP(S) requests made on a user's say (crawler targets, geocoder, device-server APIs). Each hop's host is
 * resolved and every address checked: loopback, private, link-local, multicast and other special ranges are refused
 * unless the operator's SENSORIUM_OUTBOUND_ALLOW opens them; the connection goes to the checked address.
 */
export interface OutboundRequests {
  fetch(url: string | URL, options?: OutboundRequestOptions): Promise<OutboundResponse>;
  /** Throws OutboundRequestError when `url` would be refused (for checks when a target is saved). */
  check(url: string | URL): Promise<void>;
}

export const OutboundRequestsToken = createToken<OutboundRequests>('core.outbound-requests');
