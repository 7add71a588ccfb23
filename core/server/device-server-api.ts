/** How long a call to the device server may take before it counts as failed. */
export const DEVICE_API_TIMEOUT_MS = 10_000;

/**
 * Sends DELETE to a device server's HTTP API. 2xx and 404 (already gone) succeed; any other answer, a network error or
 * no answer within 10 s throws an error whose message names the server and what went wrong.
 */
export async function deleteAtDeviceServer(server: string, url: string, headers: Record<string, string>): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'DELETE', headers, signal: AbortSignal.timeout(DEVICE_API_TIMEOUT_MS) });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? `no answer within ${DEVICE_API_TIMEOUT_MS / 1000} s` : reasonOf(error);
    throw new Error(`${server} could not be reached at ${new URL(url).origin}: ${reason}`);
  }
  const body = (await response.text().catch(() => '')).trim();
  if (response.ok || response.status === 404) return;
  throw new Error(`${server} answered ${response.status} ${response.statusText}${body ? `: ${body.slice(0, 200)}` : ''}`.trim());
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
