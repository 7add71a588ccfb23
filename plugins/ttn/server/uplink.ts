import type { DeviceCommand, Uplink } from '@sensorium/core/server';

/** The Things Stack v3 uplink topic (v3/{application-id}@{tenant-id}/devices/{device-id}/up). */
export const UPLINK_FILTER = 'v3/+/devices/+/up';

interface TtsUplink {
  end_device_ids?: { device_id?: string; application_ids?: { application_id?: string }; dev_eui?: string };
  received_at?: string;
  uplink_message?: {
    f_cnt?: number;
    f_port?: number;
    decoded_payload?: Record<string, unknown>;
    rx_metadata?: { gateway_ids?: { gateway_id?: string; eui?: string }; rssi?: number; channel_rssi?: number; snr?: number }[];
    settings?: { data_rate?: { lora?: { bandwidth?: number; spreading_factor?: number; coding_rate?: string } } };
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Maps one TTS v3 `up` message to an Uplink; null when it is not one (bad JSON, no device id). */
export function ttsUplink(topic: string, payload: Buffer): Uplink | null {
  let message: TtsUplink;
  try {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    if (!isObject(parsed)) return null;
    message = parsed as TtsUplink;
  } catch {
    return null;
  }
  // The topic names the device and its `application@tenant` (what a broker's ACL can constrain); the message's own are a
  // fallback. TTS device ids are lower case; items keep theirs lower-cased too.
  const [, topicApplication, , topicDevice] = topic.split('/');
  const deviceId = (topicDevice || message.end_device_ids?.device_id || '').toLowerCase();
  if (!deviceId) return null;
  const sourceApplication = topicApplication || message.end_device_ids?.application_ids?.application_id;
  const uplink = message.uplink_message ?? {};
  const parsedTime = message.received_at ? new Date(message.received_at) : null;
  const receivedAt = parsedTime && !Number.isNaN(parsedTime.getTime()) ? parsedTime : new Date();
  const gateway = uplink.rx_metadata?.[0];
  // TTS omits zero values: a missing f_cnt is 0.
  const fCnt = uplink.f_cnt ?? 0;
  return {
    source: 'ttn',
    deviceId,
    ...(typeof sourceApplication === 'string' && sourceApplication ? { sourceApplication } : {}),
    // Device ids repeat across applications, so the key names the application too.
    dedupKey: `${sourceApplication ?? ''}/${deviceId}:${fCnt}:${message.received_at ?? receivedAt.toISOString()}`,
    receivedAt,
    fields: isObject(uplink.decoded_payload) ? uplink.decoded_payload : {},
    raw: message,
    meta: {
      rssi: gateway?.rssi ?? gateway?.channel_rssi,
      snr: gateway?.snr,
      gatewayid: gateway?.gateway_ids?.gateway_id ?? gateway?.gateway_ids?.eui,
      dr: uplink.settings?.data_rate?.lora,
      fCnt,
      fPort: uplink.f_port,
    },
  };
}

/**
 * The gateways that received an uplink (`uplink_message.rx_metadata[].gateway_ids`): the EUI when TTS gives it, else
 * the gateway id (`eui-<eui>` by default; other ids name no EUI and are skipped by the listeners).
 */
export function uplinkGatewayIds(message: unknown): unknown[] {
  const rxMetadata = (message as TtsUplink | null)?.uplink_message?.rx_metadata;
  return Array.isArray(rxMetadata) ? rxMetadata.map((rx) => rx?.gateway_ids?.eui ?? rx?.gateway_ids?.gateway_id) : [];
}

/**
 * The downlink topic and JSON of a device command (`…/down/push`). The TTS application and tenant come from the item's
 * dataSource (`application` or `applicationId`, and `tenant`, default `ttn`) or a ready `application@tenant`.
 */
export function ttsDownlink(command: DeviceCommand): { topic: string; payload: string } {
  const dataSource = command.dataSource ?? {};
  const application = dataSource.application ?? dataSource.applicationId;
  if (typeof application !== 'string' || application === '') {
    throw new Error('The item has no The Things Stack application id (dataSource.application)');
  }
  const tenant = typeof dataSource.tenant === 'string' && dataSource.tenant ? dataSource.tenant : 'ttn';
  const appAtTenant = application.includes('@') ? application : `${application}@${tenant}`;
  const downlink: Record<string, unknown> = {
    f_port: command.port ?? 1,
    priority: 'NORMAL',
    confirmed: command.confirmed ?? false,
  };
  if (command.object) downlink.decoded_payload = command.object;
  else downlink.frm_payload = command.data ?? '';
  return { topic: `v3/${appAtTenant}/devices/${command.deviceId}/down/push`, payload: JSON.stringify({ downlinks: [downlink] }) };
}
