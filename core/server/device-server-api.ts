import { OutboundRequestError, type OutboundRequests, type OutboundResponse } from './outbound';

/** How long a call to the device server may take before it counts as failed. */
export const DEVICE_API_TIMEOUT_MS = 10_000;
/** A DELETE answer is short; only its first part is kept for the error message. */
const MAX_ANSWER_BYTES = 64 * 1024;

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
  let response: OutboundResponse;
  try {
    response = await outbound.fetch(url, {
      method: 'DELETE',
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
  const body = response.text().trim();
  if (response.ok || response.status === 404) return;
  throw new Error(`${server} answered ${response.status} ${response.statusText}${body ? `: ${body.slice(0, 200)}` : ''}`.trim());
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
