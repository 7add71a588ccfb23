import type { DataSourceAdapter, DataSourceSink, DeviceCommand, MqttService, OutboundRequests } from '@sensorium/core/server';
import type { DeviceIdentity, DeviceServerAccess, DeviceServerCaller } from '@sensorium/core/server';
import { deleteAtDeviceServer, readFromDeviceServer, uplinkBatchHandler } from '@sensorium/core/server';
import { reportSightings, type GatewaySightingListener } from '@sensorium/gateways/common';
import { GATEWAY_STATS_FILTER, statsTime, uplinkGatewayIds } from './gateway-sightings';
import { chirpstackDownlink, chirpstackUplink, UPLINK_FILTER } from './uplink';

/** ChirpStack v4 over MQTT: uplinks in batches to the sink (acknowledged after commit), commands as downlinks. */
export class ChirpStackAdapter implements DataSourceAdapter {
  readonly type = 'chirpstack';
  private stopConsuming: (() => Promise<void>)[] = [];

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
    const listeners = this.sightingListeners();
    // The gateways that received an uplink were heard when it was (noted in memory only: this is the ingest path).
    const parse = (topic: string, payload: Buffer) => {
      const uplink = chirpstackUplink(topic, payload);
      if (uplink && listeners.length > 0)
        reportSightings(listeners, 'chirpstack', uplinkGatewayIds(uplink.raw), uplink.receivedAt);
      return uplink;
    };
    // Junk (oversized, not JSON, no device id) is acknowledged into the dead letters; a redelivery would not mend it.
    // Device credentials of the embedded broker may subscribe to the downlinks only; an organisation's, only to its
    // devices' (application/{application}/device/{devEui}/…).
    this.stopConsuming.push(
      await this.mqtt.consume('chirpstack', UPLINK_FILTER, uplinkBatchHandler('chirpstack', sink, parse), {
        downlinks: 'application/+/device/+/command/down',
        devices: { source: 'chirpstack', deviceLevel: 3, applicationLevel: 1 },
      }),
    );
    if (listeners.length === 0) return;
    // Gateway statistics carry no device data: only the gateway id of the topic and the time are read.
    this.stopConsuming.push(
      await this.mqtt.consume('chirpstack-gateway-stats', GATEWAY_STATS_FILTER, async (messages) => {
        const now = new Date();
        for (const { topic, payload } of messages) {
          reportSightings(listeners, 'chirpstack', [topic.split('/')[2]], statsTime(payload, now));
        }
      }),
    );
  }

  async stop(): Promise<void> {
    const stops = this.stopConsuming.splice(0);
    await Promise.all(stops.map((stop) => stop()));
  }

  async sendCommand(command: DeviceCommand): Promise<void> {
    const { topic, payload } = chirpstackDownlink(command);
    await this.mqtt.publish(topic, payload, { qos: 1 });
  }

  /**
   * Deletes the device at ChirpStack through its REST API (chirpstack-rest-api) with the organisation's API settings. The
   * API deletes by DevEUI alone, so the device is read first (GET /api/devices/{devEui}) and deleted (DELETE, same path)
   * only when it belongs to the item's ChirpStack application. The token goes as grpc-gateway metadata
   * (Grpc-Metadata-Authorization) and as Authorization for proxies that take it. 404 = already gone.
   */
  async deleteDevice({ deviceId, application }: DeviceIdentity, { organisationId }: DeviceServerCaller): Promise<void> {
    if (!application) {
      throw new Error('The item has no ChirpStack application id yet (it is learnt from its first uplink): nothing was deleted');
    }
    const { apiUrl: url, secret: token } = await this.access(organisationId);
    if (!url) throw new Error('CHIRPSTACK_API_URL is not set: the console cannot delete devices at ChirpStack');
    if (!token) throw new Error('CHIRPSTACK_API_TOKEN is not set: the console cannot delete devices at ChirpStack');
    const devEui = deviceId.toLowerCase();
    const deviceUrl = `${url}/api/devices/${encodeURIComponent(devEui)}`;
    const headers = {
      Accept: 'application/json',
      'Grpc-Metadata-Authorization': `Bearer ${token}`,
      Authorization: `Bearer ${token}`,
    };
    const found = (await readFromDeviceServer(this.outbound, 'ChirpStack', deviceUrl, headers)) as {
      device?: { applicationId?: unknown };
    } | null;
    if (found === null) return;
    if (String(found.device?.applicationId ?? '').toLowerCase() !== application.toLowerCase()) {
      throw new Error(`ChirpStack's device ${devEui} is not in the item's application ${application}: nothing was deleted`);
    }
    await deleteAtDeviceServer(this.outbound, 'ChirpStack', deviceUrl, headers);
  }
}
