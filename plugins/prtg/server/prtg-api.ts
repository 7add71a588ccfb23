import { isFieldObject, readFromDeviceServer, type OutboundRequests } from '@sensorium/core/server';

/** PRTG sensor ids (objid) are whole numbers. */
export const SENSOR_ID_PATTERN = /^\d{1,12}$/;

/** The host name of the PRTG server an item names (`prtg.example.com`, `https://prtg.example.com:8443`), or null. */
export function hostnameOf(host: unknown): string | null {
  const text = typeof host === 'string' ? host.trim() : '';
  if (!text || /\s/.test(text)) return null;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() || null : null;
  } catch {
    return null;
  }
}

/** One row of `table.json?content=channels`: the channel's name and last value (`lastvalue_raw` is the number). */
interface ChannelRow {
  name?: unknown;
  lastvalue?: unknown;
  lastvalue_raw?: unknown;
}

/** A channel's value: the raw number when PRTG gives one, else its display text (e.g. "No data"). */
function channelValue(row: ChannelRow): unknown {
  if (typeof row.lastvalue_raw === 'number' && Number.isFinite(row.lastvalue_raw)) return row.lastvalue_raw;
  return typeof row.lastvalue === 'string' ? row.lastvalue : null;
}

/**
 * The last value of every channel of one PRTG sensor, by channel name, read from PRTG's HTTP API
 * (`GET {apiUrl}/api/table.json?content=channels&columns=objid,name,lastvalue&id={sensorId}&apitoken={token}`) through the
 * outbound guard, without following redirects (the token is in the address). Throws saying what went wrong: PRTG
 * unreachable, an answer other than 2xx (a bad token answers 401), or a sensor without channels.
 */
export async function readSensorChannels(
  outbound: OutboundRequests,
  apiUrl: string,
  sensorId: string,
  token: string,
): Promise<Record<string, unknown>> {
  const query = new URLSearchParams({ content: 'channels', columns: 'objid,name,lastvalue', id: sensorId, apitoken: token });
  const answer = await readFromDeviceServer(outbound, 'PRTG', `${apiUrl.replace(/\/+$/, '')}/api/table.json?${query}`, {
    Accept: 'application/json',
  });
  const rows = isFieldObject(answer) && Array.isArray(answer.channels) ? (answer.channels as unknown[]) : [];
  const fields: Record<string, unknown> = {};
  for (const row of rows) {
    if (!isFieldObject(row) || typeof row.name !== 'string' || row.name.trim() === '') continue;
    fields[row.name.trim()] = channelValue(row as ChannelRow);
  }
  if (Object.keys(fields).length === 0) throw new Error(`PRTG lists no channels of sensor ${sensorId}`);
  return fields;
}
