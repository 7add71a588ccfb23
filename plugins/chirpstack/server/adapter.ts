import type {
  DataSourceAdapter,
  DataSourceSink,
  DeviceCommand,
  MqttService,
  OutboundRequests,
} from '@sensorium/core/server';
import { deleteAtDeviceServer, uplinkBatchHandler } from '@sensorium/core/server';
import type { ChirpStackConfig } from './config';
import { chirpstackDownlink, chirpstackUplink, UPLINK_FILTER } from './uplink';

/** ChirpStack v4 over MQTT: uplinks in batches to the sink (acknowledged after commit), commands as downlinks. */
export class ChirpStackAdapter implements DataSourceAdapter {
  readonly type = 'chirpstack';
  private stopConsuming: (() => Promise<void>) | null = null;

  /** The config is read at each call, so the API settings can change while the server runs. */
  constructor(
    private readonly mqtt: MqttService,
    private readonly config: Partial<ChirpStackConfig>,
    /** Core's outbound guard: the device server's API is reached only through it. */
    private readonly outbound: OutboundRequests,
  ) {}

  async start(sink: DataSourceSink): Promise<void> {
    // Junk (oversized, not JSON, no device id) is acknowledged into the dead letters; a redelivery would not mend it.
    // Device credentials of the embedded broker may subscribe to the downlinks only.
    this.stopConsuming = await this.mqtt.consume(
      'chirpstack',
      UPLINK_FILTER,
      uplinkBatchHandler('chirpstack', sink, chirpstackUplink),
      {
        downlinks: 'application/+/device/+/command/down',
      },
    );
  }

  async stop(): Promise<void> {
    await this.stopConsuming?.();
    this.stopConsuming = null;
  }

  async sendCommand(command: DeviceCommand): Promise<void> {
    const { topic, payload } = chirpstackDownlink(command);
    await this.mqtt.publish(topic, payload, { qos: 1 });
  }

  /**
   * Deletes the device at ChirpStack through its REST API (chirpstack-rest-api): DELETE /api/devices/{devEui}. The token goes
   * as grpc-gateway metadata (Grpc-Metadata-Authorization) and as Authorization for proxies that take it. 404 = already gone.
   */
  async deleteDevice(deviceId: string): Promise<void> {
    const { apiUrl: url, apiToken: token } = this.config;
    if (!url) throw new Error('CHIRPSTACK_API_URL is not set: the console cannot delete devices at ChirpStack');
    if (!token) throw new Error('CHIRPSTACK_API_TOKEN is not set: the console cannot delete devices at ChirpStack');
    await deleteAtDeviceServer(this.outbound, 'ChirpStack', `${url}/api/devices/${encodeURIComponent(deviceId.toLowerCase())}`, {
      Accept: 'application/json',
      'Grpc-Metadata-Authorization': `Bearer ${token}`,
      Authorization: `Bearer ${token}`,
    });
  }
}
