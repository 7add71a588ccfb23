import type { DataSourceAdapter, DataSourceSink, DeviceCommand, MqttService, Uplink } from '@sensorium/core/server';
import { {{camelName}}Type } from '../common';
import { {{camelName}}Downlink, {{camelName}}Uplink, UPLINK_FILTER } from './uplink';

/**
 * {{title}} over MQTT: uplinks reach the item store in batches and are acknowledged to their publishers only once it has
 * committed them; device commands are published as downlinks.
 */
export class {{Name}}Adapter implements DataSourceAdapter {
  readonly type = {{camelName}}Type;
  private stopConsuming: (() => Promise<void>) | null = null;

  constructor(private readonly mqtt: MqttService) {}

  async start(sink: DataSourceSink): Promise<void> {
    this.stopConsuming = await this.mqtt.consume({{camelName}}Type, UPLINK_FILTER, async (messages) => {
      // A message that is no uplink (bad JSON) is acknowledged and dropped: a redelivery would not make it one.
      const uplinks = messages
        .map((message) => {{camelName}}Uplink(message.topic, message.payload))
        .filter((uplink): uplink is Uplink => uplink !== null);
      // Resolves after the commit; a rejection leaves the batch unacknowledged, so it is delivered again.
      if (uplinks.length > 0) await sink.ingest(uplinks);
    });
  }

  async stop(): Promise<void> {
    await this.stopConsuming?.();
    this.stopConsuming = null;
  }

  async sendCommand(command: DeviceCommand): Promise<void> {
    const { topic, payload } = {{camelName}}Downlink(command);
    await this.mqtt.publish(topic, payload, { qos: 1 });
  }
}
