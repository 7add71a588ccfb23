import { OutboundRequestError, type OutboundRequests, type OutboundResponse } from './outbound';

/** How long a call to the device server may take before it counts as failed. */
export const DEVICE_API_TIMEOUT_MS = 10_000;
/** A DELETE answer is short; only its first part is kept for the error message. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Calls a device server's HTTP API through core's outbound guard; throws, naming the server, when it cannot be reached. */
async function callDeviceServer(
  outbound: OutboundRequests,
  server: string,
  method: 'GET' | 'DELETE',
  url: string,
  headers: Record<string, string>,
): Promise<OutboundResponse> {
  try {
    return await outbound.fetch(url, {
      method,
      headers,
      timeoutMs: DEVICE_API_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
      maxRedirects: 0,
    });
  } catch (error) {
    const reason =
      error instanceof OutboundRequestError && error.reason === 'timeout'
        ? `no answer within ${DEVICE_API_TIMEOUT_MS / 1000} s`
        : reasonOf(error);
    throw new Error(`${server} could not be reached at ${new URL(url).origin}: ${reason}`);
  }
}

function failure(server: string, response: OutboundResponse): Error {
  const body = response.text().trim();
  return new Error(`${server} answered ${response.status} ${response.statusText}${body ? `: ${body.slice(0, 200)}` : ''}`.trim());
}

/**
 * Sends DELETE to a device server's HTTP API through core's outbound guard (a device server on the console's own network
 * needs SENSORIUM_OUTBOUND_ALLOW). 2xx and 404 (already gone) succeed; any other answer, a refused address, a network
 * error or no answer within 10 s throws an error whose message names the server and what went wrong.
 */
export async function deleteAtDeviceServer(
  outbound: OutboundRequests,
  server: string,
  url: string,
  headers: Record<string, string>,
): Promise<void> {
  const response = await callDeviceServer(outbound, server, 'DELETE', url, headers);
  if (response.ok || response.status === 404) return;
  throw failure(server, response);
}

/** GETs a JSON answer from a device server's HTTP API, as deleteAtDeviceServer calls it; null when it answers 404. */
export async function readFromDeviceServer(
  outbound: OutboundRequests,
  server: string,
  url: string,
  headers: Record<string, string>,
): Promise<unknown> {
  const response = await callDeviceServer(outbound, server, 'GET', url, headers);
  if (response.status === 404) return null;
  if (!response.ok) throw failure(server, response);
  try {
    return JSON.parse(response.text()) as unknown;
  } catch {
    throw new Error(`${server} answered ${response.status} with no JSON`);
  }
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
