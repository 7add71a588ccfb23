import type { DataSourceAdapter, DataSourceSaveContext, DataSourceSink, DeviceCommand, SimulatorEncoding } from './data-sources';
import { HttpError } from './http-error';
import { genericMqttUplink, genericTopics, type GenericUplinkMessage } from './generic-uplink';
import { uplinkBatchHandler, type MqttService } from './mqtt';

/** A device command as a generic source publishes it on `sensorium/<type>/<device id>/down`. */
export interface GenericDownlinkMessage {
  deviceId: string;
  confirmed: boolean;
  port?: number;
  /** Base64 bytes, when the command has no object. */
  data?: string;
  object?: Record<string, unknown>;
}

/** The downlink topic and JSON of a device command (an item's command, or an output field set on the item page). */
export function genericDownlink(type: string, command: DeviceCommand): { topic: string; payload: string } {
  // As the item names it (uplinks match without case; a device subscribes to its own spelling).
  const deviceId = command.deviceId.trim();
  if (deviceId === '' || /[/+#]/.test(deviceId)) throw new Error(`"${command.deviceId}" is no ${type} device id`);
  const body: GenericDownlinkMessage = { deviceId, confirmed: command.confirmed ?? false };
  if (command.port !== undefined) body.port = command.port;
  if (command.object) body.object = command.object;
  else body.data = command.data ?? '';
  return { topic: genericTopics(type).down(deviceId), payload: JSON.stringify(body) };
}

/**
 * A data source whose devices publish the generic JSON uplink over MQTT on `sensorium/<type>/<device id>/up` (robots,
 * lifts, NB-IoT meters…): batches go to the sink and are acknowledged after commit, junk to the dead letters; commands go
 * out on `…/down`. `validate` checks an item's data source as it is saved.
 */
export class GenericMqttSource implements DataSourceAdapter {
  private stopConsuming: (() => Promise<void>) | null = null;
  readonly validateDataSource?: (dataSource: Record<string, unknown>, context: DataSourceSaveContext) => Promise<void>;

  constructor(
    readonly type: string,
    private readonly mqtt: MqttService,
    validate?: (dataSource: Record<string, unknown>, context: DataSourceSaveContext) => Promise<void>,
  ) {
    if (validate) this.validateDataSource = validate;
  }

  async start(sink: DataSourceSink): Promise<void> {
    const topics = genericTopics(this.type);
    // Device credentials may publish to the uplinks and subscribe to the downlinks; an organisation's, only its devices'.
    this.stopConsuming = await this.mqtt.consume(
      this.type,
      topics.uplinks,
      uplinkBatchHandler(this.type, sink, (topic, payload) => genericMqttUplink(this.type, topic, payload)),
      { downlinks: topics.downlinks, devices: { source: this.type, deviceLevel: topics.deviceLevel } },
    );
  }

  async stop(): Promise<void> {
    await this.stopConsuming?.();
    this.stopConsuming = null;
  }

  async sendCommand(command: DeviceCommand): Promise<void> {
    const { topic, payload } = genericDownlink(this.type, command);
    await this.mqtt.publish(topic, payload, { qos: 1 });
  }
}

/** How `sensorium simulate` and the demo publish a generic source's uplinks; `generatedDeviceId` fits the source's ids. */
export function genericSimulatorEncoding(type: string, generatedDeviceId: (index: number) => string): SimulatorEncoding {
  return {
    source: type,
    generatedDeviceId,
    topic: (device) => genericTopics(type).up(device.deviceId),
    payload: (device, values, at, counter) => {
      const message: GenericUplinkMessage = { deviceId: device.deviceId, counter, time: at.toISOString(), fields: values };
      return JSON.stringify(message);
    },
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The save check of a generic source whose devices are known by serial number (robots, lifts): the item needs `sn`,
 * usable as a topic level, and its device id (dataSource.deviceEUI, which uplinks are matched by) is that serial number;
 * the wizard fills both. Texts: `<type>.errors.sn`, `<type>.errors.snInvalid`, `<type>.errors.deviceIdIsSn`.
 */
export function serialNumberIsDeviceId(type: string) {
  return async (dataSource: Record<string, unknown>, { field }: DataSourceSaveContext): Promise<void> => {
    const sn = text(dataSource.sn);
    if (!sn) throw HttpError.badRequest(`${type}.errors.sn`, `${field}.sn`);
    if (/[/+#\s]/.test(sn)) throw HttpError.badRequest(`${type}.errors.snInvalid`, `${field}.sn`);
    if (text(dataSource.deviceEUI).toLowerCase() !== sn.toLowerCase()) {
      throw HttpError.badRequest(`${type}.errors.deviceIdIsSn`, `${field}.deviceEUI`);
    }
  };
}
