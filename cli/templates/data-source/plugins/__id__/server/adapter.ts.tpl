import type { DataSourceAdapter, DataSourceSink, DeviceCommand, MqttService } from '@sensorium/core/server';
import { uplinkBatchHandler } from '@sensorium/core/server';
import { {{camelName}}Type } from '../common';
import { {{camelName}}Downlink, {{camelName}}Uplink, DOWNLINK_FILTER, UPLINK_FILTER } from './uplink';

/**
 * {{title}} over MQTT: uplinks reach the item store in batches and are acknowledged to their publishers only once it has
 * committed them; device commands are published as downlinks.
 */
export class {{Name}}Adapter implements DataSourceAdapter {
  readonly type = {{camelName}}Type;
  private stopConsuming: (() => Promise<void>) | null = null;

  constructor(private readonly mqtt: MqttService) {}

  async start(sink: DataSourceSink): Promise<void> {
    // Batches resolve after the commit (a failed one is delivered again); what is no uplink (oversized, not JSON, no
    // device id) is acknowledged into the dead letters, since a redelivery would not make it one. On the embedded
    // broker, devices may subscribe to the downlinks only, and an organisation's credentials reach only the devices of
    // its items ({{id}}/<device id>/…).
    this.stopConsuming = await this.mqtt.consume(
      {{camelName}}Type,
      UPLINK_FILTER,
      uplinkBatchHandler({{camelName}}Type, sink, {{camelName}}Uplink),
      { downlinks: DOWNLINK_FILTER, devices: { source: {{camelName}}Type, deviceLevel: 1 } },
    );
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
