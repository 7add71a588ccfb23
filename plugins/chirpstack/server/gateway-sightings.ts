/**
 * ChirpStack v4 gateway statistics (`<region prefix>/gateway/<gateway id>/event/stats`), which gateways send every 30 s
 * by default through the gateway bridge: proof the gateway is alive, whatever their encoding (protobuf by default).
 */
export const GATEWAY_STATS_FILTER = '+/gateway/+/event/stats';

/**
 * When a stats event says the gateway was heard: its JSON `time` (a queued message tells of the past), never later than
 * `now`; `now` for the bridge's protobuf encoding, which only the topic is read of.
 */
export function statsTime(payload: Buffer, now: Date): Date {
  try {
    const time = Date.parse(String((JSON.parse(payload.toString('utf8')) as { time?: unknown } | null)?.time));
    return Number.isFinite(time) && time < now.getTime() ? new Date(time) : now;
  } catch {
    return now;
  }
}

/** The gateways that received an uplink (`rxInfo[].gatewayId` of an `event/up` message). */
export function uplinkGatewayIds(message: unknown): unknown[] {
  const rxInfo = (message as { rxInfo?: unknown } | null)?.rxInfo;
  return Array.isArray(rxInfo) ? rxInfo.map((rx) => (rx as { gatewayId?: unknown } | null)?.gatewayId) : [];
}
