import type { DataSourceAdapter, DataSourceSink, DeviceCommand, MqttService, OutboundRequests } from '@sensorium/core/server';
import type { DeviceIdentity, DeviceServerAccess, DeviceServerCaller } from '@sensorium/core/server';
import { deleteAtDeviceServer, uplinkBatchHandler } from '@sensorium/core/server';
import { reportSightings, type GatewaySightingListener } from '@sensorium/gateways/common';
import { ttsDownlink, ttsUplink, uplinkGatewayIds, UPLINK_FILTER } from './uplink';

/** The Things Stack v3 over MQTT: uplinks in batches to the sink (acknowledged after commit), commands as downlinks. */
export class TtsAdapter implements DataSourceAdapter {
  readonly type = 'ttn';
  private stopConsuming: (() => Promise<void>) | null = null;

  constructor(
    private readonly mqtt: MqttService,
    /** The API settings a call on an organisation's behalf uses: its own, else the operator's (read at each call). */
    private readonly access: (organisationId: string | null) => Promise<DeviceServerAccess>,
    /** Core's outbound guard: the device server's API is reached only through it. */
    private readonly outbound: OutboundRequests,
    /** Who is told of the gateways heard (the gateways plugin's last seen), read when the adapter starts. */
    private readonly sightingListeners: () => readonly GatewaySightingListener[] = () => [],
  ) {}

  async start(sink: DataSourceSink): Promise<void> {
    // Junk (oversized, not JSON, no device id) is acknowledged into the dead letters; a redelivery would not mend it.
    // Device credentials of the embedded broker may subscribe to the downlinks only; an organisation's, only to its
    // devices' (v3/{application}@{tenant}/devices/{device}/…).
    const listeners = this.sightingListeners();
    // The gateways that received an uplink were heard when it was (noted in memory only: this is the ingest path).
    const parse = (topic: string, payload: Buffer) => {
      const uplink = ttsUplink(topic, payload);
      if (uplink && listeners.length > 0) reportSightings(listeners, 'ttn', uplinkGatewayIds(uplink.raw), uplink.receivedAt);
      return uplink;
    };
    this.stopConsuming = await this.mqtt.consume('ttn', UPLINK_FILTER, uplinkBatchHandler('ttn', sink, parse), {
      downlinks: 'v3/+/devices/+/down/#',
      devices: { source: 'ttn', deviceLevel: 3, applicationLevel: 1 },
    });
  }

  async stop(): Promise<void> {
    await this.stopConsuming?.();
    this.stopConsuming = null;
  }

  async sendCommand(command: DeviceCommand): Promise<void> {
    const { topic, payload } = ttsDownlink(command);
    await this.mqtt.publish(topic, payload, { qos: 1 });
  }

  /**
   * Deletes the item's device (its TTS application and device id) at The Things Stack with the organisation's API
   * settings. A device lives in four registries; like `ttn-lw-cli end-devices delete`, it is removed from the Application,
   * Network and Join Server first and from the Identity Server last (404 = not there).
   */
  async deleteDevice({ deviceId, application }: DeviceIdentity, { organisationId }: DeviceServerCaller): Promise<void> {
    const applicationId = application?.split('@')[0]?.trim();
    if (!applicationId) throw new Error('The item has no The Things Stack application id (dataSource.application)');
    const { apiUrl: url, secret: key } = await this.access(organisationId);
    if (!url) throw new Error('TTS_API_URL is not set: the console cannot delete devices at The Things Stack');
    if (!key) throw new Error('TTS_API_KEY is not set: the console cannot delete devices at The Things Stack');
    const path = `applications/${encodeURIComponent(applicationId)}/devices/${encodeURIComponent(deviceId)}`;
    const headers = { Accept: 'application/json', Authorization: `Bearer ${key}` };
    for (const registry of ['as/', 'ns/', 'js/', '']) {
      await deleteAtDeviceServer(this.outbound, 'The Things Stack', `${url}/api/v3/${registry}${path}`, headers);
    }
  }
}
