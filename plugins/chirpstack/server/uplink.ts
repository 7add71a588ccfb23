import type { DeviceCommand, Uplink } from '@sensorium/core/server';

/** The ChirpStack v4 uplink topic (application/{applicationId}/device/{devEui}/event/up). */
export const UPLINK_FILTER = 'application/+/device/+/event/up';

interface RxInfo {
  gatewayId?: string;
  rssi?: number;
  snr?: number;
}

interface ChirpStackUplink {
  deduplicationId?: string;
  time?: string;
  deviceInfo?: { devEui?: string; applicationId?: string };
  dr?: number;
  fCnt?: number;
  fPort?: number;
  object?: Record<string, unknown>;
  rxInfo?: RxInfo[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Maps one ChirpStack v4 `event/up` message (JSON) to an Uplink; null when it is not one (bad JSON, no DevEUI). */
export function chirpstackUplink(topic: string, payload: Buffer): Uplink | null {
  let message: ChirpStackUplink;
  try {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    if (!isObject(parsed)) return null;
    message = parsed as ChirpStackUplink;
  } catch {
    return null;
  }
  // The topic names the device and its application (what a broker's ACL can constrain); the message's own are a fallback.
  const [, topicApplication, , topicEui] = topic.split('/');
  const devEui = (topicEui || message.deviceInfo?.devEui || '').toLowerCase();
  if (!devEui) return null;
  const sourceApplication = topicApplication || message.deviceInfo?.applicationId;
  const parsedTime = message.time ? new Date(message.time) : null;
  const receivedAt = parsedTime && !Number.isNaN(parsedTime.getTime()) ? parsedTime : new Date();
  const gateway = message.rxInfo?.[0];
  return {
    source: 'chirpstack',
    deviceId: devEui,
    ...(typeof sourceApplication === 'string' && sourceApplication ? { sourceApplication } : {}),
    dedupKey: message.deduplicationId ?? `${devEui}:${message.fCnt ?? ''}:${message.time ?? receivedAt.toISOString()}`,
    receivedAt,
    fields: isObject(message.object) ? message.object : {},
    raw: message,
    meta: {
      rssi: gateway?.rssi,
      snr: gateway?.snr,
      gatewayid: gateway?.gatewayId,
      dr: message.dr,
      fCnt: message.fCnt,
      fPort: message.fPort,
    },
  };
}

/** The downlink topic and JSON of a device command (ChirpStack v4 `command/down`). */
export function chirpstackDownlink(command: DeviceCommand): { topic: string; payload: string } {
  const dataSource = command.dataSource ?? {};
  const applicationId = dataSource.application ?? dataSource.applicationId;
  if (typeof applicationId !== 'string' || applicationId === '') {
    throw new Error('The item has no ChirpStack application id (dataSource.application)');
  }
  const devEui = command.deviceId.toLowerCase();
  const body: Record<string, unknown> = { devEui, confirmed: command.confirmed ?? false, fPort: command.port ?? 1 };
  if (command.object) body.object = command.object;
  else body.data = command.data ?? '';
  return { topic: `application/${applicationId}/device/${devEui}/command/down`, payload: JSON.stringify(body) };
}
